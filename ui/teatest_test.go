package ui

import (
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
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
	teatest.WaitFor(t, tm.Output(), func(out []byte) bool { return bytes.Contains(out, []byte("Фамилия0")) },
		teatest.WithDuration(5*time.Second))
	tm.Send(tea.KeyPressMsg{Code: tea.KeySpace, Text: " "})
	tm.Send(tea.KeyPressMsg{Code: tea.KeySpace, Text: " "})
	tm.Type("m")
	teatest.WaitFor(t, tm.Output(), func(out []byte) bool { return bytes.Contains(out, []byte("Move to folder")) },
		teatest.WithDuration(5*time.Second))
	tm.Type("2")
	teatest.WaitFor(t, tm.Output(), func(out []byte) bool { return bytes.Contains(out, []byte("2 pending")) },
		teatest.WithDuration(5*time.Second))
	tm.Type("q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	out := screen(final)
	golden.RequireEqual(t, []byte(out))
	if !strings.Contains(out, "2 pending") || !strings.Contains(out, "Considered 9") || b.pushes == 0 {
		t.Errorf("after the move: pushes %d\n%s", b.pushes, out)
	}
}
