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
