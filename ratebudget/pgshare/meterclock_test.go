package pgshare_test

import (
	"testing"
	"time"

	"hrdesk/internal/testkit/pgtest"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/ratebudget"
	"hrdesk/ratebudget/pgshare"
)

// TestMeterReadInTheBackgroundKeepsTheSourcesClock: a Source on a fake
// clock far from the real one (as Config.Now allows) reads the shared
// window for its meter in the background; the times the meter shows are on
// that clock, as a Take's are, not shifted by the distance to the real one.
func TestMeterReadInTheBackgroundKeepsTheSourcesClock(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 12, Window: time.Minute, Burst: 1}
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC) // whole microseconds, as the database keeps them
	pc := pgshare.Config{Now: func() time.Time { return t0 }, Patience: 10 * time.Second, Margin: time.Second}
	srcs, _ := openSources(t, db, "meterclock.test:443", 2, cfg, pc)
	if g := take(t, srcs[0], ratebudget.Ask{Interactive: []string{"r", "r"}}); g.Interactive != 2 {
		t.Fatalf("actions: %+v, want 2", g)
	}
	other := srcs[1] // has asked nothing: its meter is what its background read finds
	var u ratebudget.Usage
	testwait.Within(t, time.Minute, "the other Source's meter reading the shared window", func() {
		for u = other.Usage(); u.Used != 2; u = other.Usage() {
			time.Sleep(20 * time.Millisecond)
		}
	})
	if want := t0.Add(time.Minute); !u.Next.Equal(want) || !u.Full.Equal(want) {
		t.Errorf("the background meter: next %s, full %s; want both %s (the turns at %s and the window)", u.Next, u.Full, want, t0)
	}
}
