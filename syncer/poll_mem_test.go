package syncer

import (
	"context"
	"testing"
	"time"

	"hrdesk/store"
)

// newMem is memServer whose responses from id 1000 on are new (is_new).
type newMem struct{ *memServer }

func (n newMem) Received(ctx context.Context, q ReceivedQuery) (ReceivedPage, error) {
	p, err := n.memServer.Received(ctx, q)
	for i := range p.Entries {
		p.Entries[i].IsNew = p.Entries[i].ResumeID >= 1000
	}
	return p, err
}

// pollMemRig is a profile polled on a clock that starts at the real time:
// the store stamps a full sync with its own clock.
func pollMemRig(t *testing.T) (*memServer, *store.Store, *Engine, *time.Time) {
	t.Helper()
	srv := newMemServer()
	start := time.Now().Truncate(time.Second)
	for i := int64(1); i <= 3; i++ {
		srv.add(i, 0, start.Add(-time.Duration(i)*time.Hour))
		srv.add(100+i, 20, start.Add(-time.Duration(i)*time.Hour))
	}
	st := openStore(t)
	now := start
	eng := New(newMem{srv}, st, Options{Now: func() time.Time { return now }, Owner: "test", Sleep: noSleep})
	return srv, st, eng, &now
}

// The inbox is checked on every poll, the other lists once their last
// check is pollOthersEvery old, to the second.
func TestAPollChecksTheOtherListsEveryTenMinutes(t *testing.T) {
	srv, _, eng, now := pollMemRig(t)
	ctx := context.Background()
	start := *now
	if rep, err := eng.Poll(ctx); err != nil || !rep.Full {
		t.Fatalf("the first poll: %+v %v; want a whole sync", rep, err)
	}
	for _, c := range []struct {
		at    time.Duration
		lists int
	}{
		// The full sync's stamp is the store's real time, a little after
		// start: 31 minutes are past pollOthersEvery on any machine.
		{time.Minute, 1},
		{31 * time.Minute, 4},
		{31*time.Minute + pollOthersEvery - time.Second, 1},
		{31*time.Minute + pollOthersEvery, 4},
	} {
		*now = start.Add(c.at)
		srv.resetRequests()
		if rep, err := eng.Poll(ctx); err != nil || rep.Full {
			t.Fatalf("poll at +%v: %+v %v", c.at, rep, err)
		}
		if got := srv.lists(); got != c.lists || srv.listsOf(0) != 1 {
			t.Errorf("poll at +%v: %d list requests (%d of the inbox), want %d", c.at, got, srv.listsOf(0), c.lists)
		}
	}
}

// A response that left the inbox without an event (deleted on the site)
// makes the poll read the inbox whole, which hides it; the poll then goes
// on.
func TestAPollHidesWhatLeftTheInbox(t *testing.T) {
	srv, st, eng, now := pollMemRig(t)
	ctx := context.Background()
	if _, err := eng.Poll(ctx); err != nil {
		t.Fatal(err)
	}
	srv.mu.Lock()
	delete(srv.entries, 2)
	srv.mu.Unlock()
	// Past catalogueMaxAge: the poll goes on to the catalogue after the
	// full pass.
	*now = now.Add(catalogueMaxAge + time.Minute)
	rep, err := eng.Poll(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := cachedIDs(t, st, store.FolderInbox); got[2] || len(got) != 2 || rep.Missing != 1 || !rep.Catalogue {
		t.Errorf("after the poll: inbox %v, missing %d, catalogue %v; want 1 and 3, 2 hidden, the catalogue read", got, rep.Missing, rep.Catalogue)
	}
}

// A poll counts as arrived the new responses the cache does not have, and
// a cached new one whose last event is newer than the cache's; not one it
// holds as it is.
func TestAPollCountsWhatArrived(t *testing.T) {
	srv, _, eng, now := pollMemRig(t)
	ctx := context.Background()
	start := *now
	if _, err := eng.Poll(ctx); err != nil {
		t.Fatal(err)
	}
	srv.add(1001, 0, start.Add(30*time.Second))
	srv.add(1002, 0, start.Add(40*time.Second))
	*now = start.Add(time.Minute)
	if rep, err := eng.Poll(ctx); err != nil || rep.Arrived != 2 {
		t.Fatalf("two new responses: %+v %v, want 2 arrived", rep, err)
	}
	srv.add(1001, 0, start.Add(90*time.Second))
	*now = start.Add(2 * time.Minute)
	if rep, err := eng.Poll(ctx); err != nil || rep.Arrived != 1 {
		t.Errorf("one of them again, with a newer event: %+v %v, want 1 arrived", rep, err)
	}
	*now = start.Add(3 * time.Minute)
	if rep, err := eng.Poll(ctx); err != nil || rep.Arrived != 0 {
		t.Errorf("nothing new: %+v %v, want none arrived", rep, err)
	}
}
