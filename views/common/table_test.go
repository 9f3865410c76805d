package common

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestFit(t *testing.T) {
	for _, c := range []struct {
		in    string
		w     int
		right bool
		want  string
	}{
		{"abc", 5, false, "abc  "},
		{"abc", 5, true, "  abc"},
		{"Программист", 6, false, "Прогр…"},
		{"界界界", 5, false, "界界…"},
		{"a\x1b[31mred\x1b[0m", 6, false, "ared  "}, // escapes never pass
		{"x", 0, false, ""},
	} {
		got := Fit(c.in, c.w, c.right, "…")
		if got != c.want || (c.w > 0 && ansi.StringWidth(got) != c.w) {
			t.Errorf("Fit(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
	}
}

// Flex columns share what the fixed ones leave; when even the minimum does
// not fit, trailing columns go first.
func TestLayout(t *testing.T) {
	cols := []Column{{Title: "name", Flex: true}, {Title: "a", Width: 10}, {Title: "b", Width: 10}}
	got := Layout(cols, 60, 3, 16)
	if len(got) != 3 || got[0].Width != 60-3-10-10-3 {
		t.Errorf("wide: %+v", got)
	}
	got = Layout(cols, 35, 3, 16)
	if len(got) != 2 || got[0].Width != 35-3-10-2 {
		t.Errorf("narrow: %+v", got)
	}
	got = Layout(cols, 10, 3, 16)
	if len(got) != 1 || got[0].Width != 7 {
		t.Errorf("tiny: %+v", got)
	}
}

func TestScroll(t *testing.T) {
	for _, c := range []struct{ cursor, offset, n, rows, wantC, wantO int }{
		{5, 0, 10, 3, 5, 3},  // below the window: it follows
		{1, 4, 10, 3, 1, 1},  // above: it follows
		{20, 0, 10, 3, 9, 7}, // past the end: the last row
		{-2, 0, 10, 3, 0, 0}, // before the start
		{0, 5, 2, 10, 0, 0},  // fewer rows than the window
		{0, 0, 0, 3, 0, 0},   // empty
	} {
		gc, go_ := Scroll(c.cursor, c.offset, c.n, c.rows)
		if gc != c.wantC || go_ != c.wantO {
			t.Errorf("Scroll(%d,%d,%d,%d) = %d,%d want %d,%d", c.cursor, c.offset, c.n, c.rows, gc, go_, c.wantC, c.wantO)
		}
	}
}
