package syncer

import (
	"context"
	"maps"
	"strconv"
	"strings"
	"testing"
	"time"

	"hrdesk/fakeapi"
	"hrdesk/store"
)

// One valid but wrong answer must not empty the recruiter's folders
// (issue 26 §4): a list that would hide most of what the cache holds is
// read again after a pause before anything is hidden.

// recheckWatch records an engine's pauses and notes.
type recheckWatch struct {
	pauses []time.Duration
	notes  []string
}

func watchRechecks(eng *Engine) *recheckWatch {
	w := &recheckWatch{}
	eng.opts.RecheckPause = 7 * time.Second
	eng.opts.Sleep = func(ctx context.Context, d time.Duration) error {
		w.pauses = append(w.pauses, d)
		return ctx.Err()
	}
	eng.prog.report = func(p Progress) {
		if p.Note != "" {
			w.notes = append(w.notes, p.Note)
		}
	}
	return w
}

func syncedFake(t *testing.T) (*fakeapi.Server, *store.Store, *Engine, map[int64]string) {
	t.Helper()
	srv, base := startFake(t, fakeapi.Options{Seed: 13, Received: 160})
	st := openStore(t)
	eng := apiEngine(t, srv, base, st)
	if _, err := eng.Sync(context.Background(), SyncOptions{Full: true}); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, st)
	if len(cachedIDs(t, st, store.FolderInbox)) == 0 {
		t.Fatalf("nothing in the inbox after the first sync (%d cached)", len(before))
	}
	return srv, st, eng, before
}

func TestOneEmptyAnswerHidesNothing(t *testing.T) {
	t.Parallel()
	srv, st, eng, before := syncedFake(t)
	w := watchRechecks(eng)
	inbox := len(cachedIDs(t, st, store.FolderInbox))
	srv.SetShapes(fakeapi.Shapes{EmptyLists: 1}) // the inbox's first read
	rep, err := eng.Sync(context.Background(), SyncOptions{Full: true})
	if err != nil {
		t.Fatal(err)
	}
	if now := snapshot(t, st); !maps.Equal(before, now) || rep.Missing != 0 {
		t.Fatalf("%d cached before, %d after, %d reported missing; one empty answer must hide nothing",
			len(before), len(now), rep.Missing)
	}
	if len(w.pauses) != 1 || w.pauses[0] != 7*time.Second {
		t.Errorf("pauses %v; want the list read again once, after the configured pause", w.pauses)
	}
	if len(w.notes) != 1 || !strings.Contains(w.notes[0], "inbox") || !strings.Contains(w.notes[0], "lists 0") ||
		!strings.Contains(w.notes[0], "holds "+itoa(inbox)) {
		t.Errorf("notes %q; want one saying the inbox listed 0 where the cache holds %d", w.notes, inbox)
	}
}

func TestTwoEmptyAnswersHide(t *testing.T) {
	t.Parallel()
	srv, st, eng, before := syncedFake(t)
	w := watchRechecks(eng)
	srv.SetShapes(fakeapi.Shapes{EmptyLists: 1000}) // the recruiter emptied every list
	rep, err := eng.Sync(context.Background(), SyncOptions{Full: true})
	if err != nil {
		t.Fatal(err)
	}
	if now := snapshot(t, st); len(now) != 0 || rep.Missing != len(before) {
		t.Errorf("%d still cached, %d reported missing of %d; two empty answers in a row are the truth",
			len(now), rep.Missing, len(before))
	}
	if len(w.pauses) != len(w.notes) || len(w.pauses) == 0 || len(w.pauses) > len(Statuses) {
		t.Errorf("%d pauses and notes %q; want one per list that held something", len(w.pauses), w.notes)
	}
}

