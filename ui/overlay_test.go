package ui

import (
	"strings"
	"testing"
)

// Issue 10, defect 11: at 60×20 a one-column strip of the list showed
// beside a dialog ("│v┃"): the sliver is blanked, the frame kept.
func TestNoListSliverBesideADialog(t *testing.T) {
	st := fixture(t, 20)
	m, _ := newModel(t, st, 60, 20)
	press(t, m, "b")
	for i, l := range strings.Split(screen(m), "\n") {
		r := []rune(l)
		if strings.Contains(l, "│") && len(r) == 60 && r[58] != ' ' && r[58] != '│' && r[58] != '╮' && r[58] != '╯' {
			t.Errorf("line %d shows %q beside the dialog: %q", i, r[58], l)
		}
	}
}
