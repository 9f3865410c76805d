package cli

import (
	"sync"

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

	mu       sync.Mutex
	eng      *syncer.Engine
	watchers map[int]func(ui.SyncProgress)
	next     int
}

func newWorkspace(a *app, st *store.Store) *workspace {
	return &workspace{a: a, st: st, watchers: map[int]func(ui.SyncProgress){}}
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
		f(ui.SyncProgress{Done: p.Done, Total: p.Total})
	}
}
