package pgshare_test

import (
	"testing"
	"time"

	"hrdesk/internal/testkit/pgtest"
	"hrdesk/ratebudget"
)

// TestAnAskThatFillsTheWindowSaysWhenItFrees: the turns an ask was granted
// count with the window's when judging whether what it refused waits for
// the oldest turn to leave: an action granted into the last place but the
// reserve leaves background work nothing before then.
func TestAnAskThatFillsTheWindowSaysWhenItFrees(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 12, Window: time.Minute, Burst: 1} // an idle reserve of 1
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	c := &tickClock{t: t0}
	src := openOnClock(t, db, "fills.test:443", "machine-1", cfg, c, nil)
	if g := take(t, src, ratebudget.Ask{Interactive: []string{"r", "r", "r", "r", "r", "r", "r", "r", "r", "r"}}); g.Interactive != 10 {
		t.Fatalf("actions: %+v, want 10", g)
	}
	c.set(t0.Add(10 * time.Second))
	g := take(t, src, ratebudget.Ask{Interactive: []string{"r"}, Background: []string{"a"}})
	if want := t0.Add(time.Minute + time.Second); g.Interactive != 1 || len(g.Background) != 0 || !g.Retry.Equal(want) {
		t.Errorf("the 11th of 12 granted, background refused for the reserve: %+v, want a retry at %s (the oldest turn out with the margin)", g, want)
	}
}
