package pgshare_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"hrdesk/internal/testkit/pgtest"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/ratebudget"
	"hrdesk/ratebudget/pgshare"
)

// A database whose clock is not this machine's: the Source learns the
// difference from each answer (the database's now against the middle of
// the round trip) and puts every time it reads on its own clock. Here the
// Source's clock (Config.Now) moves a second at each reading, so that the
// window judged at the first reading (the database's now) is 1.5 s behind
// the middle of the round trip (the second and third readings): to this
// machine, the database runs 1.5 s late.

// tickClock is a fake clock that moves tick at each reading once set.
type tickClock struct {
	mu   sync.Mutex
	t    time.Time
	tick time.Duration
}

func (c *tickClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.t
	c.t = c.t.Add(c.tick)
	return t
}

func (c *tickClock) ticking(d time.Duration) {
	c.mu.Lock()
	c.tick = d
	c.mu.Unlock()
}

func (c *tickClock) set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

func openOnClock(t *testing.T, db, host, machine string, cfg ratebudget.Config, c *tickClock, l *lines) *pgshare.Source {
	t.Helper()
	pc := pgshare.Config{URL: db, Host: host, Budget: cfg, Machine: machine, Patience: 10 * time.Second, Margin: time.Second, Now: c.now}
	if l != nil {
		pc.Log = l.log
	}
	src, err := pgshare.Open(pc)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(src.Close)
	return src
}

// TestAGrantPutsTheDatabasesTimesOnThisClock: a hold the database dates
// 30 s after its now ends, on this machine's clock, 1.5 s later.
func TestAGrantPutsTheDatabasesTimesOnThisClock(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 12, Window: time.Minute}
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC) // whole microseconds, as the database keeps them
	c := &tickClock{t: t0}
	src := openOnClock(t, db, "skew.test:443", "machine-1", cfg, c, nil)
	take(t, src, ratebudget.Ask{}) // makes the table and reads the (no) learned limits
	if err := src.HoldNow(context.Background(), 30*time.Second); err != nil {
		t.Fatal(err)
	}
	c.ticking(time.Second) // the window judged at t0, the round trip from t0+1s to t0+2s
	g := take(t, src, ratebudget.Ask{Interactive: []string{"r"}})
	if want := t0.Add(31500 * time.Millisecond); g.Interactive != 0 || !g.Retry.Equal(want) {
		t.Errorf("held by a database 1.5 s late: %+v, want a retry at %s (the hold's end on this clock)", g, want)
	}
}

// TestTheMeterPutsTheDatabasesTimesOnThisClock: turns the database dates
// t0 leave the window, on this machine's clock, a minute and 1.5 s later.
func TestTheMeterPutsTheDatabasesTimesOnThisClock(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 12, Window: time.Minute}
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	sender := openOnClock(t, db, "skew.test:443", "machine-1", cfg, &tickClock{t: t0}, nil)
	if g := take(t, sender, ratebudget.Ask{Interactive: []string{"r", "r"}}); g.Interactive != 2 {
		t.Fatalf("actions: %+v, want 2", g)
	}
	// Each background read takes three readings of this clock: 3 s of a
	// window of 60, and one read every two seconds or so.
	reader := openOnClock(t, db, "skew.test:443", "machine-2", cfg, &tickClock{t: t0, tick: time.Second}, nil)
	var u ratebudget.Usage
	testwait.Within(t, time.Minute, "the reader's meter reading the shared window", func() {
		for u = reader.Usage(); u.Used != 2; u = reader.Usage() {
			time.Sleep(20 * time.Millisecond)
		}
	})
	if want := t0.Add(61500 * time.Millisecond); !u.Next.Equal(want) || !u.Full.Equal(want) {
		t.Errorf("the meter of a database 1.5 s late: next %s, full %s; want both %s", u.Next, u.Full, want)
	}
}

// TestAHoldOfAMinuteIsNotTold: a wait the user is told about is one of
// more than a minute; a hold of exactly a minute is not.
func TestAHoldOfAMinuteIsNotTold(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 12, Window: time.Minute}
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	var said lines
	src := openOnClock(t, db, "told.test:443", "machine-1", cfg, &tickClock{t: t0}, &said)
	take(t, src, ratebudget.Ask{})
	if err := src.HoldNow(context.Background(), time.Minute); err != nil {
		t.Fatal(err)
	}
	take(t, src, ratebudget.Ask{Interactive: []string{"r"}})
	if got := said.with("wait until"); len(got) != 0 {
		t.Errorf("a hold of exactly a minute was told: %q", got)
	}
	if err := src.HoldNow(context.Background(), time.Minute+time.Second); err != nil {
		t.Fatal(err)
	}
	take(t, src, ratebudget.Ask{Interactive: []string{"r"}})
	if got := said.with("wait until"); len(got) != 1 {
		t.Errorf("a hold of a minute and a second: told %q, want it once", got)
	}
}

// TestLearnedLimitsArePutOnThisClock: a limit the database dates 10 s
// before t0 was learned, on this machine's clock, then too when read before
// the first grant (the database's now read between the two readings of the
// round trip: no difference), and 1.5 s later when read with a grant (the
// database 1.5 s late, as above).
func TestLearnedLimitsArePutOnThisClock(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute}
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	take(t, openOnClock(t, db, "learned.test:443", "machine-1", cfg, &tickClock{t: t0}, nil), ratebudget.Ask{}) // makes the table
	exec(t, db, `INSERT INTO hrdesk_budget (host, kind, at, profile) VALUES ('learned.test:443', 'limit', '2026-03-02 08:59:50+00', '60')`)
	src := openOnClock(t, db, "learned.test:443", "machine-2", cfg, &tickClock{t: t0, tick: time.Second}, nil)
	learned := t0.Add(-10 * time.Second)
	if g := take(t, src, ratebudget.Ask{Interactive: []string{"r"}}); g.Interactive != 0 {
		t.Errorf("the first ask under a learned limit: %+v, want nothing before the scheduler trims by it", g)
	}
	if l := src.Learned(); len(l) != 1 || l[0].Limit != 60 || !l[0].At.Equal(learned) {
		t.Errorf("read before the first grant: %+v, want 60 learned at %s", l, learned)
	}
	take(t, src, ratebudget.Ask{Interactive: []string{"r"}})
	if l := src.Learned(); len(l) != 1 || l[0].Limit != 60 || !l[0].At.Equal(learned.Add(1500*time.Millisecond)) {
		t.Errorf("read with a grant from a database 1.5 s late: %+v, want 60 learned at %s", l, learned.Add(1500*time.Millisecond))
	}
}

// TestALongHoldIsToldOnThisClock: the end of a hold the user is told about
// is on this machine's clock: a hold the database dates two minutes after
// t0 ends, to a database 1.5 s late, at 09:02:01.5.
func TestALongHoldIsToldOnThisClock(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 12, Window: time.Minute}
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	c := &tickClock{t: t0}
	var said lines
	src := openOnClock(t, db, "toldskew.test:443", "machine-1", cfg, c, &said)
	take(t, src, ratebudget.Ask{})
	if err := src.HoldNow(context.Background(), 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	c.ticking(time.Second) // the window judged at t0, the round trip from t0+1s to t0+2s
	take(t, src, ratebudget.Ask{Interactive: []string{"r"}})
	want := pgshare.When(t0.Add(2*time.Minute+1500*time.Millisecond), t0)
	if got := said.with("wait until"); len(got) != 1 || !strings.Contains(got[0], "until "+want+" ") {
		t.Errorf("told %q, want the hold's end on this clock, %s", got, want)
	}
}
