package filter

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/i18n"
	"hrdesk/keymap"
	"hrdesk/theme"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

func newFilter() *Model {
	return New(common.New(i18n.EN, keymap.Default(), func() time.Time { return time.Unix(0, 0) }, theme.WithNoColor(true)))
}

// typed sends s and returns the pause message of its last keystroke.
func typed(t *testing.T, m *Model, s string) []tea.Msg {
	t.Helper()
	var pauses []tea.Msg
	for _, r := range s {
		_, cmd := m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
		pauses = append(pauses, pausesOf(cmd)...)
	}
	return pauses
}

func pausesOf(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, pausesOf(c)...)
		}
		return out
	case pausedMsg:
		return []tea.Msg{msg}
	}
	return nil
}

// Only the last keystroke's pause searches; esc clears and closes, enter
// closes and keeps the text.
func TestDebounceAndClose(t *testing.T) {
	m := newFilter()
	m.Open()
	pauses := typed(t, m, "Пов")
	if len(pauses) != 3 {
		t.Fatalf("%d pauses", len(pauses))
	}
	for _, p := range pauses[:2] {
		if a, _ := m.Update(p); a != nil {
			t.Errorf("an earlier keystroke searched: %#v", a)
		}
	}
	if a, _ := m.Update(pauses[2]); a != (action.Search{Text: "Пов"}) {
		t.Errorf("the last pause: %#v", a)
	}
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
