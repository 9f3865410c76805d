package filter

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"hrdesk/views/action"
)

// Esc after an edit gives back the line it opened with: the filter
// dialog's choices are on the line (issue 31 §2), and an esc that emptied
// it took them with the words just typed. Esc on a line not edited since
// it opened clears it, as it always did. On the old code the first esc
// asked for an empty search.
func TestEscGivesBackTheLineItOpenedWith(t *testing.T) {
	m := newFilter()
	m.SetText("salary>=60000 new ")
	m.Open()
	typed(t, m, "Повар")
	esc := tea.KeyPressMsg{Code: tea.KeyEscape}
	if a, _ := m.Update(esc); a != (action.Search{Text: "salary>=60000 new ", Done: true}) || m.Text() != "salary>=60000 new " ||
		m.Typing() || !m.Active() {
		t.Errorf("esc after an edit: %#v, line %q", a, m.Text())
	}
	m.Open()
	if a, _ := m.Update(esc); a != (action.Search{Done: true}) || m.Text() != "" || m.Active() {
		t.Errorf("esc on a line not edited: %#v, line %q", a, m.Text())
	}
	// A switch to every folder is taken back with the edit.
	m.SetText("new ")
	m.Open()
	m.Update(tea.KeyPressMsg{Code: 'g', Mod: tea.ModCtrl})
	typed(t, m, "x")
	if a, _ := m.Update(esc); a != (action.Search{Text: "new ", Done: true, Undo: true}) {
		t.Errorf("esc after ctrl+g and an edit: %#v", a)
	}
}
