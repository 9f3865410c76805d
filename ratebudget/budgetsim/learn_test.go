package budgetsim_test

import (
	"testing"
	"testing/synctest"
	"time"

	"hrdesk/ratebudget"
)

// Issue 26 §5: a service that allows 30 requests a minute from this
// address while the budget is configured for the contract's 120. Several
// profiles' first syncs (about 50 requests) draw at most three refusals
// and end within 1.3 × what 30 a minute allows; the scheduler then says
// what it learned. On a fake clock: the minutes pass in a moment.
func TestLearnsAStricterLimit(t *testing.T) {
	warmStore(t)
	synctest.Test(t, func(t *testing.T) {
		cfg := ratebudget.Config{Requests: 120, Window: time.Minute, Burst: 4}
		const service = 30
		run, sched := runAgainst(t, 5, 40, cfg, service, false)
		for _, err := range run.errs {
			t.Errorf("a sync failed: %v", err)
		}
		if run.requests < 3*service/2 {
			t.Fatalf("only %d requests: too few to meet the limit", run.requests)
		}
		allowed := time.Duration(float64(run.requests) / service * float64(cfg.Window))
		t.Logf("%d requests in %s (30 a minute allows them in %s), %d refused, busiest minute %d",
			run.requests, run.wall.Round(time.Second), allowed.Round(time.Second), run.refused, run.busiest)
		if run.refused > 3 {
			t.Errorf("the service refused %d requests, at most 3 may be", run.refused)
		}
		if run.wall > allowed*13/10 {
			t.Errorf("%d requests took %s, more than 1.3 × %s", run.requests, run.wall, allowed)
		}
		u := sched.Usage()
		if !u.Learned || u.Limit > service || u.Limit < service*3/4 {
			t.Errorf("the meter says %d a minute (learned %v), want the learned ~%d", u.Limit, u.Learned, service)
		}
		if limit, since := sched.Learned(); limit != u.Limit || since.IsZero() {
			t.Errorf("Learned() = %d since %v; the meter says %d", limit, since, u.Limit)
		}
	})
}
