package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// Snooze (issue 31 §4): a resume put aside until a moment, in this cache
// only (migration 20). While its time is ahead it leaves the lists and the
// folders' counts (counted apart, SnoozedCounts); once due it is woken:
// listed again, first when the list asks (ListQuery.WokenFirst) and marked
// (EntryRow.Woken), until the recruiter acts on it (an outbox action ends
// the row) or snoozes it again. A response dated after the snooze wakes it
// early (the migration's trigger, where the sync writes events).

// Snooze puts ids aside until until, as of now (a response after now
// wakes them); a resume snoozed already takes the new time. Resnooze does
// the same and says what stood before, for u.
func (s *Store) Snooze(ctx context.Context, ids []int64, until, now time.Time) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		return setSnoozes(ctx, tx, ids, func(int64) (int64, int64) { return unix(until), unix(now) })
	})
	if err != nil {
		return fmt.Errorf("store: snooze: %w", err)
	}
	return nil
}

// Unsnooze ends the snooze (or the woken mark) of ids.
func (s *Store) Unsnooze(ctx context.Context, ids []int64) error {
	err := s.write(ctx, func(tx *sql.Tx) error { return endSnoozes(ctx, tx, ids) })
	if err != nil {
		return fmt.Errorf("store: unsnooze: %w", err)
	}
	return nil
}

// NextWake is the earliest snooze still ahead of now (ok false: none), the
// moment the workstation's timer wakes the lists.
func (s *Store) NextWake(ctx context.Context, now time.Time) (at time.Time, ok bool, err error) {
	var until sql.NullInt64
	err = s.r.QueryRowContext(ctx, `SELECT min(until) FROM snoozes WHERE until > ?`, unix(now)).Scan(&until)
	if err != nil {
		return time.Time{}, false, fmt.Errorf("store: next wake: %w", err)
	}
	if !until.Valid {
		return time.Time{}, false, nil
	}
	return fromUnix(until.Int64), true, nil
}

// DueSnoozes are the woken resumes at now: their time came and the
// recruiter has not acted on them yet, the earliest due first.
func (s *Store) DueSnoozes(ctx context.Context, now time.Time) ([]int64, error) {
	ids, err := s.collect(ctx, `SELECT group_concat(resume_id) FROM
		(SELECT resume_id FROM snoozes WHERE until <= ? ORDER BY until, resume_id)`, unix(now))
	if err != nil {
		return nil, fmt.Errorf("store: due snoozes: %w", err)
	}
	return ids, nil
}

// SnoozedCounts are the snoozed resumes at now per shown folder (Total,
// New), in scope: what the folders' kept counts hold beside the list.
func (s *Store) SnoozedCounts(ctx context.Context, scope Scope, now time.Time) (map[string]FolderCount, error) {
	query, args := snoozedCountsSQL(scope, now)
	rows, err := s.r.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: snoozed counts: %w", err)
	}
	defer rows.Close()
	out := map[string]FolderCount{}
	for rows.Next() {
		var c FolderCount
		var isNew float64
		if err := rows.Scan(&c.Folder, &c.Total, &isNew); err != nil {
			return nil, fmt.Errorf("store: snoozed counts: %w", err)
		}
		c.New = int(isNew)
		out[c.Folder] = c
	}
	return out, rows.Err()
}

// snoozedCountsSQL is SnoozedCounts' statement. It walks the snoozes and
// looks each one's entry up (CROSS JOIN keeps that order): a cache whose
// snoozes were never analysed, as after the migration that made them,
// led the planner to walk every entry of the scope and probe the snoozes
// for each, 70-100 ms at the first frame over 100,000 resumes.
func snoozedCountsSQL(scope Scope, now time.Time) (string, []any) {
	query := `SELECT e.folder, count(*), total(e.is_new) FROM snoozes z CROSS JOIN entries e ON e.resume_id = z.resume_id
		WHERE z.until > ? AND e.folder IS NOT NULL`
	args := []any{unix(now)}
	if scope != ScopeAll {
		query, args = query+" AND e.scope = ?", append(args, string(scope))
	}
	return query + " GROUP BY e.folder", args
}

