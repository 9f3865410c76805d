package syncer

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"hrdesk/store"
)

// A window over the cap that cannot be peeled is cut into time slices, and
// every slice must be read: these tests reach that path, which a server
// serving full pages newest first never does.

func TestFullSyncSplitsByTimeWhenPagesAreNotNewestFirst(t *testing.T) {
	t.Parallel()
	srv := newMemServer()
	srv.oldestFirst = true
	spread(srv, rand.New(rand.NewPCG(21, 22)), 1, 1200, 0, testNow)
	spread(srv, rand.New(rand.NewPCG(23, 24)), 10001, 600, 30, testNow)
	st := openStore(t)
	now := testNow
	if _, err := newEngine(srv, st, &now).Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := len(cachedIDs(t, st, store.FolderInbox)); got != 1200 {
		t.Errorf("inbox cached %d of 1200", got)
	}
	if got := len(cachedIDs(t, st, store.FolderRefused)); got != 600 {
		t.Errorf("refused cached %d of 600", got)
	}
	t.Logf("%d list requests for 1800 entries served oldest first", srv.lists())
}

func TestFullSyncSplitsByTimeAroundABusySecond(t *testing.T) {
	srv := newMemServer()
	// 150 entries share the newest second: a whole first page within one
	// second cannot be peeled, so the window is cut by time.
	busy := testNow.Add(-time.Hour)
	for i := int64(0); i < 150; i++ {
		srv.add(50001+i, 0, busy)
	}
	spread(srv, rand.New(rand.NewPCG(25, 26)), 1, 900, 0, busy)
	st := openStore(t)
	now := testNow
	if _, err := newEngine(srv, st, &now).Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	got := cachedIDs(t, st, store.FolderInbox)
	if len(got) != 1050 {
		t.Errorf("inbox cached %d of 1050", len(got))
	}
	missing := 0
	for i := int64(0); i < 150; i++ {
		if !got[50001+i] {
			missing++
		}
	}
	if missing > 0 {
		t.Errorf("%d of the 150 entries of the busy second not cached", missing)
	}
}
