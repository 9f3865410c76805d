package store

import (
	"context"
	"fmt"
)

// A salary or age order puts the resumes that do not say theirs (0) last,
// in both directions. Two indexes per column gave it in one walk each:
// (folder, salary, …) descending and (folder, salary = 0, salary, …)
// ascending. Migration 16 dropped the second pair (issue 28 §7, the cache's
// size): a page is read from the first as two ranges, the known values in
// the order asked, then the unknown ones by id, each a walk of the index
// (TestQueryPlans). A value below zero is stored as unknown (upsert), so
// the two ranges hold every row.

// rangedColumn is the column q's order reads in two ranges; "" for the
// date, one walk.
func (q *ListQuery) rangedColumn() string {
	switch q.SortBy {
	case SortBySalary:
		return "e.salary"
	case SortByAge:
		return "e.age"
	}
	return ""
}

// rangedSQL is the page query of limit rows from offset among the known
// values of col (known) or the unknown ones, in q's direction.
func (q *ListQuery) rangedSQL(w where, col string, known bool, limit, offset int) string {
	dir := " DESC"
	if q.Ascending {
		dir = ""
	}
	cond, order := col+" > 0", col+dir+", e.resume_id"+dir
	if !known {
		cond, order = col+" = 0", "e.resume_id"+dir
	}
	return "SELECT " + entryRowColumns + " FROM entries e" + w.clause + " AND " + cond + " ORDER BY " + order +
		fmt.Sprintf(" LIMIT %d OFFSET %d", limit, offset)
}

// listRanged is ListEntries for an order rangedColumn names.
func (s *Store) listRanged(ctx context.Context, q *ListQuery, w where, col string) ([]EntryRow, error) {
	limit, offset := q.limit(), max(q.Offset, 0)
	out, err := s.page(ctx, q.rangedSQL(w, col, true, limit, offset), w.args, limit)
	if err != nil || len(out) == limit {
		return out, err
	}
	from := 0
	if len(out) == 0 && offset > 0 {
		// The page starts past the known values: their number says where
		// among the unknown ones.
		var known int
		if err := s.r.QueryRowContext(ctx, "SELECT count(*) FROM entries e"+w.clause+" AND "+col+" > 0", w.args...).Scan(&known); err != nil {
			return nil, fmt.Errorf("store: list: %w", err)
		}
		from = max(offset-known, 0)
	}
	rest, err := s.page(ctx, q.rangedSQL(w, col, false, limit-len(out), from), w.args, limit-len(out))
	return append(out, rest...), err
}
