package common

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestCell(t *testing.T) {
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
		got := Cell(c.in, c.w, c.right, "…")
		if got != c.want || (c.w > 0 && ansi.StringWidth(got) != c.w) {
			t.Errorf("Cell(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
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

// Fit keeps styling, cuts with the ellipsis given, and closes a style it
// would otherwise leave open over the padding.
func TestFit(t *testing.T) {
	for _, c := range []struct {
		in   string
		w    int
		want string
	}{
		{"abc", 5, "abc  "},
		{"abcdef", 4, "abc…"},
		{"\x1b[1mbold\x1b[m", 6, "\x1b[1mbold\x1b[m  "},
		{"\x1b[1mbold", 6, "\x1b[1mbold\x1b[m  "},
		{"\x1b[1mbolder\x1b[m", 3, "\x1b[1mbo…\x1b[m"},
		{"x", 0, ""},
	} {
		got := Fit(c.in, c.w, "…")
		if got != c.want || (c.w > 0 && ansi.StringWidth(got) != c.w) {
			t.Errorf("Fit(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
	}
}

func TestBlock(t *testing.T) {
	got := Block([]string{"one", "a line too long"}, 6, 3)
	if want := "one   \na line\n      "; got != want {
		t.Errorf("Block = %q, want %q", got, want)
	}
}
