package cli

import "hrdesk/store"

// listScope is the entries the configured scope shows (store.ShownScope).
func (a *app) listScope() store.Scope { return store.ShownScope(store.Scope(a.cfg.Scope)) }

// scopedView wraps the cache for the workstation as the configured scope
// shows it; the workstation's benchmarks build the same view
// (store.Scoped).
func (a *app) scopedView(st *store.Store) store.ScopedStore {
	return store.Scoped(st, store.Scope(a.cfg.Scope))
}
