package syncer

import (
	"context"
	"errors"
	"testing"
	"time"

	"hrdesk/store"
)

// Behaviours of pull.go that a whole sync's end state does not show: how
// long a hidden entry is kept, when the catalogue is read again, the
// overlap of an incremental check, and that peeling reads a full page of
// new entries per request. Each was a surviving mutant of gremlins.

// An entry the server no longer lists is hidden at once but kept a day
// (it may come back, an outbox action may name it), then purged. The
// store stamps missing_since with the real clock, so the engine's clock
// starts at the real time and only moves forward from there.
func TestAHiddenEntryIsKeptADayThenPurged(t *testing.T) {
	srv := newMemServer()
	start := time.Now().Truncate(time.Second)
	for i := int64(1); i <= 5; i++ {
		srv.add(i, 0, start.Add(-time.Duration(i)*time.Hour))
	}
	st := openStore(t)
	now := start
	eng := newEngine(srv, st, &now)
	ctx := context.Background()
	if _, err := eng.Sync(ctx, SyncOptions{Full: true}); err != nil {
		t.Fatal(err)
	}
	srv.mu.Lock()
	delete(srv.entries, 3)
	srv.mu.Unlock()
	now = start.Add(time.Hour)
	rep, err := eng.Sync(ctx, SyncOptions{Full: true})
	if err != nil {
		t.Fatal(err)
	}
	d, err := st.Entry(ctx, 3)
	if err != nil || rep.Missing != 1 || d.MissingSince.IsZero() {
		t.Fatalf("an hour after it left the list: missing %d, entry %+v, %v; want it hidden and kept", rep.Missing, d.MissingSince, err)
	}
	now = start.Add(2 * time.Hour)
	if _, err := eng.Sync(ctx, SyncOptions{Full: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Entry(ctx, 3); err != nil {
		t.Fatalf("two hours after it left the list: %v; want it still kept", err)
	}
	// The test runs in well under a day of real time: missing_since is
	// before start + 1 h, so a sync at start + 26 h is past its day.
	now = start.Add(26 * time.Hour)
	if _, err := eng.Sync(ctx, SyncOptions{Full: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Entry(ctx, 3); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a day after it left the list: %v; want it purged", err)
	}
	if len(cachedIDs(t, st, store.FolderInbox)) != 4 {
		t.Errorf("the four still listed are not all cached")
	}
}

// The user, vacancies and templates are read on a full sync and then only
// when the last read is catalogueMaxAge old: an incremental check costs
// one request per list and nothing more.
func TestTheCatalogueIsReadAgainOnlyWhenOld(t *testing.T) {
	srv := newMemServer()
	for i := int64(1); i <= 5; i++ {
		srv.add(i, 0, testNow.Add(-time.Duration(i)*time.Hour))
	}
	st := openStore(t)
	now := testNow
	eng := newEngine(srv, st, &now)
	ctx := context.Background()
	rep, err := eng.Sync(ctx, SyncOptions{Full: true})
	if err != nil || !rep.Catalogue {
		t.Fatalf("full sync: catalogue %v, %v; want it read", rep.Catalogue, err)
	}
	for _, c := range []struct {
		after time.Duration
		want  bool
	}{{time.Hour, false}, {catalogueMaxAge - time.Second, false}, {catalogueMaxAge, true}, {catalogueMaxAge + time.Hour, false}} {
		now = testNow.Add(c.after)
		srv.resetRequests()
		rep, err := eng.Sync(ctx, SyncOptions{})
		if err != nil {
			t.Fatal(err)
		}
		wantReqs := len(Statuses)
		if c.want {
			// the user, the vacancies, three kinds of templates
			wantReqs += 5
		}
		if rep.Catalogue != c.want || srv.reqs() != wantReqs || rep.Full {
			t.Errorf("incremental %v after the full sync: catalogue %v, %d requests, full %v; want catalogue %v, %d requests",
				c.after, rep.Catalogue, srv.reqs(), rep.Full, c.want, wantReqs)
		}
	}
}

// An event stamped a little before the last sync point (a server whose
// clock lags, a response filed late) is still read by the next
// incremental check: it re-reads Overlap before the last sync point.
func TestAnEventStampedBeforeTheLastSyncIsRead(t *testing.T) {
	srv := newMemServer()
	for i := int64(1); i <= 5; i++ {
		srv.add(i, 0, testNow.Add(-time.Duration(i)*24*time.Hour))
	}
	st := openStore(t)
	now := testNow
	eng := newEngine(srv, st, &now)
	ctx := context.Background()
	if _, err := eng.Sync(ctx, SyncOptions{Full: true}); err != nil {
		t.Fatal(err)
	}
	// Entry 4 gets an event stamped five minutes before that sync.
	late := testNow.Add(-5 * time.Minute)
	srv.add(4, 0, late)
	now = testNow.Add(time.Hour)
	rep, err := eng.Sync(ctx, SyncOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d, err := st.Entry(ctx, 4)
	if err != nil || !d.LastEventAt.Equal(late) || rep.Fetched != 1 || rep.Full {
		t.Errorf("entry 4's last event %v (%v), %d fetched, full %v; want %v read by the incremental check alone",
			d.LastEventAt, err, rep.Fetched, rep.Full, late)
	}
}

// A list over the cap sorted newest first is peeled: each request brings
// a page of entries not read before, so 1,000 entries at distinct seconds
// cost about ten requests, not the thirteen of equal time slices.
func TestPeelingReadsAFullPageEachRequest(t *testing.T) {
	srv := newMemServer()
	for i := int64(1); i <= 1000; i++ {
		srv.add(i, 0, testNow.Add(-time.Duration(i)*time.Minute))
	}
	st := openStore(t)
	now := testNow
	rep, err := newEngine(srv, st, &now).Sync(context.Background(), SyncOptions{Full: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(cachedIDs(t, st, store.FolderInbox)); got != 1000 || rep.Unread != 0 {
		t.Fatalf("%d of 1000 cached, %d unread", got, rep.Unread)
	}
	// Peeled at 1000, 901, 802, 703, 604 and 505 (the page's oldest entry
	// starts the rest), then 406 read in five pages: 11.
	if got := srv.listsOf(0); got > 11 {
		t.Errorf("%d inbox requests for 1,000 entries; peeling takes 11", got)
	}
}

// A sync that went well ends by saying so: the last progress it reports
// is PhaseDone, which the status line waits for.
func TestASyncEndsWithPhaseDone(t *testing.T) {
	srv := newMemServer()
	srv.add(1, 0, testNow.Add(-time.Hour))
	st := openStore(t)
	var last Progress
	eng := New(srv, st, Options{Now: func() time.Time { return testNow }, Owner: "test", Sleep: noSleep, Progress: func(p Progress) { last = p }})
	if _, err := eng.Sync(context.Background(), SyncOptions{Full: true}); err != nil {
		t.Fatal(err)
	}
	if last.Phase != PhaseDone {
		t.Errorf("last progress %+v; want phase %q", last, PhaseDone)
	}
}

// A list of exactly the cap fits one query: five pages, no peeling (which
// would read its oldest entry twice and cost a sixth request).
func TestAListOfTheCapCostsFivePages(t *testing.T) {
	srv := newMemServer()
	for i := int64(1); i <= Cap; i++ {
		srv.add(i, 0, testNow.Add(-time.Duration(i)*time.Minute))
	}
	st := openStore(t)
	now := testNow
	if _, err := newEngine(srv, st, &now).Sync(context.Background(), SyncOptions{Full: true}); err != nil {
		t.Fatal(err)
	}
	if got := len(cachedIDs(t, st, store.FolderInbox)); got != Cap {
		t.Fatalf("%d of %d cached", got, Cap)
	}
	if got := srv.listsOf(0); got != Cap/PageSize {
		t.Errorf("%d inbox requests for a list of %d; want %d", got, Cap, Cap/PageSize)
	}
}

// Time slices are equal and as few as hold about splitTarget each: more
// would cost requests, fewer would be over the cap again.
func TestSplitWindowSlicesAreEqual(t *testing.T) {
	w := store.SyncWindow{Status: 0, From: time.Unix(1000, 0), To: time.Unix(1999, 0)}
	for _, c := range []struct{ total, parts int }{{501, 2}, {950, 2}, {951, 3}, {2000, 5}} {
		parts := splitWindow(w, c.total)
		if len(parts) != c.parts {
			t.Errorf("total %d: %d parts, want %d", c.total, len(parts), c.parts)
			continue
		}
		for _, p := range parts {
			if got, want := p.To.Unix()-p.From.Unix()+1, int64(1000/c.parts); got < want || got > want+1 {
				t.Errorf("total %d: part %v–%v is %d s, want %d", c.total, p.From.Unix(), p.To.Unix(), got, want)
			}
		}
	}
}

// A service with no responses at all syncs: the catalogue is read, and no
// templates are asked for, since they are served per resume.
func TestAnEmptyServiceSyncs(t *testing.T) {
	srv := newMemServer()
	st := openStore(t)
	now := testNow
	rep, err := newEngine(srv, st, &now).Sync(context.Background(), SyncOptions{})
	if err != nil || !rep.Catalogue {
		t.Fatalf("a sync of an empty service: %+v %v", rep, err)
	}
	// Four lists, the user, the vacancies: no template request.
	if got := srv.reqs(); got != 6 {
		t.Errorf("%d requests, want 6", got)
	}
}

// An incremental check that finds more new than one page shows reads the
// window since the last sync whole, and then moves the list's cursor: the
// next check, with nothing new, is one request per list again.
func TestMoreThanAPageOfNewMovesTheCursor(t *testing.T) {
	srv := newMemServer()
	for i := int64(1); i <= 5; i++ {
		srv.add(i, 0, testNow.Add(-time.Duration(i)*24*time.Hour))
	}
	st := openStore(t)
	now := testNow
	eng := newEngine(srv, st, &now)
	ctx := context.Background()
	if _, err := eng.Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	for i := int64(1); i <= 150; i++ {
		srv.add(1000+i, 0, testNow.Add(time.Duration(i)*time.Second))
	}
	now = testNow.Add(time.Hour)
	if rep, err := eng.Sync(ctx, SyncOptions{}); err != nil || rep.Fetched < 150 || rep.Full {
		t.Fatalf("150 new: %+v %v", rep, err)
	}
	now = testNow.Add(2 * time.Hour)
	srv.resetRequests()
	if _, err := eng.Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := srv.lists(); got != len(Statuses) {
		t.Errorf("nothing new after the big check: %d list requests, want %d", got, len(Statuses))
	}
	if got := len(cachedIDs(t, st, store.FolderInbox)); got != 155 {
		t.Errorf("%d cached, want 155", got)
	}
}
