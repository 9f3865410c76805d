package syncer

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"hrdesk/store"
)

// spread adds n entries of status with last events spread at random over the
// year before now, ids from base.
func spread(m *memServer, rng *rand.Rand, base int64, n, status int, now time.Time) {
	for i := 0; i < n; i++ {
		ago := time.Duration(rng.Int64N(int64(364 * 24 * time.Hour)))
		m.add(base+int64(i), status, now.Add(-ago).Truncate(time.Second))
	}
}

// 1,100 is over twice the cap: the inbox is peeled a page at a time until
// the rest fits the cap, then the rest is read page by page, and each list
// of its own size (40, 7) is read too.
func TestFullSyncFetchesEverythingPastTheCap(t *testing.T) {
	t.Parallel()
	srv := newMemServer()
	rng := rand.New(rand.NewPCG(1, 2))
	spread(srv, rng, 1, 1100, 0, testNow)
	spread(srv, rng, 10001, 40, 20, testNow)
	spread(srv, rng, 20001, 7, 10, testNow)
	st := openStore(t)
	now := testNow
	rep, err := newEngine(srv, st, &now).Sync(context.Background(), SyncOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(cachedIDs(t, st, store.FolderInbox)); got != 1100 {
		t.Errorf("inbox cached %d of 1100", got)
	}
	if got := len(cachedIDs(t, st, store.FolderConsidered)); got != 40 {
		t.Errorf("considered cached %d of 40", got)
	}
	if rep.Fetched < 1147 {
		t.Errorf("report fetched %d", rep.Fetched)
	}
	t.Logf("%d list requests for 1147 entries", srv.lists())
}

// The bound: a full sync of n received resumes in one list takes
// at most ceil(n/100) × 1.15 list requests (the issue states it for 10,000;
// BenchmarkFullSync10k reports that size).
//
// 2,000 is four times the cap: the first request finds the list over it,
// and from then on every request is a full page peeled off the window
// until the rest fits the cap and is read page by page, as at 10,000 (the
// path is the same per page, only repeated fewer times). The few requests
// a sync makes beyond one per page weigh five times more in a bound of 23
// than in one of 115, so the smaller list is the stricter test of them.
func TestFullSyncRequestBound(t *testing.T) {
	t.Parallel()
	const n = 2000
	srv := newMemServer()
	spread(srv, rand.New(rand.NewPCG(3, 4)), 1, n, 0, testNow)
	st := openStore(t)
	now := testNow
	if _, err := newEngine(srv, st, &now).Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := len(cachedIDs(t, st, store.FolderInbox)); got != n {
		t.Fatalf("cached %d of %d", got, n)
	}
	// Three empty lists cost one request each.
	if got, limit := srv.lists()-3, (n+PageSize-1)/PageSize*115/100; got > limit {
		t.Errorf("%d list requests for %d entries, limit %d", got, n, limit)
	} else {
		t.Logf("%d list requests for %d entries, limit %d", got, n, limit)
	}
}

// The inbox is over the cap: its one request sees a total no query could
// read whole, and that total must still match the cache's count.
func TestIncrementalNothingChangedIsOneRequestPerList(t *testing.T) {
	srv := newMemServer()
	spread(srv, rand.New(rand.NewPCG(5, 6)), 1, 600, 0, testNow)
	spread(srv, rand.New(rand.NewPCG(7, 8)), 5001, 30, 10, testNow)
	st := openStore(t)
	now := testNow
	eng := newEngine(srv, st, &now)
	if _, err := eng.Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	srv.resetRequests()
	now = now.Add(time.Hour)
	if _, err := eng.Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := srv.lists(); got != len(Statuses) {
		t.Errorf("incremental sync with nothing changed made %d list requests, want %d", got, len(Statuses))
	}
}

func TestIncrementalNoticesMovesAndDeletions(t *testing.T) {
	t.Parallel()
	srv := newMemServer()
	spread(srv, rand.New(rand.NewPCG(9, 10)), 1, 800, 0, testNow)
	st := openStore(t)
	now := testNow
	eng := newEngine(srv, st, &now)
	if _, err := eng.Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	now = now.Add(2 * time.Hour)
	// On the website: 7 moved to considered (an event), 12 deleted (none).
	srv.mu.Lock()
	srv.entries[7].status, srv.entries[7].last = 20, now.Add(-time.Hour)
	delete(srv.entries, 12)
	srv.mu.Unlock()
	srv.resetRequests()
	if _, err := eng.Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	if !cachedIDs(t, st, store.FolderConsidered)[7] {
		t.Error("a resume moved on the website is not in its new folder")
	}
	inbox := cachedIDs(t, st, store.FolderInbox)
	if inbox[7] || inbox[12] {
		t.Errorf("moved or deleted resumes still in the inbox: 7=%v 12=%v", inbox[7], inbox[12])
	}
	if len(inbox) != 798 {
		t.Errorf("inbox has %d, want 798", len(inbox))
	}
	t.Logf("incremental with a move and a deletion: %d list requests", srv.lists())
}

func TestKilledSyncResumes(t *testing.T) {
	t.Parallel()
	srv := newMemServer()
	// The network dies after 5 list requests: five pages of the inbox are
	// cached, 700 are not (still over the cap: the resumed run peels
	// again), and the refused list is not started.
	spread(srv, rand.New(rand.NewPCG(11, 12)), 1, 1200, 0, testNow)
	spread(srv, rand.New(rand.NewPCG(13, 14)), 5001, 300, 30, testNow)
	st := openStore(t)
	now := testNow
	eng := newEngine(srv, st, &now)
	srv.mu.Lock()
	srv.failNext = make([]error, 0)
	srv.mu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	failing := &cutServer{memServer: srv, after: 5, cancel: cancel}
	_, err := New(failing, st, Options{Now: func() time.Time { return now }, Owner: "first"}).Sync(ctx, SyncOptions{})
	if err == nil {
		t.Fatal("sync with a dead network succeeded")
	}
	if n := len(cachedIDs(t, st, store.FolderInbox)); n == 0 || n >= 1200 {
		t.Fatalf("after the cut, %d cached: want a partial cache", n)
	}
	if _, ok, _ := st.UnfinishedSyncRun(context.Background()); !ok {
		t.Fatal("no checkpoint left to resume")
	}
	srv.resetRequests()
	rep, err := eng.Sync(context.Background(), SyncOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Resumed {
		t.Error("second sync did not resume the first")
	}
	if n := len(cachedIDs(t, st, store.FolderInbox)); n != 1200 {
		t.Errorf("after resuming, %d of 1200 cached", n)
	}
	if n := len(cachedIDs(t, st, store.FolderRefused)); n != 300 {
		t.Errorf("after resuming, %d of 300 refused cached", n)
	}
}

// A window finished before the cut is not read again: the checkpoint
// remembers it. The inbox (300) and the two empty lists are done within the
// first five requests; the cut comes while the refused list (1,000, read a
// page at a time by peeling) is read.
func TestKilledSyncKeepsFinishedWindows(t *testing.T) {
	t.Parallel()
	srv := newMemServer()
	spread(srv, rand.New(rand.NewPCG(15, 16)), 1, 300, 0, testNow)
	spread(srv, rand.New(rand.NewPCG(17, 18)), 5001, 1000, 30, testNow)
	now := testNow

	clean := openStore(t)
	if _, err := newEngine(srv, clean, &now).Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	cleanLists := srv.lists()

	st := openStore(t)
	srv.resetRequests()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	failing := &cutServer{memServer: srv, after: 9, cancel: cancel}
	if _, err := New(failing, st, Options{Now: func() time.Time { return now }, Owner: "first"}).Sync(ctx, SyncOptions{}); err == nil {
		t.Fatal("sync with a dead network succeeded")
	}
	if n := len(cachedIDs(t, st, store.FolderInbox)); n != 300 {
		t.Fatalf("before the cut, %d of 300 inbox cached: the cut came too early", n)
	}
	srv.resetRequests()
	rep, err := newEngine(srv, st, &now).Sync(context.Background(), SyncOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Resumed {
		t.Error("second sync did not resume the first")
	}
	// After the resumed run, each list gets its one incremental request.
	if got := srv.listsOf(0); got > 1 {
		t.Errorf("resumed sync read the finished inbox again: %d inbox requests, want 1", got)
	}
	if got := srv.lists(); got >= cleanLists {
		t.Errorf("resumed sync made %d list requests, a clean one %d: finished windows were read again", got, cleanLists)
	}
	if n := len(cachedIDs(t, st, store.FolderRefused)); n != 1000 {
		t.Errorf("after resuming, %d of 1000 refused cached", n)
	}
	t.Logf("resumed: %d list requests; clean: %d", srv.lists(), cleanLists)
}

// cutServer fails every list request after the first `after`.
type cutServer struct {
	*memServer
	after  int
	cancel func()
}

func (c *cutServer) Received(ctx context.Context, q ReceivedQuery) (ReceivedPage, error) {
	if c.memServer.lists() >= c.after {
		c.cancel()
		return ReceivedPage{}, errors.Join(errOffline, ctx.Err())
	}
	return c.memServer.Received(ctx, q)
}

func TestSplitWindowCoversWithoutOverlap(t *testing.T) {
	w := store.SyncWindow{Status: 0, From: time.Unix(1000, 0), To: time.Unix(1999, 0)}
	for _, total := range []int{501, 950, 2000, 100000} {
		parts := splitWindow(w, total)
		if len(parts) < 2 {
			t.Fatalf("total %d: %d parts", total, len(parts))
		}
		next := w.From.Unix()
		for _, p := range parts {
			if p.From.Unix() != next || p.To.Before(p.From) {
				t.Fatalf("total %d: gap or overlap at %v", total, p)
			}
			next = p.To.Unix() + 1
		}
		if next != w.To.Unix()+1 {
			t.Fatalf("total %d: parts end at %d", total, next-1)
		}
	}
}

// A sync that wrote many documents leaves the search index merged (a first
// sync of 100,000 resumes left a thousand segments, and every filter
// keystroke paid for each); a sync that brought a few leaves it as it is.
func TestSyncTidiesTheSearchIndex(t *testing.T) {
	t.Parallel()
	srv := newMemServer()
	spread(srv, rand.New(rand.NewPCG(21, 22)), 1, 1200, 0, testNow)
	st := openStore(t)
	now := testNow
	if _, err := newEngine(srv, st, &now).Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	// store counts the documents written since the last merge here.
	const written = "store.search_writes"
	if n, ok, err := st.SyncMeta(context.Background(), written); err != nil || ok {
		t.Fatalf("after a first sync of 1,200: %q documents written since the last merge (%v)", n, err)
	}
	now = now.Add(time.Hour)
	for i := range 3 {
		srv.add(5001+int64(i), 0, now.Add(-time.Minute))
	}
	if _, err := newEngine(srv, st, &now).Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	if n, ok, err := st.SyncMeta(context.Background(), written); err != nil || !ok || n == "0" {
		t.Errorf("after a sync of 3 new: %q written since the last merge, %v (%v)", n, ok, err)
	}
}
