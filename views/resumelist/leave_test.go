package resumelist

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
)

// manyPeople are n rows, resume ids 1..n in list order.
func manyPeople(n int) []store.EntryRow {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("P%d", i+1)
	}
	out := people(names...)
	for i := range out {
		out[i].Folder = store.FolderInbox
	}
	return out
}

// listAt is a list of the inbox's 450 rows with the cursor on row index
// cursor, its pages loaded around it.
func listAt(t *testing.T, folder string, cursor int) *Model {
	t.Helper()
	m := newList(t, &rows{all: manyPeople(450)})
	drain(t, m, m.SetQuery(store.ListQuery{Folder: folder}))
	m.Focus()
	for range cursor {
		_, cmd := m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
		drain(t, m, cmd)
	}
	return m
}

// Issue 28 §7: a move's rows leave the folder shown at once, as the list
// read after the write shows them; the rows below close up across a
// page's end, the total drops, the cursor stays on its resume.
func TestLeaveClosesUpTheFolder(t *testing.T) {
	m := listAt(t, store.FolderInbox, 198)
	if r, ok := m.Selected(); !ok || r.ResumeID != 199 || len(m.pages) < 2 {
		t.Fatalf("the cursor on %d (%v), %d pages loaded", r.ResumeID, ok, len(m.pages))
	}
	offset := m.pos.Offset
	if offset < 6 {
		t.Fatalf("the list shows from row %d: want it scrolled past the leavers", offset)
	}
	m.Leave([]int64{3, 6, 200}, store.FolderConsidered) // indexes 2, 5 and 199
	if r, ok := m.Selected(); !ok || r.ResumeID != 199 || m.pos.Cursor != 196 {
		t.Errorf("the cursor: on %d (%v) at %d, want 199 at 196", r.ResumeID, ok, m.pos.Cursor)
	}
	if m.pos.Offset != offset-2 { // the first row shown moves up with the two that left above it
		t.Errorf("the first row shown: %d, want %d", m.pos.Offset, offset-2)
	}
	for i, want := range map[int]int64{1: 2, 2: 4, 4: 7, 197: 201, 199: 203, 200: 204} {
		if r, ok := m.row(i); !ok || r.ResumeID != want {
			t.Errorf("row %d: %d (%v), want %d", i, r.ResumeID, ok, want)
		}
	}
	if n, _ := m.Total(); n != 447 || m.Settled() {
		t.Errorf("total %d, settled %v: want 447, not settled until the Reload", n, m.Settled())
	}
}

// Over every folder the rows stay, marked queued, in their new folder; a
// resume the list holds no row of leaves a folder's list as it was.
func TestLeaveEverywhereMarksTheRows(t *testing.T) {
	m := listAt(t, "", 0)
	m.Leave([]int64{2}, store.FolderConsidered)
	if r, _ := m.row(1); r.ResumeID != 2 || r.Folder != store.FolderConsidered || r.Pending != 1 {
		t.Errorf("row 1 over every folder: %+v", r)
	}
	m = listAt(t, store.FolderInbox, 0)
	m.Leave([]int64{2, 449}, store.FolderConsidered) // 449 is not loaded
	if r, _ := m.row(1); r.ResumeID != 2 || !m.Settled() {
		t.Errorf("with a leaver not loaded the list changed: row 1 is %d", r.ResumeID)
	}
}
