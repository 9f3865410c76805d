package ui

import (
	"hrdesk/internal/testkit/testwait"

	"bytes"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// TestProgramEndToEnd runs the workstation as a real Bubble Tea program
// (teatest): it waits for the inbox on the output, marks two resumes,
// moves them with the dialog, and keeps the final frame as a golden.
func TestProgramEndToEnd(t *testing.T) {
	st := fixture(t, 40)
	m, b := newModel(t, st, 80, 24)
	// The output stream only shows changed cells, so whether the list has
	// reloaded after the move is asked of the model itself, in its own
	// goroutine, rather than guessed from the bytes.
	reloaded := make(chan struct{})
	w := &watched{Model: m, done: reloaded, cond: func(m *Model) bool {
		n, ok := m.triage.List().Total()
		return ok && n == 18 && m.triage.List().Settled()
	}}
	tm := teatest.NewTestModel(t, w, teatest.WithInitialTermSize(80, 24),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
	teatest.WaitFor(t, tm.Output(), func(out []byte) bool { return bytes.Contains(out, []byte("Фамилия0")) },
		teatest.WithDuration(testwait.Patience))
	tm.Send(tea.KeyPressMsg{Code: tea.KeySpace, Text: " "})
	tm.Send(tea.KeyPressMsg{Code: tea.KeySpace, Text: " "})
	tm.Type("m")
	teatest.WaitFor(t, tm.Output(), func(out []byte) bool { return bytes.Contains(out, []byte("Move to folder")) },
		teatest.WithDuration(testwait.Patience))
	tm.Type("2")
	teatest.WaitFor(t, tm.Output(), func(out []byte) bool { return bytes.Contains(out, []byte("2 pending")) },
		teatest.WithDuration(testwait.Patience))
	select {
	case <-reloaded:
	case <-time.After(testwait.Patience):
		t.Fatal("the list did not reload after the move")
	}
	tm.Type("q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(testwait.Patience)).(*watched).Model
	out := screen(final)
	golden.RequireEqual(t, []byte(out))
	if !strings.Contains(out, "2 pending") || !strings.Contains(out, "Considered 9") || b.pushes == 0 {
		t.Errorf("after the move: pushes %d\n%s", b.pushes, out)
	}
}

// watched wraps the model to signal, from the program's goroutine, the first
// time cond holds after an update.
type watched struct {
	*Model
	cond func(*Model) bool
	done chan struct{}
}

func (w *watched) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := w.Model.Update(msg)
	if w.done != nil && w.cond(w.Model) {
		close(w.done)
		w.done = nil
	}
	return w, cmd
}
