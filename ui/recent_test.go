package ui

import (
	"strings"
	"testing"

	"hrdesk/keymap"
)

// The palette lists the resumes opened last; enter on one shows it again
// in its folder, nothing narrowing the list, the cursor on it (issue 31
// §1, pal31's Left).
func TestThePaletteShowsAResumeOpenedBefore(t *testing.T) {
	m, _ := newModelWith(t, fixture(t, 9), keymap.Default(), 120, 30)
	press(t, m, "j", "j")
	row, ok := m.triage.Highlighted()
	if !ok {
		t.Fatal("no resume under the cursor")
	}
	name := m.triage.List().Name(row.ResumeID)
	// Elsewhere now: another folder, with a search typed.
	press(t, m, "2", "/")
	typeText(t, m, "Повар")
	press(t, m, "enter", ":")
	typeText(t, m, strings.Fields(name)[0])
	if out := screen(m); !strings.Contains(out, name) {
		t.Fatalf("the palette does not list %s:\n%s", name, out)
	}
	press(t, m, "enter")
	got, ok := m.triage.Highlighted()
	if !ok || got.ResumeID != row.ResumeID {
		t.Fatalf("the cursor is on %d, want %d:\n%s", got.ResumeID, row.ResumeID, screen(m))
	}
	if m.triage.List().SearchText() != "" || m.triage.List().Query().Folder != row.Folder {
		t.Errorf("shown with %q in folder %q, want no search in %q", m.triage.List().SearchText(), m.triage.List().Query().Folder, row.Folder)
	}
}
