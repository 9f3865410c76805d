package ui

import (
	"context"
	"testing"

	tea "charm.land/bubbletea/v2"

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
	fw, _, _ := m.wideWidths()

	// A click on the third row of the list selects it, and the resume follows.
	send(t, m, tea.MouseClickMsg{X: fw + 5, Y: listTop + 2, Button: tea.MouseLeft})
	q := m.list.Query()
	q.Limit = 3
	top, err := st.ListEntries(context.Background(), q)
	if err != nil || len(top) != 3 {
		t.Fatal(err)
	}
	third, _ := m.list.Selected()
	if third.ResumeID != top[2].ResumeID || m.detail.ResumeID != third.ResumeID {
		t.Fatalf("click: cursor on %d, detail %d, want %d", third.ResumeID, m.detail.ResumeID, top[2].ResumeID)
	}
	// The wheel moves the cursor in the list under the pointer.
	send(t, m, tea.MouseWheelMsg{X: fw + 5, Y: 10, Button: tea.MouseWheelDown})
	if next, _ := m.list.Selected(); next.ResumeID == third.ResumeID {
		t.Error("wheel down did not move the list")
	}
	// A click on the folders pane picks a folder.
	send(t, m, tea.MouseClickMsg{X: 2, Y: 3, Button: tea.MouseLeft})
	if m.list.Query().Folder != store.FolderConsidered {
		t.Errorf("folder click: list shows %q", m.list.Query().Folder)
	}
	// A right click or a click outside the rows does nothing.
	before, _ := m.list.Selected()
	send(t, m, tea.MouseClickMsg{X: fw + 5, Y: listTop + 1, Button: tea.MouseRight})
	send(t, m, tea.MouseClickMsg{X: fw + 5, Y: 1, Button: tea.MouseLeft})
	if after, _ := m.list.Selected(); after.ResumeID != before.ResumeID {
		t.Error("a click off the rows moved the cursor")
	}
}
