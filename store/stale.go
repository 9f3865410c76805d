package store

import (
	"context"
	"fmt"
	"time"
)

// StaleFolders are where a response waits on the recruiter's next step;
// one sitting there without an event is a candidate left hanging.
var StaleFolders = []string{FolderConsidered, FolderInvited}

// staleCond selects stale entries: in a StaleFolder by the server's
// account too (a local move just made is the recruiter acting on it) with
// no event since before.
const staleCond = `e.folder IN ('considered', 'invited') AND e.server_folder = e.folder AND e.last_event_at < ?`

// StaleCounts counts stale entries per StaleFolder, from the cache.
func (s *Store) StaleCounts(ctx context.Context, scope Scope, before time.Time) (map[string]int, error) {
	query := "SELECT e.folder, count(*) FROM entries e WHERE " + staleCond
	args := []any{unix(before)}
	if scope != ScopeAll {
		// Not the scope's index: with the 100k cache's statistics SQLite took
		// entries_reconcile and read every stale candidate's row (TestSettledPlans).
		query += " AND +e.scope = ?"
		args = append(args, string(scope))
	}
	rows, err := s.r.QueryContext(ctx, query+" GROUP BY e.folder", args...)
	if err != nil {
		return nil, fmt.Errorf("store: stale counts: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var folder string
		var n int
		if err := rows.Scan(&folder, &n); err != nil {
			return nil, fmt.Errorf("store: stale counts: %w", err)
		}
		out[folder] = n
	}
	return out, rows.Err()
}
