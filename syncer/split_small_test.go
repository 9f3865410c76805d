package syncer

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"hrdesk/store"
)

// The paths of fetchWindow the volume tests reach (split_test.go,
// TestKilledSyncKeepsFinishedWindows), on lists small enough for a
// mutation run to afford on every mutant.

// A window just over the cap served oldest first cannot be peeled: it is
// cut into two time slices, both checkpointed in the run and both read.
func TestASmallWindowOverTheCapIsSplitByTime(t *testing.T) {
	srv := newMemServer()
	srv.oldestFirst = true
	spread(srv, rand.New(rand.NewPCG(41, 42)), 1, 600, 0, testNow)
	st := openStore(t)
	now := testNow
	if _, err := newEngine(srv, st, &now).Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := len(cachedIDs(t, st, store.FolderInbox)); got != 600 {
		t.Errorf("inbox cached %d of 600", got)
	}
	if _, ok, err := st.UnfinishedSyncRun(context.Background()); err != nil || ok {
		t.Errorf("the run is left unfinished (%v, %v)", ok, err)
	}
}

// A window read before a sync is cut is done in the checkpoint: the run
// left behind has only the lists not read yet.
func TestAWindowReadBeforeTheCutIsDoneInTheCheckpoint(t *testing.T) {
	srv := newMemServer()
	for i := int64(1); i <= 5; i++ {
		srv.add(i, 0, testNow.Add(-time.Duration(i)*time.Hour))
		srv.add(100+i, 20, testNow.Add(-time.Duration(i)*time.Hour))
	}
	st := openStore(t)
	now := testNow
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// One list request gets through: the inbox's one page.
	cut := &cutServer{memServer: srv, after: 1, cancel: cancel}
	if _, err := New(cut, st, Options{Now: func() time.Time { return now }, Owner: "first", Sleep: noSleep}).Sync(ctx, SyncOptions{}); err == nil {
		t.Fatal("the cut sync succeeded")
	}
	run, ok, err := st.UnfinishedSyncRun(context.Background())
	if err != nil || !ok {
		t.Fatalf("no run left to resume (%v, %v)", ok, err)
	}
	var left []int
	for _, w := range run.Remaining() {
		left = append(left, w.Status)
	}
	if len(left) != 3 || len(run.Windows) != 4 {
		t.Fatalf("the run has %d windows, %v left; want the inbox done and the other 3 left", len(run.Windows), left)
	}
	for _, s := range left {
		if s == 0 {
			t.Errorf("the inbox, read before the cut, is left to do: %v", left)
		}
	}
}

// The slice peeled off a window over the cap is done in the checkpoint as
// soon as it is read: a sync cut right after it leaves only the rest of
// the window (and the lists not read) to the next.
func TestAPeeledSliceIsDoneInTheCheckpoint(t *testing.T) {
	srv := newMemServer()
	for i := int64(1); i <= 600; i++ {
		srv.add(i, 0, testNow.Add(-time.Duration(i)*time.Minute))
	}
	st := openStore(t)
	now := testNow
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// One list request gets through: the inbox's first page, peeled.
	cut := &cutServer{memServer: srv, after: 1, cancel: cancel}
	if _, err := New(cut, st, Options{Now: func() time.Time { return now }, Owner: "first", Sleep: noSleep}).Sync(ctx, SyncOptions{}); err == nil {
		t.Fatal("the cut sync succeeded")
	}
	run, ok, err := st.UnfinishedSyncRun(context.Background())
	if err != nil || !ok {
		t.Fatalf("no run left to resume (%v, %v)", ok, err)
	}
	var inboxDone, inboxLeft []store.SyncWindow
	for _, w := range run.Windows {
		switch {
		case w.Status == 0 && w.Done:
			inboxDone = append(inboxDone, w)
		case w.Status == 0:
			inboxLeft = append(inboxLeft, w)
		}
	}
	// The page's oldest second belongs to the rest: 99 entries at
	// distinct minutes are the slice.
	if len(inboxDone) != 1 || inboxDone[0].Fetched != PageSize-1 || len(inboxLeft) != 1 {
		t.Errorf("the inbox's windows: done %+v, left %+v; want the peeled page done, the rest left", inboxDone, inboxLeft)
	}
	if got := len(cachedIDs(t, st, store.FolderInbox)); got != PageSize-1 {
		t.Errorf("%d cached before the cut, want the peeled slice's %d", got, PageSize-1)
	}
}
