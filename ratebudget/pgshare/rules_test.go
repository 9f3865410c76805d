package pgshare_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"hrdesk/internal/testkit/pgtest"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/ratebudget"
	"hrdesk/ratebudget/pgshare"
)

// TestBackgroundFairBetweenProfilesAcrossMachines: machine 1 runs three
// profiles' background work, machine 2 one; all of it waits on the
// budget. Each profile gets about a quarter of the turns (not machine 2's
// one profile a half), no window holds more than the limit, and a
// recruiter's action on machine 2 goes out at once.
func TestBackgroundFairBetweenProfilesAcrossMachines(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 40, Window: 2 * time.Second, Burst: 4}
	srcs, _ := openSources(t, db, "fair.test:443", 2, cfg, pgshare.Config{})
	machines := []*ratebudget.Scheduler{ratebudget.NewShared(cfg, srcs[0]), ratebudget.NewShared(cfg, srcs[1])}
	profiles := []struct {
		machine int
		name    string
	}{{0, "a"}, {0, "b"}, {0, "c"}, {1, "d"}}

	ctx, cancel := context.WithTimeout(context.Background(), 3*cfg.Window)
	defer cancel()
	var mu sync.Mutex
	got := map[string]int{}
	var times []time.Time
	var wg sync.WaitGroup
	for _, p := range profiles {
		tn := machines[p.machine].Tenant(p.name)
		wg.Add(1)
		go func() {
			defer wg.Done()
			bg := ratebudget.WithPriority(ctx, ratebudget.Background)
			for tn.Wait(bg) == nil {
				mu.Lock()
				got[p.name]++
				times = append(times, time.Now())
				mu.Unlock()
			}
		}()
	}
	time.Sleep(cfg.Window + cfg.Window/2) // the window is full of background work
	start := time.Now()
	if err := machines[1].Tenant("d").Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	action := time.Since(start)
	testwait.Within(t, 10*time.Second, "the background work", wg.Wait)

	total := 0
	for _, n := range got {
		total += n
	}
	for _, p := range profiles {
		if share := float64(got[p.name]) / float64(total); share < 0.15 || share > 0.35 {
			t.Errorf("profile %s took %d of %d background turns (%.0f%%), want about a quarter", p.name, got[p.name], total, share*100)
		}
	}
	for i, ti := range times {
		n := 0
		for _, tj := range times[i:] {
			if tj.Sub(ti) < cfg.Window {
				n++
			}
		}
		if n > cfg.Requests {
			t.Fatalf("%d turns within one window (limit %d)", n, cfg.Requests)
		}
	}
	if action > cfg.Window/4 {
		t.Errorf("the recruiter's action waited %s behind background work (window %s)", action, cfg.Window)
	}
	t.Logf("turns %v, action after %s", got, action.Round(time.Millisecond))
}