// snoozedPerVacancySQL is SnoozedPerVacancy's statement, walking the
// snoozes first as snoozedCountsSQL does.
func snoozedPerVacancySQL(scope Scope, now time.Time) (string, []any) {
	query := `SELECT v.vacancy_id, count(*) FROM snoozes z CROSS JOIN entries e ON e.resume_id = z.resume_id
		CROSS JOIN entry_vacancies v ON v.resume_id = z.resume_id WHERE z.until > ? AND e.folder IS NOT NULL`
	args := []any{unix(now)}
	if scope != ScopeAll {
		query, args = query+" AND e.scope = ?", append(args, string(scope))
	}
	return query + " GROUP BY v.vacancy_id", args
}

// LessSnoozed is counts (FolderCounts') without the snoozed ones, each
// folder's snoozed in its Snoozed.
func LessSnoozed(counts []FolderCount, snoozed map[string]FolderCount) []FolderCount {
	out := make([]FolderCount, len(counts))
	for i, c := range counts {
		z := snoozed[c.Folder]
		c.Total, c.New, c.Snoozed = max(c.Total-z.Total, 0), max(c.New-z.New, 0), z.Total
		out[i] = c
	}
	return out
}

// SnoozedPerVacancy counts the snoozed resumes at now per vacancy their
// events mention, in scope: the overview's figure.
func (s *Store) SnoozedPerVacancy(ctx context.Context, scope Scope, now time.Time) (map[int64]int, error) {
	query, args := snoozedPerVacancySQL(scope, now)
	rows, err := s.r.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: snoozed per vacancy: %w", err)
	}
	defer rows.Close()
	out := map[int64]int{}
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, fmt.Errorf("store: snoozed per vacancy: %w", err)
		}
		out[id] = n
	}
	return out, rows.Err()
}

// now is the moment q is read at.
func (s *Store) listNow(q *ListQuery) time.Time {
	if q.Now.IsZero() {
		return s.now()
	}
	return q.Now
}

// snoozedCond holds for the resumes snoozed at its argument.
const snoozedCond = "e.resume_id IN (SELECT resume_id FROM snoozes WHERE until > ?)"

