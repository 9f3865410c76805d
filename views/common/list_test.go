package common

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"hrdesk/keymap"
)

// press is panetest.Key's builder (panetest imports this package).
func press(s string) tea.KeyPressMsg {
	msg, ok := keymap.Press(s)
	if !ok {
		panic("press: " + s)
	}
	return msg
}

func TestListNavigate(t *testing.T) {
	k := keymap.Default()
	for _, c := range []struct {
		start      List
		key        string
		n, rows    int
		want       List
		navigation bool
	}{
		{List{Cursor: 0, Offset: 0}, "j", 10, 3, List{Cursor: 1, Offset: 0}, true},
		{List{Cursor: 2, Offset: 0}, "j", 10, 3, List{Cursor: 3, Offset: 1}, true}, // the window follows
		{List{Cursor: 9, Offset: 7}, "j", 10, 3, List{Cursor: 9, Offset: 7}, true}, // the end holds
		{List{Cursor: 0, Offset: 0}, "k", 10, 3, List{Cursor: 0, Offset: 0}, true},
		{List{Cursor: 4, Offset: 2}, "g", 10, 3, List{Cursor: 0, Offset: 0}, true},
		{List{Cursor: 0, Offset: 0}, "G", 10, 3, List{Cursor: 9, Offset: 7}, true},
		{List{Cursor: 1, Offset: 0}, "pgdown", 10, 3, List{Cursor: 3, Offset: 2}, true}, // a page moves the window too
		{List{Cursor: 5, Offset: 4}, "pgup", 10, 3, List{Cursor: 3, Offset: 2}, true},
		{List{Cursor: 0, Offset: 0}, "j", 0, 3, List{Cursor: 0, Offset: 0}, true}, // empty
		{List{Cursor: 1, Offset: 0}, "x", 10, 3, List{Cursor: 1, Offset: 0}, false},
		{List{Cursor: 0, Offset: 0}, "о", 10, 3, List{Cursor: 1, Offset: 0}, true}, // j in the Russian layout
	} {
		l := c.start
		if got := l.Navigate(press(c.key), &k, c.n, c.rows); got != c.navigation || (l.Cursor != c.want.Cursor || l.Offset != c.want.Offset) {
			t.Errorf("%+v %q over %d/%d: %+v %v, want %+v %v", c.start, c.key, c.n, c.rows, l, got, c.want, c.navigation)
		}
	}
}

func TestClamp(t *testing.T) {
	for _, c := range []struct {
		start   List
		n, rows int
		want    List
	}{
		{List{Cursor: 5, Offset: 0}, 10, 3, List{Cursor: 5, Offset: 3}},  // below the window: it follows
		{List{Cursor: 1, Offset: 4}, 10, 3, List{Cursor: 1, Offset: 1}},  // above: it follows
		{List{Cursor: 20, Offset: 0}, 10, 3, List{Cursor: 9, Offset: 7}}, // past the end: the last row
		{List{Cursor: -2, Offset: 0}, 10, 3, List{Cursor: 0, Offset: 0}}, // before the start
		{List{Cursor: 0, Offset: 5}, 2, 10, List{Cursor: 0, Offset: 0}},  // fewer rows than the window
		{List{Cursor: 0, Offset: 0}, 0, 3, List{Cursor: 0, Offset: 0}},   // empty
	} {
		l := c.start
		if l.Clamp(c.n, c.rows); l.Cursor != c.want.Cursor || l.Offset != c.want.Offset {
			t.Errorf("Clamp(%+v, %d, %d) = %+v, want %+v", c.start, c.n, c.rows, l, c.want)
		}
	}
}

func TestScroll(t *testing.T) {
	k := keymap.Default()
	if off, ok := Scroll(press("j"), &k, 0, 10, 4); !ok || off != 1 {
		t.Errorf("j: %d %v", off, ok)
	}
	if off, _ := Scroll(press("G"), &k, 0, 10, 4); off != 6 {
		t.Errorf("G: %d, want the last window at 6", off)
	}
	if off, _ := Scroll(press("j"), &k, 0, 3, 4); off != 0 {
		t.Errorf("a short document scrolled to %d", off)
	}
	if _, ok := Scroll(press("x"), &k, 0, 10, 4); ok {
		t.Error("x scrolled")
	}
}

// A list that scrolls by half a window: a held j past the bottom edge
// moves the window once, the cursor landing in the middle, and the next
// steps move only the cursor until the edge again; up the same; the ends
// hold.
func TestClampByHalf(t *testing.T) {
	k := keymap.Default()
	l := List{ByHalf: true}
	const n, rows = 100, 10
	var offsets []int
	for range 25 {
		l.Navigate(press("j"), &k, n, rows)
		offsets = append(offsets, l.Offset)
	}
	// Rows 0–9 show until the cursor reaches row 10; then the window jumps
	// to 5 (the cursor on its sixth row, the middle), at 15 to 10, at 20 to 15.
	want := []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 15, 15, 15, 15, 15, 20}
	for i := range want {
		if offsets[i] != want[i] {
			t.Fatalf("offsets after each j: %v, want %v", offsets, want)
		}
	}
	if l.Cursor != 25 || l.Cursor-l.Offset != 5 {
		t.Fatalf("after 25 j: %+v", l)
	}
	for range 6 {
		l.Navigate(press("k"), &k, n, rows)
	}
	// The cursor walked past the top (row 20) to 19: the window goes up so
	// it sits in the middle again.
	if l.Cursor != 19 || l.Offset != 15 {
		t.Errorf("after 6 k: %+v, want cursor 19 at offset 15", l)
	}
	l.Navigate(press("G"), &k, n, rows)
	if l.Cursor != 99 || l.Offset != 90 {
		t.Errorf("G: %+v, want the last window", l)
	}
	l.Navigate(press("g"), &k, n, rows)
	if l.Cursor != 0 || l.Offset != 0 {
		t.Errorf("g: %+v", l)
	}
}

// A mark toggles and moves the cursor on; marks keep only the rows still
// there and come out in one order.
func TestListMarks(t *testing.T) {
	var l List
	l.Mark(30, 3, 2)
	l.Mark(10, 3, 2)
	l.Mark(20, 3, 2) // the last row: the cursor stays
	if l.Cursor != 2 || l.Marks.Len() != 3 {
		t.Fatalf("after three marks: cursor %d, %d marked", l.Cursor, l.Marks.Len())
	}
	l.Cursor = 0
	l.Mark(30, 3, 2)
	if l.Marks.Has(30) || l.Cursor != 1 {
		t.Fatalf("a second mark should unmark: %v, cursor %d", l.Marks.IDs(), l.Cursor)
	}
	l.Marks.Keep(func(id int64) bool { return id != 10 })
	if got := l.Marks.IDs(); len(got) != 1 || got[0] != 20 {
		t.Fatalf("kept %v, want [20]", got)
	}
	l.Marks.Clear()
	if l.Marks.Len() != 0 || l.Marks.Has(20) {
		t.Fatal("clear left marks")
	}
}

func TestWrap(t *testing.T) {
	got := Wrap("  one two three\n\n\tfour ", 8)
	want := []string{"one two", "three", "four"}
	if len(got) != len(want) {
		t.Fatalf("Wrap = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Wrap = %q, want %q", got, want)
		}
	}
	if got := Wrap("abcdefghij", 4); len(got) != 3 || got[0] != "abcd" {
		t.Fatalf("a long word is cut: %q", got)
	}
}
