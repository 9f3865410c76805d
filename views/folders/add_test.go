package folders

import (
	"testing"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
)

// A move known before the cache has it moves the counts of both folders,
// the tab strip's with them; the cache's figures replace the guess.
func TestAddMovesTheCountsUntilTheCacheSays(t *testing.T) {
	m := New(panetest.Plain(i18n.EN))
	m.SetCounts([]store.FolderCount{{Folder: store.FolderInbox, Total: 10, New: 4}, {Folder: store.FolderConsidered, Total: 2}})
	m.Add(store.FolderInbox, -3, -1)
	m.Add(store.FolderConsidered, 3, 1)
	m.Add("no such folder", 5, 5)
	if in, _ := m.IndexOf(store.FolderInbox); m.items[in].Total != 7 || m.items[in].New != 3 {
		t.Errorf("inbox after the move: %+v", m.items[in])
	}
	keyed, _ := m.Cells()
	if keyed[1].Count != "5" {
		t.Errorf("the strip's Considered: %q, want 5", keyed[1].Count)
	}
	m.Add(store.FolderConsidered, -9, -9)
	if c, _ := m.IndexOf(store.FolderConsidered); m.items[c].Total != 0 || m.items[c].New != 0 {
		t.Errorf("a count went below 0: %+v", m.items[c])
	}
	m.SetCounts([]store.FolderCount{{Folder: store.FolderInbox, Total: 10, New: 4}})
	if m.Current().Total != 10 || m.Current().New != 4 {
		t.Errorf("the cache's figures did not win: %+v", m.Current())
	}
}
