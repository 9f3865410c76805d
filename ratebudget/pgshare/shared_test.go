package pgshare_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"hrdesk/apiclient"
	"hrdesk/fakeapi"
	"hrdesk/internal/testkit/arrivals"
	"hrdesk/internal/testkit/cachetest"
	"hrdesk/internal/testkit/pgtest"
	"hrdesk/ratebudget"
	"hrdesk/ratebudget/pgshare"
	"hrdesk/store"
	"hrdesk/syncer"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// Issue 21 §3, measured against the fake service with its per-address
// limit on, as budget's TestFourProfilesShareOneBudget is for one process:
// here each "process" (a machine of an office behind one address) has its
// own scheduler, its own connections to PostgreSQL and its own data
// directory, and they share nothing but the database. The minute is
// shrunk (Window) so the test takes seconds; the rules do not depend on
// its length.

// office is processes sharing one address and one budget database.
type office struct {
	srv   *fakeapi.Server
	rec   *arrivals.Recorder
	cfg   ratebudget.Config
	base  string       // the service's address
	hc    *http.Client // nil: the network
	procs []*process
}

// process is one machine's hrdesk: a scheduler over its own Source, one
// profile with its own cache.
type process struct {
	sched  *ratebudget.Scheduler
	client *apiclient.Client
	st     *store.Store
	engine *syncer.Engine
}

// newOffice starts the service with the per-address limit of cfg and
// makes a process of each source, syncing a profile of its own. network
// false calls the fake in process (for a synctest bubble).
func newOffice(tb testing.TB, srcs []ratebudget.Source, received int, cfg ratebudget.Config, network bool) *office {
	tb.Helper()
	o := &office{cfg: cfg}
	o.srv = fakeapi.New(fakeapi.Options{Seed: 41, Received: received, RequestsPerMinute: cfg.Requests, RateWindow: cfg.Window})
	o.rec = &arrivals.Recorder{H: o.srv}
	o.base, o.hc = fakeBase, &http.Client{Transport: arrivals.InProcess{H: o.rec}}
	if network {
		hs := httptest.NewServer(o.rec)
		tb.Cleanup(hs.Close)
		o.base, o.hc = hs.URL, nil
	}
	o.addProcesses(tb, srcs)
	return o
}

// addProcesses makes a process of each source.
func (o *office) addProcesses(tb testing.TB, srcs []ratebudget.Source) {
	tb.Helper()
	for _, src := range srcs {
		sched := ratebudget.NewShared(o.cfg, src)
		st, err := store.Open(cachetest.Path(tb))
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() { st.Close() })
		name := fmt.Sprintf("profile-%d", len(o.procs)+1)
		c, err := apiclient.New(apiclient.Config{BaseURL: o.base, ClientID: fakeapi.DemoClientID, Secret: fakeapi.DemoSecret,
			HTTPClient: o.hc, Limiter: sched.Tenant(name)})
		if err != nil {
			tb.Fatal(err)
		}
		access, refresh := o.srv.IssueToken()
		c.SetToken(apiclient.Token{AccessToken: access, RefreshToken: refresh})
		eng := syncer.New(syncer.NewAPIServer(c), st, syncer.Options{Owner: name})
		o.procs = append(o.procs, &process{sched: sched, client: c, st: st, engine: eng})
	}
}

// fakeBase is the service's address in process; its host names the budget.
const fakeBase = "http://127.0.0.1:1"

// openSources opens one Source per process ("machine") on the database.
func openSources(tb testing.TB, dbURL, host string, n int, cfg ratebudget.Config, pc pgshare.Config) (srcs []*pgshare.Source, asSources []ratebudget.Source) {
	tb.Helper()
	for i := range n {
		pc := pc
		pc.URL, pc.Host, pc.Budget, pc.Machine = dbURL, host, cfg, fmt.Sprintf("machine-%d", i+1)
		src, err := pgshare.Open(pc)
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(src.Close)
		srcs, asSources = append(srcs, src), append(asSources, src)
	}
	return srcs, asSources
}

// syncAll runs every process's first sync at once; during lets a test act
// meanwhile (nil: nothing).
func (o *office) syncAll(during func()) (wall time.Duration, errs []error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	for _, p := range o.procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := p.engine.Sync(ctx, syncer.SyncOptions{}); err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
			}
		}()
	}
	if during != nil {
		during()
	}
	wg.Wait()
	return time.Since(start), errs
}

// outside runs a Source's asks in a goroutine outside a synctest bubble:
// the database is reached over real sockets with real deadlines, while the
// bubble's clock stands still (a goroutine waiting on a channel made
// outside its bubble is not durably blocked) and the window is kept by the
// bubble's clock (pgshare.Config.Now). What the test then measures is the
// budget's pacing, not the machine's speed or the database's.
type outside struct {
	src   *pgshare.Source
	asks  chan outsideAsk
	reply chan ratebudget.Grant
	now   time.Time // the bubble's time of the ask being served
}

type outsideAsk struct {
	now      time.Time
	ask      ratebudget.Ask
	throttle time.Duration
}

