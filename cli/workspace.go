package cli

import (
	"context"
	"errors"
	"hrdesk/problem"
	"sync"
	"time"

	"hrdesk/apiclient"
	"hrdesk/live"
	"hrdesk/store"
	"hrdesk/syncer"
	"hrdesk/ui"
)

// workspace is one profile opened for the workstation: its configuration,
// its cache and one sync engine. Every session of the profile (one local
// terminal, or several SSH sessions under `hrdesk serve`) shares it, so
// there is a single writer to the cache and a single token refresher.
type workspace struct {
	a  *app
	st *store.Store

	// ctx ends when the workspace closes: syncs and pushes stop, and
	// close waits for them (wg) before closing the cache under them.
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	closed bool

	mu       sync.Mutex
	eng      *syncer.Engine
	watchers map[int]func(ui.SyncProgress)
	next     int
	running  *syncRun // the sync under way, joined by any session that asks for one

	// feed carries each background poll's outcome to the sessions;
	// probeMu makes sessions probing at once share one poll (Ping).
	feed    *live.Feed
	probeMu sync.Mutex
	polling bool // a poller runs (poll_interval > 0); set before any session
	// probeShared: a poll this recent answers a probe (probeShared).
	probeShared time.Duration
}

// syncRun is one sync of the workspace; done closes when rep and err are set.
type syncRun struct {
	done chan struct{}
	rep  syncer.Report
	err  error
}

func newWorkspace(a *app, st *store.Store) *workspace {
	ctx, cancel := context.WithCancel(context.Background())
	w := &workspace{a: a, st: st, ctx: ctx, cancel: cancel, watchers: map[int]func(ui.SyncProgress){}, feed: live.NewFeed(),
		probeShared: probeShared}
	w.startPolling(time.Duration(a.cfg.PollInterval))
	return w
}

// errClosing is what network work started during a close gets.
var errClosing = errors.New("hrdesk is closing; the action stays queued for the next start")

// begin registers network work so close waits for it. Work that can be
// interrupted safely (sync, push: both checkpointed) gets a context that
// ends with the workspace; a purchase is left to finish.
func (w *workspace) begin(ctx context.Context, interruptible bool) (context.Context, func(), error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil, nil, errClosing
	}
	w.wg.Add(1)
	if !interruptible {
		return ctx, w.wg.Done, nil
	}
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(w.ctx, cancel)
	return ctx, func() { stop(); cancel(); w.wg.Done() }, nil
}

// call runs fn with a logged-in client as registered network work (see
// begin for interruptible).
func (w *workspace) call(ctx context.Context, interruptible bool, fn func(context.Context, *apiclient.Client) error) error {
	ctx, done, err := w.begin(ctx, interruptible)
	if err != nil {
		return err
	}
	defer done()
	c, err := w.a.loggedInClient()
	if err != nil {
		return err
	}
	return fn(ctx, c)
}

// close stops the profile's network work, waits for it to settle and
// closes the cache: what was written stays, nothing is half-written.
func (w *workspace) close() error {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
	w.cancel()
	w.wg.Wait()
	if w.a.spent != nil {
		// Before a demo's data directory is removed under the record.
		_ = w.a.spent.Flush()
	}
	return w.st.Close()
}

// engine builds the sync engine on first use (the profile may log in later).
func (w *workspace) engine() (*syncer.Engine, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.eng == nil {
		eng, err := w.a.engine(w.st, w.report)
		if err != nil {
			return nil, err
		}
		w.eng = eng
	}
	return w.eng, nil
}

// sync runs a sync, or joins the one another session of the profile
// started: both see its progress and its result, and nobody is told
// "busy" by their own colleague's window.
func (w *workspace) sync(ctx context.Context, progress func(ui.SyncProgress)) (syncer.Report, error) {
	ctx, done, err := w.begin(ctx, true)
	if err != nil {
		return syncer.Report{}, err
	}
	defer done()
	eng, err := w.engine()
	if err != nil {
		return syncer.Report{}, err
	}
	stop := w.watch(progress)
	defer stop()
	w.mu.Lock()
	run := w.running
	owner := run == nil
	if owner {
		run = &syncRun{done: make(chan struct{})}
		w.running = run
	}
	w.mu.Unlock()
	if owner {
		run.rep, run.err = eng.Sync(ctx, syncer.SyncOptions{})
		w.mu.Lock()
		w.running = nil
		w.mu.Unlock()
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

// forgetEngine drops the engine after a login, so the next one uses the new session.
func (w *workspace) forgetEngine() {
	w.mu.Lock()
	w.eng = nil
	w.mu.Unlock()
}

// watch forwards sync progress to f until the returned stop is called.
// Every session waiting on a sync sees it: they look at the same cache.
func (w *workspace) watch(f func(ui.SyncProgress)) (stop func()) {
	if f == nil {
		return func() {}
	}
	w.mu.Lock()
	id := w.next
	w.next++
	w.watchers[id] = f
	w.mu.Unlock()
	return func() {
		w.mu.Lock()
		delete(w.watchers, id)
		w.mu.Unlock()
	}
}

func (w *workspace) report(p syncer.Progress) {
	if p.Phase == syncer.PhaseDone {
		return
	}
	w.mu.Lock()
	fs := make([]func(ui.SyncProgress), 0, len(w.watchers))
	for _, f := range w.watchers {
		fs = append(fs, f)
	}
	w.mu.Unlock()
	for _, f := range fs {
		f(ui.SyncProgress{Done: p.Done, Total: p.Total, Waiting: p.Waiting, WaitingFor: waitingFor(p.WaitReason)})
	}
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