// TestHoldSeenByOneHoldsAll: a 429's Retry-After told to one machine holds
// the other's next ask until it ends.
func TestHoldSeenByOneHoldsAll(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute}
	srcs, _ := openSources(t, db, "hold.test:443", 2, cfg, pgshare.Config{})
	ask := ratebudget.Ask{Interactive: []string{"x"}}
	if g, _ := srcs[1].Take(context.Background(), ask); g.Interactive != 1 {
		t.Fatalf("before the hold: %+v", g)
	}
	srcs[0].Throttle(3 * time.Second)
	testwait.Within(t, 5*time.Second, "the hold to reach the database", func() {
		for {
			g, _ := srcs[1].Take(context.Background(), ask)
			if g.Interactive == 0 {
				if d := time.Until(g.Retry); d < 2*time.Second || d > 4*time.Second {
					t.Errorf("held, told to come back in %s, want about 3 s", d)
				}
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
	if m, err := pgshare.Read(context.Background(), db, "hold.test:443", cfg); err != nil || m.Hold.IsZero() || m.Left() != 0 {
		t.Errorf("status reads %+v, %v; want the hold", m, err)
	}
}

// TestPasswordNeverShown: a database that refuses or is not there never
// puts the URL's password in an error, a fallback's reason or a status.
func TestPasswordNeverShown(t *testing.T) {
	pg := pgtest.Shared(t)
	const secret = "s3cr3t-pa55"
	urls := []string{
		"postgres://nobody:" + secret + "@127.0.0.1:1/db?connect_timeout=1", // nothing listens
		strings.Replace(pg.URL, "hrdesk@", "nobody:"+secret+"@", 1),         // unknown role
	}
	for _, u := range urls {
		src, err := pgshare.Open(pgshare.Config{URL: u, Host: "x", Patience: 300 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		g, _ := src.Take(context.Background(), ratebudget.Ask{Interactive: []string{"p"}})
		why, _ := src.State()
		src.Close()
		if why == "" {
			t.Errorf("%s: no fallback", pgshare.RedactURL(u))
		}
		if g.Interactive != 1 {
			t.Errorf("%s: the fallback did not let the action go: %+v", pgshare.RedactURL(u), g)
		}
		_, rerr := pgshare.Read(context.Background(), u, "x", ratebudget.Config{})
		for _, text := range []string{why, errText(rerr), pgshare.RedactURL(u)} {
			if strings.Contains(text, secret) {
				t.Errorf("the password shows: %q", text)
			}
		}
	}
	if _, err := pgshare.Open(pgshare.Config{URL: "postgres://u:" + secret + "@[::1:5432/x"}); err == nil || strings.Contains(err.Error(), secret) {
		t.Errorf("a URL that does not parse: %v", err)
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return fmt.Sprintf("%v %+v", err, err)
}

// TestShorterHoldNeverShortensALonger (issue 27, 2): a 429 seen on one
// machine with Retry-After 5 s after another's with 30 s leaves everyone
// held for the 30 s; and a new hold replaces an impossible one rather
// than keeping it (the 9999 would be dropped, and the real hold with it).
func TestShorterHoldNeverShortensALonger(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute}
	srcs, _ := openSources(t, db, "hold.test:443", 2, cfg, pgshare.Config{Patience: 10 * time.Second})
	ctx := context.Background()
	if err := srcs[0].HoldNow(ctx, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := srcs[1].HoldNow(ctx, 5*time.Second); err != nil {
		t.Fatal(err)
	}
	m, err := pgshare.Read(ctx, db, "hold.test:443", cfg)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Until(m.Hold); d < 20*time.Second {
		t.Errorf("the hold ends in %s after a 30 s one and a 5 s one, want about 30 s", d.Round(time.Second))
	}

	exec(t, db, `UPDATE hrdesk_budget SET at = '9999-12-31' WHERE kind = 'hold'`)
	if err := srcs[1].HoldNow(ctx, 5*time.Second); err != nil {
		t.Fatal(err)
	}
	if d := time.Until(query[time.Time](t, db, `SELECT at FROM hrdesk_budget WHERE kind = 'hold'`)); d > time.Minute || d < time.Second {
		t.Errorf("a 5 s hold over an impossible one ends in %s", d)
	}
	// A Retry-After past the bound holds for the bound, not longer.
	if err := srcs[1].HoldNow(ctx, 24*time.Hour); err != nil {
		t.Fatal(err)
	}
	if d := time.Until(query[time.Time](t, db, `SELECT at FROM hrdesk_budget WHERE kind = 'hold'`)); d > pgshare.MaxHold {
		t.Errorf("a day's Retry-After holds for %s, past the bound %s", d, pgshare.MaxHold)
	}
}

// TestLeastSpentProfileGoesFirst (issue 27, 1): with room for one
// background turn, the profile that spent least this window gets it,
// whatever the order of the ask; on a fake clock, so the smoothing's
// sub-windows are the test's.
func TestLeastSpentProfileGoesFirst(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 24, Window: time.Minute, Burst: 1} // 3 background turns per 5 s
	var now atomic.Int64
	now.Store(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC).UnixNano())
	clock := func() time.Time { return time.Unix(0, now.Load()) }
	srcs, _ := openSources(t, db, "fair.test:443", 2, cfg, pgshare.Config{Now: clock, Patience: 10 * time.Second})
	if g := take(t, srcs[0], ratebudget.Ask{Background: []string{"spender", "spender"}}); len(g.Background) != 2 {
		t.Fatalf("the first turns: %+v", g)
	}
	now.Add(int64(6 * time.Second)) // out of the smoothing's sub-window
	// Machine 2's recruiter acts twice: the reserve grows and the
	// sub-window holds 2 of its 3, leaving room for one background turn.
	if g := take(t, srcs[1], ratebudget.Ask{Interactive: []string{"recruiter", "recruiter"}}); g.Interactive != 2 {
		t.Fatalf("the actions: %+v", g)
	}
	g := take(t, srcs[0], ratebudget.Ask{Background: []string{"spender", "saver"}})
	if len(g.Background) != 1 || g.Background[0] != "saver" {
		t.Errorf("granted %q, want the one turn for saver, which spent nothing this window (spender spent 2)", g.Background)
	}
}

// TestAStarvingProfileIsWaitedFor: a profile refused a background turn
// (here: the smoothing's sub-window was full) starves for a while, and a
// profile that spent more this window then waits for it, on any machine,
// even with room; on a fake clock, with a 12 s window whose sub-window is
// a second (3 background turns in it), so the starving is still fresh
// when the sub-window frees.
func TestAStarvingProfileIsWaitedFor(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 24, Window: 12 * time.Second, Burst: 1}
	var now atomic.Int64
	now.Store(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC).UnixNano())
	clock := func() time.Time { return time.Unix(0, now.Load()) }
	srcs, _ := openSources(t, db, "starving.test:443", 2, cfg, pgshare.Config{Now: clock, Patience: 10 * time.Second})
	if g := take(t, srcs[0], ratebudget.Ask{Background: []string{"spender", "spender", "spender"}}); len(g.Background) != 3 {
		t.Fatalf("the first turns: %+v, want the sub-window's 3", g)
	}
	now.Add(int64(100 * time.Millisecond))
	if g := take(t, srcs[1], ratebudget.Ask{Background: []string{"saver"}}); len(g.Background) != 0 {
		t.Fatalf("a fourth background turn in the sub-window: %+v", g)
	}
	now.Add(int64(time.Second)) // a new sub-window; saver asked 1 s ago
	if g := take(t, srcs[0], ratebudget.Ask{Background: []string{"spender"}}); len(g.Background) != 0 {
		t.Errorf("granted %q while saver, which spent nothing this window, starves", g.Background)
	}
	if g := take(t, srcs[1], ratebudget.Ask{Background: []string{"saver"}}); len(g.Background) != 1 {
		t.Errorf("saver's ask: %+v, want its turn", g)
	}
}
