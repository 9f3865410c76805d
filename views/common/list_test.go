package common

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"hrdesk/keymap"
)

func press(s string) tea.KeyPressMsg {
	switch s {
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	}
	return tea.KeyPressMsg{Code: []rune(s)[0], Text: s}
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
		{List{0, 0}, "j", 10, 3, List{1, 0}, true},
		{List{2, 0}, "j", 10, 3, List{3, 1}, true}, // the window follows
		{List{9, 7}, "j", 10, 3, List{9, 7}, true}, // the end holds
		{List{0, 0}, "k", 10, 3, List{0, 0}, true},
		{List{4, 2}, "g", 10, 3, List{0, 0}, true},
		{List{0, 0}, "G", 10, 3, List{9, 7}, true},
		{List{1, 0}, "pgdown", 10, 3, List{3, 2}, true}, // a page moves the window too
		{List{5, 4}, "pgup", 10, 3, List{3, 2}, true},
		{List{0, 0}, "j", 0, 3, List{0, 0}, true}, // empty
		{List{1, 0}, "x", 10, 3, List{1, 0}, false},
		{List{0, 0}, "о", 10, 3, List{1, 0}, true}, // j in the Russian layout
	} {
		l := c.start
		if got := l.Navigate(press(c.key), &k, c.n, c.rows); got != c.navigation || l != c.want {
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
		{List{5, 0}, 10, 3, List{5, 3}},  // below the window: it follows
		{List{1, 4}, 10, 3, List{1, 1}},  // above: it follows
		{List{20, 0}, 10, 3, List{9, 7}}, // past the end: the last row
		{List{-2, 0}, 10, 3, List{0, 0}}, // before the start
		{List{0, 5}, 2, 10, List{0, 0}},  // fewer rows than the window
		{List{0, 0}, 0, 3, List{0, 0}},   // empty
	} {
		l := c.start
		if l.Clamp(c.n, c.rows); l != c.want {
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
