package syncer

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"hrdesk/store"
)

// Behaviours of engine.go that whole syncs do not show: the defaults of
// zero Options, Report.Changed for each kind of change, and who holds the
// sync lease. Each was a surviving mutant of gremlins (issue 27).

// A zero Horizon reads a year back: a response whose last event is 364
// days old is cached, one 366 days old is not; a Horizon given is kept.
func TestAZeroHorizonReadsAYearBack(t *testing.T) {
	srv := newMemServer()
	srv.add(1, 0, testNow.Add(-364*24*time.Hour))
	srv.add(2, 0, testNow.Add(-366*24*time.Hour))
	srv.add(3, 0, testNow.Add(-2*time.Hour))
	for _, c := range []struct {
		horizon time.Duration
		want    []int64
	}{
		{0, []int64{1, 3}},
		{-time.Hour, []int64{1, 3}},
		{3 * time.Hour, []int64{3}},
	} {
		st := openStore(t)
		eng := New(srv, st, Options{Now: func() time.Time { return testNow }, Owner: "test", Sleep: noSleep, Horizon: c.horizon})
		if _, err := eng.Sync(context.Background(), SyncOptions{}); err != nil {
			t.Fatal(err)
		}
		got := cachedIDs(t, st, store.FolderInbox)
		if len(got) != len(c.want) {
			t.Errorf("horizon %v: cached %v, want %v", c.horizon, got, c.want)
		}
		for _, id := range c.want {
			if !got[id] {
				t.Errorf("horizon %v: cached %v, want %v", c.horizon, got, c.want)
			}
		}
	}
}

// A list that would empty a folder is read again after RecheckPause,
// through Sleep: DefaultRecheckPause when none is given, the one given
// otherwise.
func TestTheRecheckPauseDefaultsAndIsKept(t *testing.T) {
	for _, c := range []struct {
		given, want time.Duration
	}{
		{0, DefaultRecheckPause},
		{-time.Second, DefaultRecheckPause},
		{7 * time.Second, 7 * time.Second},
	} {
		srv := newMemServer()
		for i := int64(1); i <= 4; i++ {
			srv.add(i, 0, testNow.Add(-time.Duration(i)*time.Hour))
		}
		st := openStore(t)
		var mu sync.Mutex
		var waits []time.Duration
		eng := New(srv, st, Options{Now: func() time.Time { return testNow }, Owner: "test", RecheckPause: c.given,
			Sleep: func(ctx context.Context, d time.Duration) error {
				mu.Lock()
				waits = append(waits, d)
				mu.Unlock()
				return ctx.Err()
			}})
		ctx := context.Background()
		if _, err := eng.Sync(ctx, SyncOptions{Full: true}); err != nil {
			t.Fatal(err)
		}
		srv.mu.Lock()
		clear(srv.entries)
		srv.mu.Unlock()
		if _, err := eng.Sync(ctx, SyncOptions{Full: true}); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		got := append([]time.Duration(nil), waits...)
		mu.Unlock()
		if len(got) == 0 || got[0] != c.want {
			t.Errorf("RecheckPause %v: the sync waited %v before reading the emptied inbox again, want %v first", c.given, got, c.want)
		}
	}
}

// The lease names its process: by default "pid-<pid>@<host>-…", which
// lets the next process break the lease of a killed one; an Owner given
// is kept.
func TestTheLeaseOwnerNamesTheProcess(t *testing.T) {
	st := openStore(t)
	if got := New(newMemServer(), st, Options{}).opts.Owner; !strings.HasPrefix(got, OwnerPrefix()) || got == OwnerPrefix() {
		t.Errorf("default owner %q, want %q and a suffix", got, OwnerPrefix())
	}
	if got := New(newMemServer(), st, Options{Owner: "me"}).opts.Owner; got != "me" {
		t.Errorf("owner given as %q became %q", "me", got)
	}
	if !strings.HasPrefix(OwnerPrefix(), "pid-") {
		t.Errorf("OwnerPrefix %q", OwnerPrefix())
	}
}

// Changed is true as soon as one kind of change is there, whatever the
// others are, and false for a report of requests alone.
func TestReportChangedByEachKindAlone(t *testing.T) {
	for _, r := range []Report{{Fetched: 1}, {Missing: 1}, {Pushed: 1}, {Failed: 1}, {Unknown: 1}, {Catalogue: true},
		{Fetched: 2, Missing: 3, Pushed: 1, Failed: 1, Unknown: 1}} {
		if !r.Changed() {
			t.Errorf("%+v: Changed false", r)
		}
	}
	for _, r := range []Report{{}, {Requests: 9, Arrived: 0, Deferred: 2, Unread: 1, Unconfirmed: 1, Resumed: true, Duration: time.Second}} {
		if r.Changed() {
			t.Errorf("%+v: Changed true", r)
		}
	}
}

func TestParseOwner(t *testing.T) {
	for _, c := range []struct {
		owner string
		pid   int
		host  string
		ok    bool
	}{
		{"pid-123@box-1a2b", 123, "box", true},
		{"pid-7@my-host.lan-xyz", 7, "my-host.lan", true},
		{"pid-7@-x", 7, "", true},
		{"pid-12-abc", 0, "", false},     // no host
		{"pid-x@box-1", 0, "box", false}, // no pid
		{"test", 0, "", false},
		{"pid-5@box", 0, "", false}, // no suffix after the host
	} {
		pid, host, ok := parseOwner(c.owner)
		if ok != c.ok || ok && (pid != c.pid || host != c.host) {
			t.Errorf("parseOwner(%q) = %d, %q, %v; want %d, %q, %v", c.owner, pid, host, ok, c.pid, c.host, c.ok)
		}
	}
}

// A sync's lease keeps another process out for leaseTTL, not less: its
// owner renews nothing while it reads a list for a minute.
func TestTheSyncLeaseKeepsOthersOutForItsTTL(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	e := New(newMemServer(), st, Options{Owner: "test"})
	if err := e.lease(ctx); err != nil {
		t.Fatal(err)
	}
	_, until, err := st.LeaseHolder(ctx, "sync")
	if err != nil {
		t.Fatal(err)
	}
	if left := time.Until(until); left < time.Minute {
		t.Errorf("the lease holds until %v, %v from now; want over a minute", until, left)
	}
	if ok, err := st.AcquireLease(ctx, "sync", "other", time.Minute); err != nil || ok {
		t.Errorf("another owner took the lease at once: %v %v", ok, err)
	}
}
