package cli

import (
	"context"
	"time"

	"hrdesk/store"
)

// The cache keeps what every scope's sync brought: after one `--scope
// company` sync the colleagues' entries stay, so a switch back costs no
// download. What a profile shows and counts is its configured scope only
// (issue 12 §5): its own list for "mine", the whole company's (which holds
// the own entries too) for "company".

// listScope is the entries the configured scope shows.
func (a *app) listScope() store.Scope {
	if a.cfg.Scope == string(store.ScopeCompany) {
		return store.ScopeAll
	}
	return store.ScopeMine
}

// scopedStore is the cache as the workstation reads it: a query for every
// scope means every entry of the configured scope.
type scopedStore struct {
	*store.Store
	scope store.Scope
}

// scopedView wraps the cache for the workstation.
func (a *app) scopedView(st *store.Store) scopedStore {
	return scopedStore{Store: st, scope: a.listScope()}
}

func (s scopedStore) narrow(scope store.Scope) store.Scope {
	if scope == store.ScopeAll {
		return s.scope
	}
	return scope
}

// ListEntries implements ui.Store.
func (s scopedStore) ListEntries(ctx context.Context, q store.ListQuery) ([]store.EntryRow, error) {
	q.Scope = s.narrow(q.Scope)
	return s.Store.ListEntries(ctx, q)
}

// CountEntries implements ui.Store.
func (s scopedStore) CountEntries(ctx context.Context, q store.ListQuery) (int, error) {
	q.Scope = s.narrow(q.Scope)
	return s.Store.CountEntries(ctx, q)
}

// FolderCounts implements ui.Store.
func (s scopedStore) FolderCounts(ctx context.Context, scope store.Scope) ([]store.FolderCount, error) {
	return s.Store.FolderCounts(ctx, s.narrow(scope))
}

// VacancyCounts counts like FolderCounts.
func (s scopedStore) VacancyCounts(ctx context.Context, scope store.Scope, folder string) ([]store.VacancyCount, error) {
	return s.Store.VacancyCounts(ctx, s.narrow(scope), folder)
}

// StaleCounts counts like FolderCounts.
func (s scopedStore) StaleCounts(ctx context.Context, scope store.Scope, before time.Time) (map[string]int, error) {
	return s.Store.StaleCounts(ctx, s.narrow(scope), before)
}

// EducationCounts counts like FolderCounts.
func (s scopedStore) EducationCounts(ctx context.Context, scope store.Scope, folder string) ([]store.EducationCount, error) {
	return s.Store.EducationCounts(ctx, s.narrow(scope), folder)
}
