package ui

import (
	"context"
	"hrdesk/views/triage"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/keymap"
	"hrdesk/store"
)

func TestMouse(t *testing.T) {
	st := fixture(t, 40)
	m, _ := newModel(t, st, 120, 40)
	if m.View().MouseMode != tea.MouseModeNone {
		t.Error("mouse captured without Options.Mouse")
	}
	m.opts.Mouse = true
	if m.View().MouseMode != tea.MouseModeCellMotion {
		t.Error("Options.Mouse does not turn the mouse on")
	}
	fw := m.triage.ListX()

	// A click on the third row of the list selects it, and the resume follows.
	send(t, m, tea.MouseClickMsg{X: fw + 5, Y: listTop + 2, Button: tea.MouseLeft})
	q := m.triage.List().Query()
	q.Limit = 3
	top, err := st.ListEntries(context.Background(), q)
	if err != nil || len(top) != 3 {
		t.Fatal(err)
	}
	third, _ := m.triage.List().Selected()
	if third.ResumeID != top[2].ResumeID || m.triage.Shown() != third.ResumeID {
		t.Fatalf("click: cursor on %d, detail %d, want %d", third.ResumeID, m.triage.Shown(), top[2].ResumeID)
	}
	// The wheel moves the cursor in the list under the pointer.
	send(t, m, tea.MouseWheelMsg{X: fw + 5, Y: 10, Button: tea.MouseWheelDown})
	if next, _ := m.triage.List().Selected(); next.ResumeID == third.ResumeID {
		t.Error("wheel down did not move the list")
	}
	// A click on the folders pane picks a folder.
	send(t, m, tea.MouseClickMsg{X: 2, Y: 3, Button: tea.MouseLeft})
	if m.triage.List().Query().Folder != store.FolderConsidered {
		t.Errorf("folder click: list shows %q", m.triage.List().Query().Folder)
	}
	// A right click or a click outside the rows does nothing.
	before, _ := m.triage.List().Selected()
	send(t, m, tea.MouseClickMsg{X: fw + 5, Y: listTop + 1, Button: tea.MouseRight})
	send(t, m, tea.MouseClickMsg{X: fw + 5, Y: 1, Button: tea.MouseLeft})
	if after, _ := m.triage.List().Selected(); after.ResumeID != before.ResumeID {
		t.Error("a click off the rows moved the cursor")
	}
}

// A click on a row's outbox marker opens the outbox on its action; a
// click elsewhere on the row only moves the cursor.
func TestClickOnTheMarkerOpensItsEntry(t *testing.T) {
	st := fixture(t, 30)
	ids := outboxFixture(t, st)
	m, _ := newModel(t, st, 120, 40)
	m.opts.Mouse = true
	q := m.triage.List().Query()
	q.Limit = 20
	rows, err := st.ListEntries(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	line := -1
	for i, r := range rows {
		if r.ResumeID == ids[3] {
			line = i
		}
	}
	if line < 0 {
		t.Fatalf("the refused resume %d is not on the first page", ids[3])
	}
	x := m.triage.ListX() + triage.StateMarkerX
	if cell := ansi.Cut(strings.Split(screen(m), "\n")[listTop+line], x, x+1); cell != "!" {
		t.Fatalf("the screen has %q where the click goes, not the refused marker", cell)
	}
	send(t, m, tea.MouseClickMsg{X: x + 4, Y: listTop + line, Button: tea.MouseLeft})
	if r, _ := m.triage.List().Selected(); r.ResumeID != ids[3] || m.mode != paneTriage {
		t.Fatalf("a click on the row: cursor on %d, mode %v", r.ResumeID, m.mode)
	}
	send(t, m, tea.MouseClickMsg{X: x, Y: listTop + line, Button: tea.MouseLeft})
	if e, ok := m.outboxPane().Selected(); m.mode != paneOutbox || !ok || e.ResumeID != ids[3] {
		t.Fatalf("a click on the marker: mode %v, outbox on %+v", m.mode, e)
	}
}

// The wheel is the keymap's down and up, not the arrow keys: with down and
// up rebound to j and k alone (no arrows), it still moves the list, and on
// a catalog screen too.
func TestWheelFollowsReboundDownAndUp(t *testing.T) {
	km := keymap.Default()
	if err := keymap.Apply(&km, map[string][]string{"down": {"j"}, "up": {"k"}}); err != nil {
		t.Fatal(err)
	}
	st := fixture(t, 40)
	m, _ := newModelWith(t, st, km, 120, 40)
	m.opts.Mouse = true
	fw := m.triage.ListX()
	first, _ := m.triage.List().Selected()
	send(t, m, tea.MouseWheelMsg{X: fw + 5, Y: 10, Button: tea.MouseWheelDown})
	second, _ := m.triage.List().Selected()
	if second.ResumeID == first.ResumeID {
		t.Fatal("wheel down did not move the list with down rebound to j")
	}
	if m.triage.Shown() != second.ResumeID {
		t.Errorf("the resume shown is %d, not the row under the cursor %d", m.triage.Shown(), second.ResumeID)
	}
	send(t, m, tea.MouseWheelMsg{X: fw + 5, Y: 10, Button: tea.MouseWheelUp})
	if back, _ := m.triage.List().Selected(); back.ResumeID != first.ResumeID {
		t.Errorf("wheel up: cursor on %d, want %d again", back.ResumeID, first.ResumeID)
	}
}

// listTop is the screen line of the first list row with no chips shown:
// the box's border and title above it.
const listTop = 3
