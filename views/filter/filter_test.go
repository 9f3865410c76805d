package filter

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/views/action"
)

func newFilter() *Model {
	return New(panetest.Plain(i18n.EN))
}

// typed sends s and returns the actions of its keystrokes.
func typed(t *testing.T, m *Model, s string) []action.Action {
	t.Helper()
	var acts []action.Action
	for _, r := range s {
		a, _ := m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
		acts = append(acts, a)
	}
	return acts
}

// Every keystroke that changes the text searches at once, with no pause
// (issue 22 §2: the list keeps only the newest text while it loads),
// but while the word typed starts a field's name (п: папка, issue 31 §2);
// one that only moves the cursor does not search. Esc clears and closes,
// enter closes and keeps the text.
func TestSearchAtOnceAndClose(t *testing.T) {
	m := newFilter()
	m.Open()
	acts := typed(t, m, "Пов")
	want := []action.Action{action.Search{Text: "П", Invalid: true}, action.Search{Text: "По"}, action.Search{Text: "Пов"}}
	if !slices.Equal(acts, want) {
		t.Errorf("keystrokes searched %#v, want %#v", acts, want)
	}
	if a, _ := m.Update(tea.KeyPressMsg{Code: tea.KeyLeft}); a != nil {
		t.Errorf("a cursor move searched: %#v", a)
	}
	if a, _ := m.Update(tea.PasteMsg{Content: "ар"}); a != (action.Search{Text: "Поарв"}) {
		t.Errorf("a paste: %#v", a)
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyRight})
	for range 2 {
		m.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
	if a, _ := m.Update(tea.KeyPressMsg{Code: tea.KeyBackspace}); a != (action.Search{Text: "По"}) {
		t.Errorf("a deletion: %#v", a)
	}
	typed(t, m, "в")
	if a, _ := m.Update(tea.KeyPressMsg{Code: tea.KeyEnter}); a != (action.Search{Text: "Пов", Done: true}) || m.Typing() || !m.Active() {
		t.Errorf("enter: %#v, typing %v, active %v", a, m.Typing(), m.Active())
	}
	m.Open()
	if a, _ := m.Update(tea.KeyPressMsg{Code: tea.KeyEscape}); a != (action.Search{Done: true}) || m.Active() {
		t.Errorf("esc: %#v, active %v", a, m.Active())
	}
}

// ctrl+g (not ctrl+a, the input's line start) switches to every folder
// and back; esc clears the text and takes the switch back; the line says
// what narrows the list and which key switches.
func TestEveryFolder(t *testing.T) {
	m := newFilter()
	m.Open()
	g := tea.KeyPressMsg{Code: 'g', Mod: tea.ModCtrl}
	if act, _ := m.Update(g); act != (action.ToggleEverywhere{}) {
		t.Fatalf("ctrl+g: %#v", act)
	}
	typed(t, m, "Ив")
	if line := m.Line("All folders · 3 matches", true); !strings.Contains(line, "Ив") ||
		!strings.Contains(line, "All folders · 3 matches") || !strings.Contains(line, "ctrl+g this folder") {
		t.Errorf("line %q", line)
	}
	if act, _ := m.Update(tea.KeyPressMsg{Code: tea.KeyEscape}); act != (action.Search{Done: true, Undo: true}) {
		t.Errorf("esc after ctrl+g: %#v", act)
	}
	m.Open()
	m.Update(g)
	m.Update(g)
	if act, _ := m.Update(tea.KeyPressMsg{Code: tea.KeyEscape}); act != (action.Search{Done: true}) {
		t.Errorf("esc after switching there and back: %#v", act)
	}
	if line := m.Line("Inbox · 3 matches", false); strings.Contains(line, "ctrl+g") {
		t.Errorf("the key shown on a closed line: %q", line)
	}
}

// The hint for every folder is on the line whole or not at all: at the
// list's width in a 120×40 window it ended "c…" (issue 19 §2.8).
func TestHintWholeOrNone(t *testing.T) {
	m := newFilter()
	m.SetSize(47, 1)
	m.Open()
	typed(t, m, "Инженер")
	hint := "ctrl+g"
	narrow := m.Line("Inbox · 11 matches", false)
	if w := ansi.StringWidth(narrow); w > 47 {
		t.Errorf("the line is %d wide at 47: %q", w, ansi.Strip(narrow))
	}
	m.SetSize(120, 1)
	if wide := ansi.Strip(m.Line("Inbox · 11 matches", false)); !strings.Contains(wide, hint) {
		t.Errorf("no hint with room for it: %q", wide)
	}
}
