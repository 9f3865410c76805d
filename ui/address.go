package ui

import (
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/common"
	"hrdesk/views/dialogs"
)

// paneID names a pane of the root: a screen of the table (table.go), or
// one of the root's own panes after them, and the open dialog.
type paneID int

// The root's own panes: the login and help cover the whole screen, the
// status bar sits under every screen; none is a screen with a tab.
const (
	paneLogin paneID = screenCount + iota
	paneStatus
	paneHelp
	paneDialog // whichever dialog is open
)

// pane is the pane of an id (nil for the dialog).
func (m *Model) pane(id paneID) common.Pane {
	switch {
	case id.isScreen():
		return m.screens[id].pane
	case id == paneLogin:
		return m.login
	case id == paneStatus:
		return m.status
	case id == paneHelp:
		return m.help
	}
	return nil
}

// addressedMsg is the result of a pane's (or a dialog's) command, for that
// pane only: the root delivers it there whatever opened in between, the
// idea of gh-dash's SectionMsg. dialog is the serial of the dialog that
// ran it.
type addressedMsg struct {
	to     paneID
	dialog int
	msg    tea.Msg
}

// to wraps a command of pane id so its results come back addressed.
func (m *Model) to(id paneID, cmd tea.Cmd) tea.Cmd {
	return address(id, m.overlay.serial, cmd)
}

func address(id paneID, serial int, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg { return wrap(id, serial, cmd()) }
}

func wrap(id paneID, serial int, msg tea.Msg) tea.Msg {
	switch msg := msg.(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		out := make(tea.BatchMsg, len(msg))
		for i, c := range msg {
			out[i] = address(id, serial, c)
		}
		return out
	}
	if common.ForProgram(msg) {
		return msg
	}
	return addressedMsg{to: id, dialog: serial, msg: msg}
}

// deliver gives an addressed result to its pane, or to the dialog that ran
// it while that dialog is still open.
func (m *Model) deliver(a addressedMsg) tea.Cmd {
	if a.to == paneDialog {
		if !m.overlay.current(a.dialog) {
			return nil // that dialog is closed
		}
		if u, ok := a.msg.(dialogs.EditorUnavailableMsg); ok {
			m.editorUnavailable(u) // the dialog's word for the status line
			return nil
		}
		return m.dialogMsg(a.msg)
	}
	return m.updatePane(a.to, a.msg)
}

// updatePane gives msg to a pane, addresses its commands and carries out
// what it asks.
func (m *Model) updatePane(id paneID, msg tea.Msg) tea.Cmd {
	act, cmd := m.pane(id).Update(msg)
	return tea.Batch(m.to(id, cmd), m.do(id, act))
}

// dialogMsg gives msg to the open dialog; when it closes, its action is
// carried out for the pane it asked about.
func (m *Model) dialogMsg(msg tea.Msg) tea.Cmd {
	d := m.overlay.dialog
	act, cmd := d.Update(msg)
	cmd = m.to(paneDialog, cmd)
	if act == nil {
		return cmd
	}
	kept := m.closingDraft(d, act)
	return tea.Batch(cmd, kept, m.do(m.overlay.shut(), act))
}
