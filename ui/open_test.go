package ui

import (
	"slices"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hrdesk/views/action"
)

// startingDialog is a dialog with a first command of its own, as the
// palette has: it hears what that command brings.
type startingDialog struct {
	name string
	got  []string
}

// startedMsg is a startingDialog's first command's result.
type startedMsg struct{ from string }

func (d *startingDialog) Init() tea.Cmd {
	name := d.name
	return func() tea.Msg { return startedMsg{from: name} }
}

func (d *startingDialog) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	if s, ok := msg.(startedMsg); ok {
		d.got = append(d.got, s.from)
	}
	return nil, nil
}

func (d *startingDialog) View() string     { return d.name }
func (d *startingDialog) SetSize(_, _ int) {}

// Issue 29 §3: every dialog opens through the overlay (Model.open); one
// with a first command of its own has it run, and what it brings reaches
// that dialog only: one opened over it meanwhile does not hear it.
func TestADialogsFirstCommandReachesItOnly(t *testing.T) {
	m, _ := newModel(t, fixture(t, 10), 120, 40)
	first := &startingDialog{name: "first"}
	late := m.open(first, paneTriage)
	if late == nil {
		t.Fatal("the dialog's first command was not run")
	}
	second := &startingDialog{name: "second"}
	start := m.open(second, paneTriage)
	run(t, m, late) // the first dialog's, come after the second opened
	if len(first.got)+len(second.got) != 0 {
		t.Fatalf("the replaced dialog's result was heard: first %v, second %v", first.got, second.got)
	}
	run(t, m, start)
	if !slices.Equal(second.got, []string{"second"}) || m.dialog != second {
		t.Errorf("the open dialog heard %v (open: %v)", second.got, m.dialog)
	}
}
