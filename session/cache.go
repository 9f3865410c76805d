package session

import (
	"context"
	"time"

	"hrdesk/store"
	"hrdesk/syncer"
)

// The cache as a front end finds it at start: the resumes placed in the
// configured folders, the newest sync.

// PlaceCached places the cached resumes in the profile's configured user
// folders when those changed since the cache was last placed (folders
// configured after the first sync show their resumes at once, with no
// request).
func (p *Profile) PlaceCached(ctx context.Context, st *store.Store) error {
	return syncer.PlaceCached(ctx, st, UserFolders(p.Config.Folders))
}

// LastSync is the newest finished sync of any list, in either scope; zero
// when none finished.
func LastSync(ctx context.Context, st *store.Store) (time.Time, error) {
	var last time.Time
	for _, scope := range []store.Scope{store.ScopeMine, store.ScopeCompany} {
		for _, status := range syncer.Statuses {
			c, err := st.SyncCursor(ctx, scope, status)
			if err != nil {
				return last, err
			}
			for _, t := range []time.Time{c.LastFullAt, c.LastIncrementalAt} {
				if t.After(last) {
					last = t
				}
			}
		}
	}
	return last, nil
}