func newOutside(tb testing.TB, dbURL, host string, machine int, cfg ratebudget.Config) *outside {
	o := &outside{asks: make(chan outsideAsk), reply: make(chan ratebudget.Grant)}
	src, err := pgshare.Open(pgshare.Config{URL: dbURL, Host: host, Budget: cfg, Machine: fmt.Sprintf("machine-%d", machine),
		Now: func() time.Time { return o.now }, Patience: 10 * time.Second})
	if err != nil {
		tb.Fatal(err)
	}
	o.src = src
	go func() {
		for a := range o.asks {
			o.now = a.now
			if a.throttle > 0 {
				o.src.Throttle(a.throttle)
				continue
			}
			g, _ := o.src.Take(context.Background(), a.ask)
			o.reply <- g
		}
	}()
	tb.Cleanup(func() { close(o.asks); src.Close() })
	return o
}

func (o *outside) Take(ctx context.Context, ask ratebudget.Ask) (ratebudget.Grant, error) {
	o.asks <- outsideAsk{now: time.Now(), ask: ask}
	return <-o.reply, nil
}

func (o *outside) Throttle(d time.Duration) { o.asks <- outsideAsk{now: time.Now(), throttle: d} }

// TestThreeMachinesFirstSyncsShareOneBudget: three processes of one office
// (separate data directories, separate connections, as three machines)
// run their first syncs at once through one budget in PostgreSQL: the
// service refuses nothing, no window holds more than the limit, the whole
// takes no more than 1.1 × requests / limit, and a recruiter's action
// issued meanwhile on one of them goes out within 2 s. On a fake clock
// (see outside), with the production minute and a limit of 30 so that
// 3 × 1000 resumes (39 requests) fill more than a window. (3 × 400 under
// a limit of 12 was tried to spare SQLite's time under -race: 34 requests
// came to 3m7.27s beside two CPU hogs, over the 3m7s bound; the margin
// of 1.1 is too thin over three windows.)
func TestThreeMachinesFirstSyncsShareOneBudget(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 30, Window: time.Minute, Burst: 4}
	var srcs []ratebudget.Source
	for i := range 3 {
		srcs = append(srcs, newOutside(t, db, "127.0.0.1:1", i+1, cfg))
	}
	synctest.Test(t, func(t *testing.T) {
		o := newOffice(t, srcs, 1000, cfg, false)
		var actionDelay time.Duration
		wall, errs := o.syncAll(func() {
			time.Sleep(cfg.Window + cfg.Window/4) // well into the second window
			start := time.Now()
			if _, err := o.procs[1].client.CurrentUser(context.Background()); err != nil {
				t.Errorf("the recruiter's action: %v", err)
			}
			actionDelay = time.Since(start)
		})
		for _, err := range errs {
			t.Errorf("a sync failed: %v", err)
		}
		in := o.rec.Arrivals()
		refused, busiest := arrivals.Figures(in, cfg.Window)
		bound := time.Duration(1.1 * float64(len(in)) / float64(cfg.Requests) * float64(cfg.Window))
		if refused > 0 {
			t.Errorf("the service refused %d requests for the rate limit", refused)
		}
		if busiest > cfg.Requests {
			t.Errorf("one window held %d requests, the budget is %d", busiest, cfg.Requests)
		}
		if len(in) <= cfg.Requests {
			t.Errorf("only %d requests: too few to fill a window", len(in))
		}
		if wall > bound {
			t.Errorf("%d requests took %s, more than 1.1 × requests / budget = %s", len(in), wall, bound)
		}
		if actionDelay > 2*time.Second {
			t.Errorf("the recruiter's action took %s to go out while three syncs ran", actionDelay)
		}
		t.Logf("%d requests in %s (bound %s), busiest window %d of %d, the action out in %s",
			len(in), wall.Round(time.Millisecond), bound.Round(time.Millisecond), busiest, cfg.Requests, actionDelay)
	})
}

// BenchmarkThreeMachinesFirstSync is the test's office on the real clock,
// over the loopback network and real connections to PostgreSQL, with the
// production limit of 120, the minute shrunk to 30 s and the issue's
// 6,000 responses per machine: wall-s against
// bound-s (1.1 × requests / limit) is what the machines, the database and
// the pacing together achieve; action-ms is a recruiter's action sent on
// machine 2 in the second window.
func BenchmarkThreeMachinesFirstSync(b *testing.B) {
	cfg := ratebudget.Config{Requests: 120, Window: 30 * time.Second, Burst: 4}
	pg := pgtest.Shared(b)
	for b.Loop() {
		db := pg.Database(b)
		o := newOffice(b, nil, 6000, cfg, true)
		host := strings.TrimPrefix(o.base, "http://")
		_, srcs := openSources(b, db, host, 3, cfg, pgshare.Config{})
		o.addProcesses(b, srcs)
		var action time.Duration
		wall, errs := o.syncAll(func() {
			time.Sleep(cfg.Window + cfg.Window/4)
			start := time.Now()
			if _, err := o.procs[1].client.CurrentUser(context.Background()); err != nil {
				b.Error(err)
			}
			action = time.Since(start)
		})
		in := o.rec.Arrivals()
		refused, busiest := arrivals.Figures(in, cfg.Window)
		if len(errs) > 0 || refused > 0 {
			b.Fatalf("errors %v, %d refused", errs, refused)
		}
		bound := 1.1 * float64(len(in)) / float64(cfg.Requests) * cfg.Window.Seconds()
		b.ReportMetric(float64(len(in)), "requests")
		b.ReportMetric(wall.Seconds(), "wall-s")
		b.ReportMetric(bound, "bound-s")
		b.ReportMetric(float64(busiest), "busiest-window")
		b.ReportMetric(float64(action.Milliseconds()), "action-ms")
	}
}