// A list read three times with three different answers, each emptying
// most of the folder, is not trusted at all.
func TestReadsThatDisagreeHideNothing(t *testing.T) {
	srv := newMemServer()
	for i := int64(1); i <= 40; i++ {
		srv.add(i, 0, testNow.Add(-time.Duration(i)*time.Hour))
	}
	st := openStore(t)
	now := testNow
	eng := newEngine(srv, st, &now)
	if _, err := eng.Sync(context.Background(), SyncOptions{Full: true}); err != nil {
		t.Fatal(err)
	}
	w := watchRechecks(eng)
	// The service lists 10 of the 40, then 5, then 2: no two reads agree.
	left := []int64{10, 5, 2}
	keep := func(n int64) {
		srv.mu.Lock()
		for id, e := range srv.entries {
			if id > n {
				e.status = 99
			}
		}
		srv.mu.Unlock()
	}
	keep(left[0])
	sleep := eng.opts.Sleep
	eng.opts.Sleep = func(ctx context.Context, d time.Duration) error {
		keep(left[min(len(w.pauses)+1, len(left)-1)])
		return sleep(ctx, d)
	}
	rep, err := eng.Sync(context.Background(), SyncOptions{Full: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(cachedIDs(t, st, store.FolderInbox)); got != 40 || rep.Missing != 0 || rep.Unconfirmed != 1 {
		t.Errorf("%d of 40 cached, %d missing, %d unconfirmed; want nothing hidden and the list said unconfirmed",
			got, rep.Missing, rep.Unconfirmed)
	}
	if len(w.pauses) != maxReads-1 {
		t.Errorf("%d pauses; want %d reads", len(w.pauses), maxReads)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestDrasticIsMoreThanHalf(t *testing.T) {
	for _, c := range []struct {
		hide, cached int
		want         bool
	}{{0, 0, false}, {0, 10, false}, {5, 10, false}, {6, 10, true}, {1, 1, true}, {1, 2, false}} {
		if got := drastic(c.hide, c.cached); got != c.want {
			t.Errorf("drastic(%d of %d) = %v, want %v", c.hide, c.cached, got, c.want)
		}
	}
}

// memEntries are the entries memServer would list for ids, all at at.
func memEntries(ids []int64, at time.Time) []store.Entry {
	out := make([]store.Entry, 0, len(ids))
	for _, id := range ids {
		out = append(out, store.Entry{ResumeID: id, Scope: store.ScopeMine, Folder: store.FolderInbox, LastName: "L", FirstName: "F",
			Profession: "P", LastEventAt: at, Events: []store.Event{{Type: 10, DateEvent: at}}, RawJSON: []byte(`{}`)})
	}
	return out
}

// More than 500 responses within one second cannot be reached by any
// query (issue 27 item 8): the part read is kept, the rest of what the
// cache holds there is not hidden, and the report says so.
func TestABusySecondOverTheCapHidesNothing(t *testing.T) {
	srv := newMemServer()
	busy := testNow.Add(-time.Hour)
	var ids []int64
	for i := int64(1); i <= 620; i++ {
		srv.add(i, 0, busy)
		ids = append(ids, i)
	}
	st := openStore(t)
	if err := st.UpsertEntries(context.Background(), memEntries(ids, busy)); err != nil {
		t.Fatal(err)
	}
	now := testNow
	eng := newEngine(srv, st, &now)
	w := watchRechecks(eng)
	rep, err := eng.Sync(context.Background(), SyncOptions{Full: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(cachedIDs(t, st, store.FolderInbox)); got != 620 || rep.Missing != 0 {
		t.Errorf("%d of 620 cached, %d reported missing; a second over the cap was not read whole, nothing is hidden", got, rep.Missing)
	}
	if rep.Unread != 1 || len(w.notes) != 1 || !strings.Contains(w.notes[0], "620 responses within") {
		t.Errorf("unread %d, notes %q; want the busy second said once", rep.Unread, w.notes)
	}
}

// Two busy seconds are split into one each, and both are read whole.
func TestTwoBusySecondsAreSplit(t *testing.T) {
	srv := newMemServer()
	at := testNow.Add(-time.Hour)
	for i := int64(1); i <= 600; i++ {
		srv.add(i, 0, at.Add(time.Duration(i%2)*time.Second))
	}
	st := openStore(t)
	now := testNow
	eng := newEngine(srv, st, &now)
	var rep Report
	w := store.SyncWindow{Scope: store.ScopeMine, Status: 0, From: at, To: at.Add(time.Second)}
	if err := eng.fetchWindow(context.Background(), "", w, true, &rep); err != nil {
		t.Fatal(err)
	}
	if got := len(cachedIDs(t, st, store.FolderInbox)); got != 600 || rep.Unread != 0 {
		t.Errorf("%d of 600 cached, %d windows unread; two seconds of 300 each fit two queries", got, rep.Unread)
	}
}

// A list of exactly the cap is read whole, and what it no longer holds is
// hidden: 500 is within what one query reaches.
func TestAListOfExactlyTheCapIsReconciled(t *testing.T) {
	srv := newMemServer()
	at := testNow.Add(-time.Hour)
	for i := int64(1); i <= Cap; i++ {
		srv.add(i, 0, at.Add(-time.Duration(i)*time.Second))
	}
	st := openStore(t)
	gone := memEntries([]int64{9999}, at.Add(-time.Minute))
	if err := st.UpsertEntries(context.Background(), gone); err != nil {
		t.Fatal(err)
	}
	now := testNow
	rep, err := newEngine(srv, st, &now).Sync(context.Background(), SyncOptions{Full: true})
	if err != nil {
		t.Fatal(err)
	}
	got := cachedIDs(t, st, store.FolderInbox)
	if len(got) != Cap || got[9999] || rep.Missing != 1 || rep.Unread != 0 {
		t.Errorf("%d cached (9999: %v), %d missing, %d unread; want the %d listed, the one gone hidden, nothing unread",
			len(got), got[9999], rep.Missing, rep.Unread, Cap)
	}
}

// One empty answer to the own vacancies does not empty them; two do.
func TestOneEmptyVacancyListEmptiesNothing(t *testing.T) {
	srv := newMemServer()
	srv.add(1, 0, testNow.Add(-time.Hour))
	st := openStore(t)
	now := testNow
	eng := newEngine(srv, st, &now)
	if _, err := eng.Sync(context.Background(), SyncOptions{Full: true}); err != nil {
		t.Fatal(err)
	}
	w := watchRechecks(eng)
	for _, c := range []struct{ empty, want int }{{1, 1}, {2, 0}} {
		srv.mu.Lock()
		srv.emptyVacancies = c.empty
		srv.mu.Unlock()
		if _, err := eng.Sync(context.Background(), SyncOptions{Full: true}); err != nil {
			t.Fatal(err)
		}
		got, err := st.Vacancies(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != c.want {
			t.Errorf("%d empty answers: %d vacancies cached, want %d", c.empty, len(got), c.want)
		}
	}
	if len(w.pauses) != 2 || len(w.notes) != 2 || !strings.Contains(w.notes[0], "vacancies") {
		t.Errorf("pauses %v, notes %q; want each empty answer read again once", w.pauses, w.notes)
	}
}
