package store

import (
	"context"
	"sync/atomic"
	"time"
)

// The cache keeps what every scope's sync brought: after one `--scope
// company` sync the colleagues' entries stay, so a switch back costs no
// download. What a profile shows and counts is its configured scope only
// (issue 12 §5): its own list for "mine", the whole company's (which holds
// the own entries too) for "company".

// ShownScope is the entries a profile synced in scope configured shows:
// the own list for ScopeMine, every entry for ScopeCompany (the company's
// list holds the own entries too).
func ShownScope(configured Scope) Scope {
	if configured == ScopeCompany {
		return ScopeAll
	}
	return ScopeMine
}

// ScopedStore is the cache as a profile's workstation reads it: a query
// for every scope (ScopeAll) means every entry of the profile's scope.
// The command line builds it for the program and the workstation's
// benchmarks build it the same way (Scoped), so a condition the scope adds
// to a query is measured where the recruiter meets it (issue 22 §1).
//
// A workstation session may switch what it shows between the recruiter's
// own responses and the company's (the C key): the view's copies share the
// switch (ShowCompany), each session its own.
type ScopedStore struct {
	*Store
	scope *atomic.Value // of Scope: what ScopeAll means now
}

// Scoped is st as a profile synced in scope configured ("mine" or
// "company", config's scope) shows it (ShownScope).
func Scoped(st *Store, configured Scope) ScopedStore {
	v := &atomic.Value{}
	v.Store(ShownScope(configured))
	return ScopedStore{Store: st, scope: v}
}

// Scope is the entries the view shows (ScopeAll: every entry).
func (s ScopedStore) Scope() Scope { return s.scope.Load().(Scope) }

// ShowCompany switches the view to the whole company's responses (every
// entry) or back to the recruiter's own.
func (s ScopedStore) ShowCompany(company bool) {
	if company {
		s.scope.Store(ScopeAll)
	} else {
		s.scope.Store(ScopeMine)
	}
}

// ShowsCompany reports whether the view shows the company's responses.
func (s ScopedStore) ShowsCompany() bool { return s.Scope() == ScopeAll }

// Synced reports whether the list of scope (ScopeMine or ScopeCompany)
// was ever read whole into the cache: the company's is not until a sync
// of that scope, and a switch to it would show only the own entries.
func (s ScopedStore) Synced(ctx context.Context, scope Scope) (bool, error) {
	for _, status := range []int{0, 10, 20, 30} {
		c, err := s.Store.SyncCursor(ctx, scope, status)
		if err != nil {
			return false, err
		}
		if c.LastFullAt.IsZero() {
			return false, nil
		}
	}
	return true, nil
}

func (s ScopedStore) narrow(scope Scope) Scope {
	if scope == ScopeAll {
		return s.Scope()
	}
	return scope
}

// ListEntries is Store.ListEntries in the view's scope.
func (s ScopedStore) ListEntries(ctx context.Context, q ListQuery) ([]EntryRow, error) {
	q.Scope = s.narrow(q.Scope)
	return s.Store.ListEntries(ctx, q)
}

// CountEntries is Store.CountEntries in the view's scope.
func (s ScopedStore) CountEntries(ctx context.Context, q ListQuery) (int, error) {
	q.Scope = s.narrow(q.Scope)
	return s.Store.CountEntries(ctx, q)
}

// ListPosition is Store.ListPosition in the view's scope.
func (s ScopedStore) ListPosition(ctx context.Context, q ListQuery, resumeID int64) (int, bool, error) {
	q.Scope = s.narrow(q.Scope)
	return s.Store.ListPosition(ctx, q, resumeID)
}

// FolderCounts is Store.FolderCounts in the view's scope.
func (s ScopedStore) FolderCounts(ctx context.Context, scope Scope) ([]FolderCount, error) {
	return s.Store.FolderCounts(ctx, s.narrow(scope))
}

// VacancyCounts is Store.VacancyCounts in the view's scope.
func (s ScopedStore) VacancyCounts(ctx context.Context, scope Scope, folder string) ([]VacancyCount, error) {
	return s.Store.VacancyCounts(ctx, s.narrow(scope), folder)
}

// StaleCounts is Store.StaleCounts in the view's scope.
func (s ScopedStore) StaleCounts(ctx context.Context, scope Scope, before time.Time) (map[string]int, error) {
	return s.Store.StaleCounts(ctx, s.narrow(scope), before)
}

// EducationCounts is Store.EducationCounts in the view's scope.
func (s ScopedStore) EducationCounts(ctx context.Context, scope Scope, folder string) ([]EducationCount, error) {
	return s.Store.EducationCounts(ctx, s.narrow(scope), folder)
}

// Overview is Store.Overview in the view's scope (issue 20).
func (s ScopedStore) Overview(ctx context.Context, q OverviewQuery) (Overview, error) {
	q.Scope = s.narrow(q.Scope)
	return s.Store.Overview(ctx, q)
}

// Recruiters is Store.Recruiters in the view's scope (issue 30 §1).
func (s ScopedStore) Recruiters(ctx context.Context, q OverviewQuery, limit time.Duration) (ByRecruiter, error) {
	q.Scope = s.narrow(q.Scope)
	return s.Store.Recruiters(ctx, q, limit)
}
