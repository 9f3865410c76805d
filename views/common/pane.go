package common

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/action"
)

// Pane is one region of the workstation: it owns its state and keys and
// draws into the inner size the root gives it. The root only routes and
// lays out.
//
// Update gets the keys while the pane has the focus, and the results of the
// pane's own commands (the root delivers them to the pane that ran them,
// whatever opened in between). What only the root can do (open a dialog,
// queue an action, call the server, switch folders) the pane returns as an
// action.Action value; nil when there is nothing to ask.
//
// View returns exactly the height given by SetSize in lines of exactly its
// width. ShortHelp is the footer's keys, FullHelp the help screen's.
type Pane interface {
	Update(msg tea.Msg) (action.Action, tea.Cmd)
	View() string
	SetSize(width, height int)
	Focus()
	Blur()
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
}

// Typist is a pane that takes printable keys as text while Typing (a form,
// the filter line): the root then gives it every key but force quit
// before looking at its own.
type Typist interface {
	Typing() bool
}
