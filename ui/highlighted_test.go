package ui

import (
	"strings"
	"testing"
)

// Issue 19 §2.5: the resume, history and comments panes always show the
// highlighted row, nothing when the list is empty; an action acts on the
// resume the screen names.
func TestDetailFollowsTheList(t *testing.T) {
	st := fixture(t, 3) // inbox, considered, invited: Refused is empty
	m, _ := newModel(t, st, 120, 40)
	if s := screen(m); !strings.Contains(s, "Фамилия0") {
		t.Fatalf("the inbox's resume is not shown:\n%s", s)
	}
	press(t, m, "4")
	if s := screen(m); strings.Contains(s, "Фамилия0") || strings.Contains(s, "Повар") || !strings.Contains(s, m.c.Text.Empty.NoResume) {
		t.Errorf("an empty folder still previews another folder's resume, or a blank one:\n%s", s)
	}
	press(t, m, "1", "/", "z", "z", "z")
	if s := screen(m); strings.Contains(s, "Фамилия0") {
		t.Errorf("a filter matching nothing still previews a resume:\n%s", s)
	}
}
