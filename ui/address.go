package ui

import (
	"reflect"

	tea "charm.land/bubbletea/v2"

	"hrdesk/views/common"
	"hrdesk/views/dialogs"
)

// paneID names a pane of the root, and the open dialog.
type paneID int

const (
	paneFolders paneID = iota
	paneList
	paneResume
	paneHistory
	paneComments
	paneVacancies
	paneSelections
	paneOutbox
	paneOverview
	paneFilter
	paneLogin
	paneStatus
	paneHelp
	paneDialog // whichever dialog is open
)

// triageOrder is the order tab moves the focus on the triage screen.
var triageOrder = [...]paneID{paneFolders, paneList, paneResume, paneHistory, paneComments}

// pane is the pane of an id (nil for the dialog).
func (m *Model) pane(id paneID) common.Pane {
	switch id {
	case paneFolders:
		return m.folders
	case paneList:
		return m.list
	case paneResume:
		return m.resume
	case paneHistory:
		return m.history
	case paneComments:
		return m.comments
	case paneVacancies:
		return m.vacancies
	case paneSelections:
		return m.selections
	case paneOutbox:
		return m.outbox
	case paneOverview:
		return m.overview
	case paneFilter:
		return m.filter
	case paneLogin:
		return m.login
	case paneStatus:
		return m.status
	case paneHelp:
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
	return address(id, m.dialogSerial, cmd)
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
	if forTheProgram(msg) {
		return msg
	}
	return addressedMsg{to: id, dialog: serial, msg: msg}
}

var teaPackage = reflect.TypeFor[tea.QuitMsg]().PkgPath()

// forTheProgram says msg is Bubble Tea's own (quit, clipboard, a process
// to run, the window title): the program acts on it, no pane.
func forTheProgram(msg tea.Msg) bool {
	t := reflect.TypeOf(msg)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.PkgPath() == teaPackage
}

// deliver gives an addressed result to its pane, or to the dialog that ran
// it while that dialog is still open.
func (m *Model) deliver(a addressedMsg) tea.Cmd {
	if a.to == paneDialog {
		if m.dialog == nil || a.dialog != m.dialogSerial {
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
	act, cmd := m.dialog.Update(msg)
	cmd = m.to(paneDialog, cmd)
	if act == nil {
		return cmd
	}
	m.dialog = nil
	return tea.Batch(cmd, m.do(m.dialogFrom, act))
}

// openDialog shows d, asking about what pane from asked for.
func (m *Model) openDialog(from paneID, d dialogs.Dialog) {
	m.dialogSerial++
	d.SetSize(m.width, m.height)
	m.dialog, m.dialogFrom = d, from
}
