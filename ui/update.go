package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/common"
	"hrdesk/views/statusbar"
)

// Update routes a message. Results of a pane's commands come addressed and
// go to that pane; input goes to the open dialog first, then to a pane
// that is typing, then to the root's own keys, then to the focused pane;
// size and theme changes reach every pane; the root's own results (loads,
// syncs, server calls) are handled in own.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case addressedMsg:
		return m, m.deliver(msg)
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.layout()
		if m.overlay.dialog != nil {
			m.overlay.dialog.SetSize(m.width, m.dialogRoom())
		}
		return m, m.everyPane(msg)
	case tea.BackgroundColorMsg:
		if _, fixed := m.opts.Background.Fixed(); fixed {
			return m, nil // config's theme, not the terminal's answer
		}
		m.rebuildStyles(msg.IsDark())
		return m, m.everyPane(msg)
	case tea.KeyPressMsg:
		// A refusal answered the last key; the next one moves on.
		m.status.Update(msg)
		return m, m.key(msg)
	case tea.PasteMsg:
		return m, m.paste(msg)
	case tea.MouseWheelMsg, tea.MouseClickMsg:
		return m, m.mouse(msg)
	}
	if cmd, ok := m.own(msg); ok {
		return m, cmd
	}
	// Neither addressed nor the root's: a result Bubble Tea hands back
	// itself, the $EDITOR's return, which only a dialog asks for.
	if m.overlay.dialog != nil {
		return m, m.dialogMsg(msg)
	}
	return m, nil
}

// everyPane passes a size or theme change to every pane, so a pane whose
// layout is rendered in a command (resume, vacancy) starts it.
func (m *Model) everyPane(msg tea.Msg) tea.Cmd {
	var cmds []tea.Cmd
	for id := paneTriage; id < paneDialog; id++ {
		cmds = append(cmds, m.updatePane(id, msg))
	}
	return tea.Batch(cmds...)
}

// key routes a key press: force quit always; the dialog; a pane that is
// typing (the filter, the login, a form); the root's keys; the focused pane.
func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	if key.Matches(msg, m.c.Keys.ForceQuit) {
		// What is being typed is kept first: ctrl+c loses no letter.
		if kept := m.keepOpenDraft(); kept != nil {
			return tea.Sequence(kept, tea.Quit)
		}
		return tea.Quit
	}
	if m.overlay.dialog != nil {
		return m.dialogMsg(msg)
	}
	if m.mode == paneLogin {
		return m.updatePane(paneLogin, msg)
	}
	if m.typing() {
		return m.updatePane(m.focus, msg)
	}
	if m.mode == paneHelp {
		return m.updatePane(paneHelp, msg)
	}
	m.status.Update(statusbar.NextKey{})
	if cmd, ok := m.rootKey(msg); ok {
		return cmd
	}
	return m.updatePane(m.focus, msg)
}

// typing says the focused pane takes printable keys as text.
func (m *Model) typing() bool {
	t, ok := m.pane(m.focus).(common.Typist)
	return ok && t.Typing()
}

// paste goes where typed text goes: the dialog or a typing pane.
func (m *Model) paste(msg tea.PasteMsg) tea.Cmd {
	switch {
	case m.overlay.dialog != nil:
		return m.dialogMsg(msg)
	case m.mode == paneLogin:
		return m.updatePane(paneLogin, msg)
	case m.typing():
		return m.updatePane(m.focus, msg)
	}
	return nil
}

// setFocus gives the keyboard to pane id.
func (m *Model) setFocus(id paneID) {
	if m.focus != id {
		m.pane(m.focus).Blur()
	}
	m.focus = id
	m.pane(id).Focus()
}
