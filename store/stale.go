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

// StaleCounts counts stale entries per StaleFolder, from the cache: the
// settled entries of each (server_folder = folder, kept per vacancy by
// migration 012's triggers) less those with an event since before, a
// short range of staleCond's own index. Counting the stale ones read every
// old candidate's index entry: at 100,000 resumes 40% of the first frame's
// CPU, and again after every action (issue 28 §7). An entry dated ahead of
// the clock has an event since before: not stale, as staleCond says.
func (s *Store) StaleCounts(ctx context.Context, scope Scope, before time.Time) (map[string]int, error) {
	settled, settledArgs, recent, recentArgs := staleCountsSQL(scope, before)
	out := map[string]int{}
	if err := s.addCounts(ctx, out, 1, settled, settledArgs); err != nil {
		return nil, err
	}
	if err := s.addCounts(ctx, out, -1, recent, recentArgs); err != nil {
		return nil, err
	}
	for f, n := range out {
		if n <= 0 { // none stale; below zero the two reads disagree, and none is the safe reading
			delete(out, f)
		}
	}
	return out, nil
}

// staleCountsSQL is StaleCounts' two reads: the settled entries per
// StaleFolder, and those with an event since before, read from the cutoff
// on in staleCond's partial index (named: without statistics SQLite may
// take the scope's index and read every entry of the scope).
func staleCountsSQL(scope Scope, before time.Time) (settled string, settledArgs []any, recent string, recentArgs []any) {
	settled = "SELECT folder, sum(settled_count) FROM vacancy_counts WHERE folder IN ('considered', 'invited')"
	recent = `SELECT e.folder, count(*) FROM entries e INDEXED BY entries_settled
		WHERE e.folder IN ('considered', 'invited') AND e.server_folder = e.folder AND e.last_event_at >= ?`
	recentArgs = []any{unix(before)}
	if scope != ScopeAll {
		settled += " AND scope = ?"
		recent += " AND e.scope = ?"
		settledArgs = append(settledArgs, string(scope))
		recentArgs = append(recentArgs, string(scope))
	}
	return settled + " GROUP BY folder", settledArgs, recent + " GROUP BY e.folder", recentArgs
}

// addCounts adds sign × each (folder, count) row of query to out.
func (s *Store) addCounts(ctx context.Context, out map[string]int, sign int, query string, args []any) error {
	rows, err := s.c.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("store: stale counts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var folder string
		var n int
		if err := rows.Scan(&folder, &n); err != nil {
			return fmt.Errorf("store: stale counts: %w", err)
		}
		out[folder] += sign * n
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: stale counts: %w", err)
	}
	return nil
}
