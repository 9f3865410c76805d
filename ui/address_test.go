package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hrdesk/views/action"
)

// A pane's result comes back to that pane, whatever opened in between: the
// vacancy rendered while the archive question is up shows behind it.
func TestResultReachesItsPaneUnderADialog(t *testing.T) {
	st := catalogFixture(t)
	m, _ := newModel(t, st, 120, 40)
	press(t, m, "5", "j")
	_, render := m.Update(tea.KeyPressMsg{Code: tea.KeyEnter}) // the render runs later
	press(t, m, "X")
	if m.dialog == nil {
		t.Fatal("X asked nothing")
	}
	run(t, m, render)
	out := screen(m)
	if m.dialog == nil || !strings.Contains(out, "Опыт от 3 лет") || !strings.Contains(out, "Vacancies to archive: 1.") {
		t.Errorf("the render did not reach the vacancy under the question:\n%s", out)
	}
}

// A closed dialog's late result is dropped, not given to the next dialog.
func TestClosedDialogResultDropped(t *testing.T) {
	st := fixture(t, 10)
	withTemplates(t, st)
	m, _ := newModel(t, st, 120, 40)
	_, load := m.Update(tea.KeyPressMsg{Code: 'i', Text: "i"})
	run(t, m, load)
	first := m.overlay.serial
	press(t, m, "esc", "c") // close it, open the comment dialog
	if m.dialog == nil || m.overlay.serial == first {
		t.Fatal("no second dialog")
	}
	// Something for the closed letter dialog that would close any dialog.
	send(t, m, addressedMsg{to: paneDialog, dialog: first, msg: tea.KeyPressMsg{Code: tea.KeyEscape}})
	if m.dialog == nil {
		t.Error("a result of the closed dialog closed the open one")
	}
}

// A confirmation carries its action: yes runs exactly it, for the pane
// that asked.
func TestConfirmCarriesItsAction(t *testing.T) {
	st := catalogFixture(t)
	m, b := newModel(t, st, 120, 40)
	run(t, m, m.do(paneSelections, action.Confirm{Title: "t", Question: "q?", Yes: "y",
		Then: action.DeleteSelection{ID: 72, Name: "Бухгалтеры"}}))
	press(t, m, "y")
	if len(b.deleted) != 1 || b.deleted[0] != 72 {
		t.Errorf("deleted %v", b.deleted)
	}
}
