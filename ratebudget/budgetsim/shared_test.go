package budgetsim_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"hrdesk/apiclient"
	"hrdesk/fakeapi"
	"hrdesk/internal/testkit/arrivals"
	"hrdesk/internal/testkit/cachetest"
	"hrdesk/ratebudget"
	"hrdesk/store"
	"hrdesk/syncer"
)

// Issue 12 §1, measured against the fake service with its per-address
// limit on: several profiles syncing at once through one budget never draw
// a 429/503, no window of the budget's length holds more than the budget,
// and the whole takes little more than requests / budget.
//
// The test runs the production budget (120 a minute, burst 4) on a fake
// clock (testing/synctest), so the minutes it measures pass in seconds and
// the machine's speed does not enter the figure: the clock moves only while
// every goroutine waits, i.e. it measures the pacing. The benchmark runs on
// the real clock with the window shrunk, CPU and all.

// sharedRun is the outcome of profiles syncing at once through one budget.
type sharedRun struct {
	requests int
	wall     time.Duration
	bound    time.Duration // 1.1 × requests / budget
	busiest  int           // most requests the service saw in one window
	refused  int           // 429 and 503 answers
	errs     []error
}

// runShared runs profiles first syncs at once against one fake with the
// per-address limit of cfg, every client taking a tenant of one scheduler.
// network false calls the fake in process (for a synctest bubble).
func runShared(tb testing.TB, profiles, received int, cfg ratebudget.Config, network bool) sharedRun {
	tb.Helper()
	run, _ := runAgainst(tb, profiles, received, cfg, cfg.Requests, network)
	return run
}

// runAgainst is runShared against a service that allows service requests
// per window, whatever the budget is configured with; it returns the
// scheduler too.
func runAgainst(tb testing.TB, profiles, received int, cfg ratebudget.Config, service int, network bool) (sharedRun, *ratebudget.Scheduler) {
	tb.Helper()
	srv := fakeapi.New(fakeapi.Options{Seed: 41, Received: received,
		RequestsPerMinute: service, RateWindow: cfg.Window})
	rec := &arrivals.Recorder{H: srv}
	base, hc := "http://127.0.0.1:1", &http.Client{Transport: arrivals.InProcess{H: rec}}
	if network {
		hs := httptest.NewServer(rec)
		tb.Cleanup(hs.Close)
		base, hc = hs.URL, nil
	}
	sched := ratebudget.NewRegistry().For(base, cfg)
	engines := make([]*syncer.Engine, profiles)
	for i := range engines {
		st, err := store.Open(cachetest.Path(tb))
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() { st.Close() })
		name := string(rune('a' + i))
		c, err := apiclient.New(apiclient.Config{BaseURL: base, ClientID: fakeapi.DemoClientID, Secret: fakeapi.DemoSecret,
			HTTPClient: hc, Limiter: sched.Tenant(name)})
		if err != nil {
			tb.Fatal(err)
		}
		access, refresh := srv.IssueToken()
		c.SetToken(apiclient.Token{AccessToken: access, RefreshToken: refresh})
		engines[i] = syncer.New(syncer.NewAPIServer(c), st, syncer.Options{Owner: name})
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	var run sharedRun
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	for _, eng := range engines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := eng.Sync(ctx, syncer.SyncOptions{}); err != nil {
				mu.Lock()
				run.errs = append(run.errs, err)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	run.wall = time.Since(start)

	in := rec.Arrivals()
	run.requests = len(in)
	run.bound = time.Duration(1.1 * float64(run.requests) / float64(cfg.Requests) * float64(cfg.Window))
	run.refused, run.busiest = arrivals.Figures(in, cfg.Window)
	return run, sched
}

// warmStore makes the cache's shared compressor outside any synctest
// bubble: made inside one, its goroutines belong to that bubble, and the
// next bubble that writes a resume would use them from outside.
func warmStore(t *testing.T) {
	t.Helper()
	warmOnce.Do(func() {
		run, _ := runAgainst(t, 1, 1, ratebudget.Config{Requests: 6000}, -1, false)
		for _, err := range run.errs {
			t.Fatal(err)
		}
	})
}

var warmOnce sync.Once

// TestProfilesShareOneBudget: fourteen profiles of 40 resumes each make
// as many requests as four of 3,000 (the benchmark's) for a tenth of the
// cache writes, which were all of the test's time (112 s under -race).
func TestProfilesShareOneBudget(t *testing.T) {
	warmStore(t)
	synctest.Test(t, func(t *testing.T) {
		cfg := ratebudget.Config{Requests: 120, Window: time.Minute, Burst: 4}
		run := runShared(t, 14, 40, cfg, false)
		for _, err := range run.errs {
			t.Errorf("a sync failed: %v", err)
		}
		if run.refused > 0 {
			t.Errorf("the service refused %d requests for the rate limit", run.refused)
		}
		if run.busiest > cfg.Requests {
			t.Errorf("one 60-second window held %d requests, the budget is %d", run.busiest, cfg.Requests)
		}
		if run.requests <= cfg.Requests {
			t.Errorf("only %d requests: too few to fill a window", run.requests)
		}
		if run.wall > run.bound {
			t.Errorf("%d requests took %s, more than 1.1 × requests / budget = %s", run.requests, run.wall, run.bound)
		}
		t.Logf("%d requests in %s (bound %s), busiest minute %d of %d", run.requests, run.wall.Round(time.Second),
			run.bound.Round(time.Second), run.busiest, cfg.Requests)
	})
}

// BenchmarkFourProfilesFirstSync is the same on the real clock, over the
// loopback network, with the minute shrunk to 5 s (120 requests per 5 s):
// wall-s against bound-s (1.1 × requests / budget) is what the machine and
// the pacing together achieve.
func BenchmarkFourProfilesFirstSync(b *testing.B) {
	cfg := ratebudget.Config{Requests: 120, Window: 5 * time.Second, Burst: 4}
	for b.Loop() {
		run := runShared(b, 4, 3000, cfg, true)
		if len(run.errs) > 0 || run.refused > 0 {
			b.Fatalf("errors %v, %d refused", run.errs, run.refused)
		}
		b.ReportMetric(float64(run.requests), "requests")
		b.ReportMetric(run.wall.Seconds(), "wall-s")
		b.ReportMetric(run.bound.Seconds(), "bound-s")
		b.ReportMetric(float64(run.busiest), "busiest-window")
	}
}