// snoozing reports whether any resume is snoozed at now: one probe of the
// index on until, so a cache with none runs the list's plans unchanged.
func (s *Store) snoozing(ctx context.Context, now time.Time) (bool, error) {
	var any bool
	err := s.r.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM snoozes WHERE until > ?)`, unix(now)).Scan(&any)
	if err != nil {
		return false, fmt.Errorf("store: snoozing: %w", err)
	}
	return any, nil
}

// hidesSnoozed reports whether q's list leaves the snoozed out: always,
// but for a query about them (the `snoozed` term).
func (q *ListQuery) hidesSnoozed() bool {
	if q.Filter == nil {
		return true
	}
	for _, clause := range q.Filter.All {
		for _, c := range clause {
			if c.Kind == CondSnoozed {
				return false
			}
		}
	}
	return true
}

// snoozeConds adds the condition leaving out the snoozed to a list
// query's, when any is and q does not ask about them.
func (s *Store) snoozeConds(ctx context.Context, q *ListQuery, conds []string, args []any) ([]string, []any, error) {
	if !q.hidesSnoozed() {
		return conds, args, nil
	}
	now := s.listNow(q)
	on, err := s.snoozing(ctx, now)
	if err != nil || !on {
		return conds, args, err
	}
	return append(conds, "NOT "+snoozedCond), append(args, unix(now)), nil
}

// snoozedIn is how many of the snoozed resumes at now q's kept conditions
// (folder, scope, the new flag) hold, in: the ones that pass (nil: all).
func (s *Store) snoozedIn(ctx context.Context, q ListQuery, in func(int64) bool) (int, error) {
	if !q.hidesSnoozed() {
		return 0, nil
	}
	conds, args := q.keptConds("e.folder")
	query := "SELECT group_concat(e.resume_id) FROM snoozes z CROSS JOIN entries e ON e.resume_id = z.resume_id WHERE z.until > ? AND " +
		strings.Join(conds, " AND ")
	ids, err := s.collect(ctx, query, append([]any{unix(s.listNow(&q))}, args...)...)
	if err != nil {
		return 0, fmt.Errorf("store: snoozed: %w", err)
	}
	n := 0
	for _, id := range ids {
		if in == nil || in(id) {
			n++
		}
	}
	return n, nil
}

// wokenCond holds for the resumes woken at its argument.
const wokenCond = "e.resume_id IN (SELECT resume_id FROM snoozes WHERE until <= ?)"

// listWokenFirst is ListEntries with the woken resumes q holds first (few:
// read whole, marked), then the others in q's order, paged as one list.
func (s *Store) listWokenFirst(ctx context.Context, q *ListQuery, w where) ([]EntryRow, error) {
	now := unix(s.listNow(q))
	args := append(append([]any{}, w.args...), now)
	woken, err := s.page(ctx, "SELECT "+entryRowColumns+" FROM entries e"+w.clause+" AND "+wokenCond+q.orderBy()+
		fmt.Sprintf(" LIMIT %d", MaxListLimit), args, 0)
	if err != nil {
		return nil, err
	}
	for i := range woken {
		woken[i].Woken = true
	}
	rest, off := *q, max(q.Offset, 0)
	rest.WokenFirst = false
	out := woken[min(off, len(woken)):min(off+q.limit(), len(woken))]
	rest.Offset, rest.Limit = max(off-len(woken), 0), q.limit()-len(out)
	if rest.Limit == 0 {
		return out, nil
	}
	w.clause, w.args = w.clause+" AND NOT "+wokenCond, args
	var more []EntryRow
	if col := rest.rangedColumn(); col != "" {
		more, err = s.listRanged(ctx, &rest, w, col)
	} else {
		more, err = s.page(ctx, rest.pageSQL(w), w.args, rest.limit())
	}
	return append(out, more...), err
}

// SnoozedCounts is Store.SnoozedCounts in the view's scope.
func (s ScopedStore) SnoozedCounts(ctx context.Context, scope Scope, now time.Time) (map[string]FolderCount, error) {
	return s.Store.SnoozedCounts(ctx, s.narrow(scope), now)
}

// SnoozedPerVacancy is Store.SnoozedPerVacancy in the view's scope.
func (s ScopedStore) SnoozedPerVacancy(ctx context.Context, scope Scope, now time.Time) (map[int64]int, error) {
	return s.Store.SnoozedPerVacancy(ctx, s.narrow(scope), now)
}

// AddSnoozed sets each vacancy's Snoozed from SnoozedPerVacancy, and the
// total's as their sum.
func (o *Overview) AddSnoozed(per map[int64]int) {
	o.Total.Snoozed = 0
	for i := range o.Vacancies {
		o.Vacancies[i].Snoozed = per[o.Vacancies[i].VacancyID]
		o.Total.Snoozed += o.Vacancies[i].Snoozed
	}
}

// wokenPosition is ListPosition in a WokenFirst list: among the woken
// before the rest, the rows before it in q's order (before, args).
func (s *Store) wokenPosition(ctx context.Context, q *ListQuery, w where, id int64, before string, args []any) (int, bool, error) {
	now := unix(s.listNow(q))
	count := func(cond string, more ...any) (n int, err error) {
		a := append(append(w.args[:len(w.args):len(w.args)], now), more...)
		err = s.r.QueryRowContext(ctx, "SELECT count(*) FROM entries e"+w.clause+" AND "+cond, a...).Scan(&n)
		return n, err
	}
	var woken bool
	err := s.r.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM snoozes WHERE resume_id = ? AND until <= ?)`, id, now).Scan(&woken)
	if err != nil {
		return 0, false, fmt.Errorf("store: list position: %w", err)
	}
	if woken {
		n, err := count(wokenCond+" AND ("+before+")", args...)
		return n, err == nil, err
	}
	first, err := count(wokenCond)
	if err != nil {
		return 0, false, fmt.Errorf("store: list position: %w", err)
	}
	n, err := count("NOT "+wokenCond+" AND ("+before+")", args...)
	return first + n, err == nil, err
}
