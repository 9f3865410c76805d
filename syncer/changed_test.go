package syncer

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"hrdesk/store"
)

// Report.Changed decides whether the workstation reloads its list and
// counts after a sync: a sync that found nothing, or never reached the
// service, says no; one that wrote entries says yes, even when it failed
// before the end.
func TestReportSaysWhetherTheCacheChanged(t *testing.T) {
	srv := newMemServer()
	spread(srv, rand.New(rand.NewPCG(21, 22)), 1, 300, 0, testNow)
	st := openStore(t)
	now := testNow

	// Cut after the first two pages of the inbox's one window (300
	// entries, three pages): 200 written, then the error.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cut := &cutServer{memServer: srv, after: 2, cancel: cancel}
	rep, err := New(cut, st, Options{Now: func() time.Time { return now }, Owner: "first"}).Sync(ctx, SyncOptions{})
	if err == nil {
		t.Fatal("the cut sync succeeded")
	}
	if n := len(cachedIDs(t, st, store.FolderInbox)); n == 0 || !rep.Changed() {
		t.Errorf("a sync cut after writing %d entries reports %+v: Changed %v", n, rep, rep.Changed())
	}

	eng := newEngine(srv, st, &now)
	if rep, err := eng.Sync(context.Background(), SyncOptions{}); err != nil || !rep.Changed() {
		t.Fatalf("the resumed sync: %+v %v", rep, err)
	}
	now = now.Add(time.Minute)
	if rep, err := eng.Sync(context.Background(), SyncOptions{}); err != nil || rep.Changed() {
		t.Errorf("a sync that found nothing new: %+v %v, Changed %v", rep, err, rep.Changed())
	}

	// Unreachable: nothing written.
	srv.resetRequests()
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	dead := &cutServer{memServer: srv, after: 0, cancel: cancel}
	now = now.Add(time.Minute)
	rep, err = New(dead, st, Options{Now: func() time.Time { return now }, Owner: "third"}).Sync(ctx, SyncOptions{})
	if err == nil || rep.Changed() {
		t.Errorf("a sync that reached nobody: %+v %v, Changed %v", rep, err, rep.Changed())
	}

	// One new response: changed.
	srv.add(9999, 0, now)
	now = now.Add(time.Minute)
	if rep, err := eng.Sync(context.Background(), SyncOptions{}); err != nil || !rep.Changed() || rep.Fetched == 0 {
		t.Errorf("a sync that brought a new response: %+v %v", rep, err)
	}
}
