package resumelist

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
)

// Issue 28 §2: an undo brings a resume back into the list; the cursor
// returns to it, and stays where it is when the list does not hold it.
func TestReloadOnPutsTheCursorOnTheResumeBack(t *testing.T) {
	src := &rows{all: people("Anna", "Boris", "Clara", "Dora")}
	m := newList(t, src)
	drain(t, m, m.SetQuery(store.ListQuery{}))
	m.Focus()
	m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
	boris, _ := m.Selected()
	src.all = append(people("Anna")[:1:1], src.all[2:]...) // Boris moved away
	drain(t, m, m.Reload())
	if r, _ := m.Selected(); r.DisplayName != "Clara" {
		t.Fatalf("after Boris left the cursor is on %q, want Clara", r.DisplayName)
	}
	src.all = people("Anna", "Boris", "Clara", "Dora") // the undo brings him back
	drain(t, m, m.ReloadOn(boris.ResumeID))
	if r, _ := m.Selected(); r.ResumeID != boris.ResumeID {
		t.Errorf("after the undo the cursor is on %q, want Boris", r.DisplayName)
	}
	drain(t, m, m.ReloadOn(99)) // not in the list
	if r, _ := m.Selected(); r.ResumeID != boris.ResumeID {
		t.Errorf("a resume the list lacks moved the cursor to %q", r.DisplayName)
	}
	m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
	drain(t, m, m.ReloadOn(0)) // 0: as Reload, the cursor stays on its resume
	if r, _ := m.Selected(); r.DisplayName != "Clara" {
		t.Errorf("ReloadOn(0) moved the cursor to %q, want it kept on Clara", r.DisplayName)
	}
}
