package session

import (
	"context"
	"errors"
	"sync"
	"time"

	"hrdesk/apiclient"
	"hrdesk/problem"
	"hrdesk/session/feed"
	"hrdesk/store"
	"hrdesk/syncer"
)

// Session is one profile opened for the workstation: its Profile, its
// cache and one sync engine. Every terminal of the profile (one local
// window, or several SSH sessions under `hrdesk serve`) shares it, so
// there is a single writer to the cache and a single token refresher.
type Session struct {
	p  Profile
	st *store.Store

	// ctx ends when the session closes: syncs and pushes stop, and
	// Close waits for them (wg) before closing the cache under them.
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	closed bool

	mu       sync.Mutex
	eng      *syncer.Engine
	watchers map[int]func(feed.SyncProgress)
	next     int
	running  *syncRun // the sync under way, joined by any terminal that asks for one

	// feed carries each background poll's outcome to the terminals;
	// probeMu makes the outage probe and the reachability check share
	// one poll.
	feed    *feed.Feed
	probeMu sync.Mutex
	polling bool // a poller runs (poll_interval > 0); set before any terminal
	// probeShared: a poll this recent answers a probe (outage.go).
	probeShared time.Duration
	// probeEvery is how often an outage is probed (outage.go; negative:
	// never); outage says a probe runs; outages numbers them for the
	// terminals' meter (both under mu).
	probeEvery time.Duration
	outage     bool
	outages    feed.Outage
	// clock is how far this machine's clock is off the service's, for
	// the terminals' status line (clock.go).
	clock sessionClock
}

// Options are what a Session needs besides its Profile and cache.
type Options struct {
	// ReachEvery is how often the session checks, without a request,
	// that the service still answers while it polls (§2.9): 0 is
	// DefaultReachEvery, negative never.
	ReachEvery time.Duration
	// StallAfter is how long a request of the session waits for an
	// answer before the terminals hear that the service is not answering
	// (issue 26 §4): 0 is DefaultStallAfter, negative never.
	StallAfter time.Duration
	// ProbeEvery is how often the session asks whether the service is
	// back once it stopped answering (outage.go): 0 is
	// DefaultProbeEvery, negative never.
	ProbeEvery time.Duration
}

// syncRun is one sync of the session; done closes when rep and err are set.
type syncRun struct {
	done chan struct{}
	rep  syncer.Report
	err  error
}

// Open opens the profile's session over its cache st, which Close closes.
// With poll_interval set it polls in the background from now on.
func Open(p Profile, st *store.Store, o Options) *Session {
	ctx, cancel := context.WithCancel(context.Background())
	s := &Session{p: p, st: st, ctx: ctx, cancel: cancel, watchers: map[int]func(feed.SyncProgress){},
		feed: feed.NewFeed(), probeShared: probeShared, probeEvery: o.ProbeEvery}
	if s.probeEvery == 0 {
		s.probeEvery = DefaultProbeEvery
	}
	s.watchStalls(o.StallAfter)
	s.p.clockSeen = s.clockOff
	if s.startPolling(time.Duration(p.Config.PollInterval)) {
		s.watchReach(o.ReachEvery)
	}
	return s
}

// Profile is the profile the session is of.
func (s *Session) Profile() *Profile { return &s.p }

// Store is the session's cache.
func (s *Session) Store() *store.Store { return s.st }

// Scoped is the cache as the workstation shows it (the configured scope).
func (s *Session) Scoped() store.ScopedStore { return s.p.Scoped(s.st) }

// ErrClosing is what network work started during a close gets.
var ErrClosing = errors.New("hrdesk is closing; the action stays queued for the next start")

// begin registers network work so Close waits for it. Work that can be
// interrupted safely (sync, push: both checkpointed) gets a context that
// ends with the session; a purchase is left to finish.
func (s *Session) begin(ctx context.Context, interruptible bool) (context.Context, func(), error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, nil, ErrClosing
	}
	s.wg.Add(1)
	if !interruptible {
		return ctx, s.wg.Done, nil
	}
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(s.ctx, cancel)
	return ctx, func() { stop(); cancel(); s.wg.Done() }, nil
}

