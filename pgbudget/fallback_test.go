package pgbudget_test

import (
	"context"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"hrdesk/budget"
	"hrdesk/internal/pgtest"
	"hrdesk/internal/testwait"
	"hrdesk/pgbudget"
	"hrdesk/store"
)

// TestKilledDatabaseMidSync: PostgreSQL is killed while two machines sync
// on the real clock. The syncs go on at the fallback share (each process
// says why), nothing is lost or duplicated in their caches, the service
// refuses nothing, and once the database is back every process takes its
// turns from it again and what it sent meanwhile is counted there.
func TestKilledDatabaseMidSync(t *testing.T) {
	pg := pgtest.New(t) // its own server: this test kills it
	db := pg.Database(t)
	cfg := budget.Config{Requests: 40, Window: 4 * time.Second, Burst: 4}
	const received = 800
	o := newOffice(t, nil, received, cfg, true)
	u, _ := url.Parse(o.base)
	srcs, asSources := openSources(t, db, u.Host, 2, cfg, pgbudget.Config{Probe: 100 * time.Millisecond, Patience: 500 * time.Millisecond})
	o.addProcesses(t, asSources)

	var sawFallback []string
	var mu sync.Mutex
	wall, errs := o.syncAll(func() {
		// Kill it once the syncs are under way.
		deadline := time.Now().Add(30 * time.Second)
		for len(o.rec.arrivals()) < 6 && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if err := pg.Kill(); err != nil {
			t.Error(err)
			return
		}
		killedAt := len(o.rec.arrivals())
		// The syncs go on without it.
		for time.Now().Before(deadline) && len(o.rec.arrivals()) < killedAt+4 {
			for _, s := range srcs {
				if why, _ := s.State(); why != "" {
					mu.Lock()
					sawFallback = append(sawFallback, why)
					mu.Unlock()
				}
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err := pg.Restart(); err != nil {
			t.Error(err)
		}
	})
	for _, err := range errs {
		t.Errorf("a sync failed: %v", err)
	}
	in := o.rec.arrivals()
	refused, busiest := windowFigures(in, cfg.Window)
	if refused > 0 {
		t.Errorf("the service refused %d requests for the rate limit", refused)
	}
	if len(sawFallback) == 0 {
		t.Error("no process said it ran on its fallback share while PostgreSQL was down")
	} else if !strings.Contains(sawFallback[0], "PostgreSQL") {
		t.Errorf("the fallback's reason %q does not name PostgreSQL", sawFallback[0])
	}
	// Back on the shared budget once the database answers.
	testwait.Within(t, 20*time.Second, "the processes' return to the shared budget", func() {
		for _, s := range srcs {
			for {
				if why, _ := s.State(); why == "" {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
	})
	g, err := srcs[0].Take(context.Background(), budget.Ask{Interactive: []string{"profile-1"}})
	if err != nil || g.Interactive != 1 {
		t.Errorf("after the restart: %+v, %v", g, err)
	}
	if why, _ := srcs[0].State(); why != "" {
		t.Errorf("a turn after the restart came from the fallback: %s", why)
	}
	// Nothing lost or duplicated: each cache holds what a sync on the
	// shared budget, with the database back, brings into a fresh one.
	ref, _ := openSources(t, db, u.Host, 1, cfg, pgbudget.Config{})
	refOffice := &office{srv: o.srv, rec: o.rec, cfg: cfg, base: o.base}
	refOffice.addProcesses(t, []budget.Source{ref[0]})
	if _, errs := refOffice.syncAll(nil); len(errs) > 0 {
		t.Fatalf("the reference sync: %v", errs)
	}
	want := count(t, refOffice.procs[0].st)
	for i, p := range o.procs {
		if n := count(t, p.st); n != want || n == 0 {
			t.Errorf("process %d's cache holds %d responses, a sync without the kill %d", i+1, n, want)
		}
	}
	if why, _ := ref[0].State(); why != "" {
		t.Errorf("the reference sync ran on the fallback: %s", why)
	}
	t.Logf("%d requests in %s, busiest window %d of %d; fallback said %q", len(in), wall.Round(time.Millisecond), busiest, cfg.Requests, sawFallback[0])
}

func count(t *testing.T, st *store.Store) int {
	t.Helper()
	n, err := st.CountEntries(context.Background(), store.ListQuery{Scope: store.ScopeAll})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
