package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ListPosition is the row a resume holds in q's list (0 the first), paging
// aside; ok is false when the list does not hold it. An undo brings a
// resume back where the list's loaded pages may not reach (a move back
// makes it the newest, at the top of a list scrolled far down, issue 28
// §2): its row says where the cursor goes. It counts the rows before it
// in q's order (orderBy, or rangedSQL's two ranges for salary and age).
func (s *Store) ListPosition(ctx context.Context, q ListQuery, resumeID int64) (row int, ok bool, err error) {
	w, ok, err := s.where(ctx, &q, false)
	if !ok || err != nil {
		return 0, false, err
	}
	defer w.release()
	var at, salary, age int64
	err = s.r.QueryRowContext(ctx, "SELECT e.last_event_at, e.salary, e.age FROM entries e"+w.clause+" AND e.resume_id = ?",
		append(w.args[:len(w.args):len(w.args)], resumeID)...).Scan(&at, &salary, &age)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("store: list position: %w", err)
	}
	before, args := q.beforeCond(at, salary, age, resumeID)
	if q.WokenFirst {
		return s.wokenPosition(ctx, &q, w, resumeID, before, args)
	}
	if err := s.r.QueryRowContext(ctx, "SELECT count(*) FROM entries e"+w.clause+" AND ("+before+")",
		append(w.args[:len(w.args):len(w.args)], args...)...).Scan(&row); err != nil {
		return 0, false, fmt.Errorf("store: list position: %w", err)
	}
	return row, true, nil
}

// beforeCond is the condition on the rows that come before the resume id
// (whose date, salary and age are given) in q's order; ties go by id.
func (q *ListQuery) beforeCond(at, salary, age, id int64) (string, []any) {
	// after says "comes earlier" for a value in q's direction.
	after, idAfter := " > ", " > "
	if q.Ascending {
		after, idAfter = " < ", " < "
	}
	col, v := q.rangedColumn(), salary
	if q.SortBy == SortByAge {
		v = age
	}
	switch {
	case col == "":
		return "e.last_event_at" + after + "? OR e.last_event_at = ? AND e.resume_id" + idAfter + "?", []any{at, at, id}
	case v <= 0:
		// Unknown: after every known value, then by id.
		return col + " > 0 OR " + col + " <= 0 AND e.resume_id" + idAfter + "?", []any{id}
	default:
		return col + " > 0 AND " + col + after + "? OR " + col + " = ? AND e.resume_id" + idAfter + "?", []any{v, v, id}
	}
}
