package ui

import (
	tea "charm.land/bubbletea/v2"
)

// Mouse is optional: every action has a key. When on, the wheel scrolls
// the pane under the pointer and a click picks a folder or a resume
// (the triage screen's own, views/triage); on the other screens the wheel
// moves the screen's cursor. Shift+drag still selects text in most
// terminals.
func (m *Model) mouse(msg tea.Msg) tea.Cmd {
	if m.overlay.dialog != nil || m.mode == paneLogin || m.mode == paneHelp {
		return nil
	}
	if m.mode == paneTriage {
		return m.updatePane(paneTriage, msg)
	}
	wheel, ok := msg.(tea.MouseWheelMsg)
	if !ok || m.typing() {
		return nil
	}
	// The wheel is the keymap's down or up, whatever keys they are bound
	// to: an arrow key would do nothing once down is rebound to j alone.
	step, bound := m.c.Keys.Wheel(wheel.Button == tea.MouseWheelUp)
	if !bound {
		return nil
	}
	return m.updatePane(m.focus, step)
}
