package ui

import (
	"context"
	"strings"
	"testing"

	"hrdesk/store"
	"hrdesk/views/statusbar"
)

// Issue 19 §2.6: a first sync looked empty for 20 s ("No resumes in this
// folder" under "syncing… 1575/1771"): rows appear as pages are written.
func TestAFirstSyncShowsRowsAsTheyArrive(t *testing.T) {
	st := fixture(t, 0)
	m, _ := newModel(t, st, 120, 40)
	if s := screen(m); !strings.Contains(s, "No resumes in this folder") {
		t.Fatalf("an empty cache:\n%s", s)
	}
	m.status.Update(statusbar.SyncStarted{})
	// The sync has written its first page when its progress arrives.
	if err := st.UpsertEntries(context.Background(), []store.Entry{entryAt(0), entryAt(3)}); err != nil {
		t.Fatal(err)
	}
	ch := make(chan SyncProgress)
	close(ch) // no further report
	send(t, m, syncProgressMsg{p: SyncProgress{Done: 2, Total: 1771}, ch: ch})
	s := screen(m)
	if !strings.Contains(s, "Фамилия0") || strings.Contains(s, "No resumes in this folder") || !strings.Contains(s, "2/1771") {
		t.Errorf("the rows written so far are not on screen while the sync goes on:\n%s", s)
	}
}