// call runs fn with a logged-in client as registered network work (see
// begin for interruptible).
func (s *Session) call(ctx context.Context, interruptible bool, fn func(context.Context, *apiclient.Client) error) error {
	ctx, done, err := s.begin(ctx, interruptible)
	if err != nil {
		return err
	}
	defer done()
	c, err := s.p.LoggedInClient()
	if err != nil {
		return err
	}
	err = fn(ctx, c)
	s.heard(err)
	return err
}

// Close stops the profile's network work, waits for it to settle and
// closes the cache: what was written stays, nothing is half-written. Only
// the first Close does anything.
func (s *Session) Close() error {
	s.mu.Lock()
	again := s.closed
	s.closed = true
	s.mu.Unlock()
	if again {
		return nil // closed already (a pool's CloseAll, then a release)
	}
	s.cancel()
	s.wg.Wait()
	if s.p.Spent != nil {
		// Before a demo's data directory is removed under the record.
		_ = s.p.Spent.Flush()
	}
	return s.st.Close()
}

// engine builds the sync engine on first use (the profile may log in later).
func (s *Session) engine() (*syncer.Engine, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.eng == nil {
		eng, err := s.p.Engine(s.st, s.report)
		if err != nil {
			return nil, err
		}
		s.eng = eng
	}
	return s.eng, nil
}

// Sync runs a sync, or joins the one another terminal of the profile
// started: both see its progress and its result, and nobody is told
// "busy" by their own colleague's window.
func (s *Session) Sync(ctx context.Context, progress func(feed.SyncProgress)) (syncer.Report, error) {
	ctx, done, err := s.begin(ctx, true)
	if err != nil {
		return syncer.Report{}, err
	}
	defer done()
	eng, err := s.engine()
	if err != nil {
		return syncer.Report{}, err
	}
	stop := s.watch(progress)
	defer stop()
	s.mu.Lock()
	run := s.running
	owner := run == nil
	if owner {
		run = &syncRun{done: make(chan struct{})}
		s.running = run
	}
	s.mu.Unlock()
	if owner {
		run.rep, run.err = eng.Sync(ctx, syncer.SyncOptions{})
		s.mu.Lock()
		s.running = nil
		s.mu.Unlock()
		close(run.done)
		return run.rep, run.err
	}
	select {
	case <-run.done:
		return run.rep, run.err
	case <-ctx.Done():
		return syncer.Report{}, ctx.Err()
	}
}

// syncing reports a sync under way.
func (s *Session) syncing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.running != nil
}

// forgetEngine drops the engine after a login, so the next one uses the new session.
func (s *Session) forgetEngine() {
	s.mu.Lock()
	s.eng = nil
	s.mu.Unlock()
}

// watch forwards sync progress to f until the returned stop is called.
// Every terminal waiting on a sync sees it: they look at the same cache.
func (s *Session) watch(f func(feed.SyncProgress)) (stop func()) {
	if f == nil {
		return func() {}
	}
	s.mu.Lock()
	id := s.next
	s.next++
	s.watchers[id] = f
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		delete(s.watchers, id)
		s.mu.Unlock()
	}
}

func (s *Session) report(p syncer.Progress) {
	if p.Phase == syncer.PhaseDone {
		return
	}
	s.mu.Lock()
	fs := make([]func(feed.SyncProgress), 0, len(s.watchers))
	for _, f := range s.watchers {
		fs = append(fs, f)
	}
	s.mu.Unlock()
	for _, f := range fs {
		f(progressOf(p))
	}
}

// progressOf is a sync's progress as the workstation shows it.
func progressOf(p syncer.Progress) feed.SyncProgress {
	return feed.SyncProgress{Done: p.Done, Total: p.Total, Waiting: p.Waiting, WaitingFor: waitingFor(p.WaitReason)}
}

// waitingFor is the kind of trouble a sync waits out, in the words the UI
// has for problems.
func waitingFor(why syncer.WaitReason) problem.Kind {
	switch why {
	case "":
		return problem.None
	case syncer.WaitRateLimit:
		return problem.RateLimited
	case syncer.WaitServer:
		return problem.ServerDown
	}
	return problem.Offline // the connection dropped, or no answer at all
}
