package triage_test

import (
	"testing"

	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/triage"
)

// freshCache is a cache of n resumes in the inbox (ids 100…), those of an
// even id not yet seen (new).
func freshCache(t *testing.T, n int) store.ScopedStore {
	return cache(t, n, func(e *store.Entry) { e.IsNew = e.ResumeID%2 == 0 })
}

// shownCounts is what the folders pane shows of folder: its total and new.
func shownCounts(t *testing.T, m *triage.Model, folder string) (total, fresh int) {
	t.Helper()
	f := m.Folders()
	i, ok := f.IndexOf(folder)
	if !ok {
		t.Fatalf("no folder %q on screen", folder)
	}
	was := f.Index()
	defer f.Select(was)
	f.Select(i)
	return f.Current().Total, f.Current().New
}

// Issue 28 §7: a move shows on the counts at once, the new among the
// resumes moved too: they leave the folder's new and come into the
// other's. Unmove puts both back.
func TestAMoveShowsTheNewOnesItMoves(t *testing.T) {
	m := screen(t, freshCache(t, 10), 140, 38)
	inT, inN := shownCounts(t, m, store.FolderInbox)
	coT, coN := shownCounts(t, m, store.FolderConsidered)
	if inT != 10 || inN != 5 || coT != 0 || coN != 0 {
		t.Fatalf("before: inbox %d +%d, considered %d +%d", inT, inN, coT, coN)
	}
	mv := m.Move([]int64{100, 101, 102}, store.FolderConsidered) // 100 and 102 new
	if t1, n1 := shownCounts(t, m, store.FolderInbox); t1 != 7 || n1 != 3 {
		t.Errorf("the inbox at once: %d +%d, want 7 +3", t1, n1)
	}
	if t1, n1 := shownCounts(t, m, store.FolderConsidered); t1 != 3 || n1 != 2 {
		t.Errorf("considered at once: %d +%d, want 3 +2", t1, n1)
	}
	m.Unmove(mv)
	if t1, n1 := shownCounts(t, m, store.FolderInbox); t1 != 10 || n1 != 5 {
		t.Errorf("the inbox unmoved: %d +%d, want 10 +5", t1, n1)
	}
	if t1, n1 := shownCounts(t, m, store.FolderConsidered); t1 != 0 || n1 != 0 {
		t.Errorf("considered unmoved: %d +%d, want 0", t1, n1)
	}
}

// A resume whose row the list has not loaded is counted from the one
// folder the list shows; moving resumes to the folder they are in shows
// nothing, and there is nothing to take back.
func TestAMoveCountsWhatTheScreenKnows(t *testing.T) {
	m := screen(t, freshCache(t, 10), 140, 38)
	m.Move([]int64{101, 999}, store.FolderConsidered) // 999: no row loaded, the inbox shown
	if t1, _ := shownCounts(t, m, store.FolderInbox); t1 != 8 {
		t.Errorf("the inbox: %d, want 8 (the row not loaded counted from the folder shown)", t1)
	}
	if t1, _ := shownCounts(t, m, store.FolderConsidered); t1 != 2 {
		t.Errorf("considered: %d, want 2", t1)
	}
	if mv := m.Move([]int64{103, 105}, store.FolderInbox); mv != nil {
		t.Errorf("a move to the folder they are in: %+v", mv)
	}
	if t1, _ := shownCounts(t, m, store.FolderInbox); t1 != 8 {
		t.Errorf("the inbox after a move to itself: %d, want 8", t1)
	}
}

// A read of the counts that started before a move and lands after it is
// older than the screen: the move shown at once stays (the cache's next
// read, after the write, replaces it).
func TestACountsReadOlderThanAMoveIsNotShown(t *testing.T) {
	m := screen(t, freshCache(t, 10), 140, 38)
	_, older := m.Update(triage.Refresh{}) // reads the counts as they are now
	m.Move([]int64{100, 101, 102}, store.FolderConsidered)
	panetest.Settle(t, m, older)
	if t1, _ := shownCounts(t, m, store.FolderInbox); t1 != 7 {
		t.Errorf("the inbox after a read older than the move: %d, want 7", t1)
	}
	_, newer := m.Update(triage.Refresh{})
	panetest.Settle(t, m, newer)
	if t1, _ := shownCounts(t, m, store.FolderInbox); t1 != 10 {
		t.Errorf("the inbox after a read newer than the move: %d, want the cache's 10", t1)
	}
}
