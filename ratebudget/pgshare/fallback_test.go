package pgshare_test

import (
	"context"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"hrdesk/internal/testkit/arrivals"
	"hrdesk/internal/testkit/pgtest"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/ratebudget"
	"hrdesk/ratebudget/pgshare"
	"hrdesk/store"
)

// TestKilledDatabaseMidSync: PostgreSQL is killed while two machines sync
// on the real clock. The syncs go on at the fallback share (each process
// says why), nothing is lost or duplicated in their caches, the service
// refuses nothing, and once the database is back every process takes its
// turns from it again and what it sent meanwhile is counted there.
//
// It decides by events, not by how fast the machine is: after the first
// turns every ask waits at a gate until the database is killed, so each
// process asks the dead database (however fast its sync would otherwise
// end), and the database comes back once both said so and the service saw
// requests sent on the fallback share.
func TestKilledDatabaseMidSync(t *testing.T) {
	pg := pgtest.New(t) // its own server: this test kills it
	db := pg.Database(t)
	cfg := ratebudget.Config{Requests: 40, Window: 4 * time.Second, Burst: 4}
	const received = 400
	o := newOffice(t, nil, received, cfg, true)
	u, _ := url.Parse(o.base)
	srcs, _ := openSources(t, db, u.Host, 2, cfg, pgshare.Config{Probe: 100 * time.Millisecond, Patience: 500 * time.Millisecond})
	gate := &killGate{after: 6, killed: make(chan struct{})}
	o.addProcesses(t, []ratebudget.Source{gatedSource{srcs[0], gate}, gatedSource{srcs[1], gate}})

	wall, errs := o.syncAll(func() {
		testwait.Within(t, time.Minute, "the syncs' first turns", func() {
			for gate.granted.Load() < gate.after {
				time.Sleep(5 * time.Millisecond)
			}
		})
		if err := pg.Kill(); err != nil {
			t.Error(err)
		}
		killedAt := len(o.rec.Arrivals())
		close(gate.killed)
		// The syncs go on without it: each process said why, and the
		// service saw what they sent on their own share.
		testwait.Within(t, time.Minute, "both processes on their fallback, and requests sent on it", func() {
			for len(gate.saw()) < len(srcs) || len(o.rec.Arrivals()) < killedAt+4 {
				time.Sleep(5 * time.Millisecond)
			}
		})
		if err := pg.Restart(); err != nil {
			t.Error(err)
		}
	})
	for _, err := range errs {
		t.Errorf("a sync failed: %v", err)
	}
	in := o.rec.Arrivals()
	refused, busiest := arrivals.Figures(in, cfg.Window)
	if refused > 0 {
		t.Errorf("the service refused %d requests for the rate limit", refused)
	}
	said := gate.saw()
	if len(said) < len(srcs) {
		t.Errorf("%d of %d processes said they ran on their fallback share while PostgreSQL was down", len(said), len(srcs))
	}
	for _, why := range said {
		if !strings.Contains(why, "PostgreSQL") {
			t.Errorf("the fallback's reason %q does not name PostgreSQL", why)
		}
	}
	// Back on the shared budget once the database answers.
	testwait.Within(t, time.Minute, "the processes' return to the shared budget", func() {
		for _, s := range srcs {
			for {
				if why, _ := s.State(); why == "" {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
	})
	g, err := srcs[0].Take(context.Background(), ratebudget.Ask{Interactive: []string{"profile-1"}})
	if err != nil || g.Interactive != 1 {
		t.Errorf("after the restart: %+v, %v", g, err)
	}
	if why, _ := srcs[0].State(); why != "" {
		t.Errorf("a turn after the restart came from the fallback: %s", why)
	}
	// Nothing lost or duplicated: each cache holds what a sync on the
	// shared budget, with the database back, brings into a fresh one.
	ref, _ := openSources(t, db, u.Host, 1, cfg, pgshare.Config{})
	refOffice := &office{srv: o.srv, rec: o.rec, cfg: cfg, base: o.base}
	refOffice.addProcesses(t, []ratebudget.Source{ref[0]})
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
	t.Logf("%d requests in %s, busiest window %d of %d; the fallbacks said %q", len(in), wall.Round(time.Millisecond), busiest, cfg.Requests, said)
}

// killGate holds every ask after the first turns until the database is
// killed, and notes what each process says once it asked the dead one.
type killGate struct {
	after   int64
	granted atomic.Int64
	killed  chan struct{}
	mu      sync.Mutex
	reasons map[*pgshare.Source]string
}

func (g *killGate) saw() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []string
	for _, why := range g.reasons {
		out = append(out, why)
	}
	return out
}

// gatedSource is a process's Source behind the gate.
type gatedSource struct {
	*pgshare.Source
	gate *killGate
}

func (s gatedSource) Take(ctx context.Context, ask ratebudget.Ask) (ratebudget.Grant, error) {
	if s.gate.granted.Load() >= s.gate.after {
		select {
		case <-s.gate.killed:
		case <-ctx.Done():
			return ratebudget.Grant{}, ctx.Err()
		}
	}
	g, err := s.Source.Take(ctx, ask)
	s.gate.granted.Add(int64(g.Interactive + len(g.Background)))
	if why, _ := s.Source.State(); why != "" {
		s.gate.mu.Lock()
		if s.gate.reasons == nil {
			s.gate.reasons = map[*pgshare.Source]string{}
		}
		if _, ok := s.gate.reasons[s.Source]; !ok {
			s.gate.reasons[s.Source] = why
		}
		s.gate.mu.Unlock()
	}
	return g, err
}

func count(t *testing.T, st *store.Store) int {
	t.Helper()
	n, err := st.CountEntries(context.Background(), store.ListQuery{Scope: store.ScopeAll})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
