package ui

import (
	"hrdesk/views/triage"
	"strings"
	"testing"
)

// Issue 10, defect 4: a new comment showed only after j k; the pane
// updates at once, marks it as the user's, and D is in the footer.
func TestNewCommentShowsAtOnce(t *testing.T) {
	st := fixture(t, 10)
	m, _ := newModel(t, st, 140, 40)
	press(t, m, "tab", "tab", "tab") // resume, history, comments
	if m.triage.Focused() != triage.OnComments {
		t.Fatalf("focus on %d", m.focus)
	}
	press(t, m, "c")
	typeText(t, m, "Позвонить завтра")
	press(t, m, "enter")
	out := screen(m)
	if !strings.Contains(out, "Позвонить завтра") || !strings.Contains(out, "(you)") {
		t.Fatalf("the new comment is not in the pane:\n%s", out)
	}
	footer := strings.Split(out, "\n")[39]
	if !strings.Contains(footer, "D delete comment") {
		t.Errorf("no D in the footer: %q", footer)
	}
}
