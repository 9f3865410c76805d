package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sort"
	"time"
)

// The overview's figures (issue 20): per vacancy, the funnel, responses per
// day, what waits on the recruiter and how fast they answer. The counts
// that need every entry are kept on write (migration 012); what depends on
// the clock is read as short ranges of partial indexes, named (INDEXED BY):
// without statistics SQLite prefers an index with scope first and reads
// every entry of the scope (440 ms).

// ResponseTypes are the event types by which a resume reaches the
// recruiter (section 6; the received list's `type` kinds): sent by the
// applicant, copied from a colleague, by subscription, found by self.
var ResponseTypes = []int{10, 20, 30, 40, 50}

// ActionTypes are the recruiter's events on a resume (section 6): invite,
// to consideration, reject, letter, sent to e-mail, moved to a folder.
var ActionTypes = []int{60, 70, 80, 90, 100, 110}

// DefaultOverviewDays is the window of the time figures: responses per day,
// the trend against the same span before, the time to first action.
const DefaultOverviewDays = 30

// OverviewQuery says whose figures and for which days.
type OverviewQuery struct {
	// Scope is ScopeMine or ScopeAll (the company's, own ones included).
	Scope Scope
	// Now is the clock; Location the days' time zone (nil: Now's).
	Now      time.Time
	Location *time.Location
	// Since is the first day of the window (zero: Days days up to today);
	// Days its length when Since is zero (0: DefaultOverviewDays).
	Since time.Time
	Days  int
	// StaleBefore is store/stale.go's rule: a settled entry in Considered
	// or Invited with no event since is stale.
	StaleBefore time.Time
	// VacancyID narrows to one vacancy (0: all).
	VacancyID int64
	// Limits are the time limits per stage (issue 30 §2, [sla]): each
	// vacancy's NearLimit and PastLimit are counted by them at Now, and a
	// comparison's past the limit (ComparisonFor). Nil: none counted.
	Limits Limits
}

// WaitingAges are the buckets of WaitingByAge: responded today, 1–3 days
// ago, 4–7, older (calendar days of the query's time zone).
const WaitingAges = 4

// VacancyFigures are one vacancy's figures, or all of them summed.
type VacancyFigures struct {
	VacancyID int64 // 0 in Overview.Total, and for responses without a vacancy
	Title     string
	State     VacancyState // VacancyUnknown when the cache has no such vacancy
	// Responses is every listed entry; the rest split it by folder, user
	// folders by id.
	Responses, Inbox, Considered, Invited, Refused int
	Folders                                        map[string]int
	// Waiting: in the inbox with no action since the response, by age.
	Waiting      int
	WaitingByAge [WaitingAges]int
	Stale        int
	// NearLimit and PastLimit: resumes near and past their stage's limit
	// (issue 30 §2), counted when OverviewQuery.Limits has any (or set by
	// AddLimits, limits.go), 0 until then.
	NearLimit, PastLimit int
	// Snoozed: its resumes snoozed now (issue 31 §4; AddSnoozed), 0 until set.
	Snoozed int
	// PerDay is the responses of each day of the window, oldest first;
	// Before is the same span just before it (the trend's base).
	PerDay []int
	Before int
	// FirstActions is how many responses of the window were acted on, and
	// MedianFirstAction the median time to that first action (to the
	// minute; meaningless when FirstActions is 0).
	FirstActions      int
	MedianFirstAction time.Duration

	delays map[int64]int // minutes → responses, for medians of sums
}

// InWindow is the responses of the window (the sum of PerDay).
func (f VacancyFigures) InWindow() int {
	n := 0
	for _, d := range f.PerDay {
		n += d
	}
	return n
}

// Overview is the figures of every vacancy in the scope and their sum.
type Overview struct {
	// Days are the window's days (midnight in the query's zone), oldest first.
	Days      []time.Time
	Vacancies []VacancyFigures // by vacancy id
	Total     VacancyFigures
}

// Overview reads the figures from the cache.
func (s *Store) Overview(ctx context.Context, q OverviewQuery) (Overview, error) {
	loc := q.Location
	if loc == nil {
		loc = q.Now.Location()
	}
	now := q.Now.In(loc)
	today := midnight(now)
	days := q.Days
	if days <= 0 {
		days = DefaultOverviewDays
	}
	first := today.AddDate(0, 0, 1-days)
	if !q.Since.IsZero() {
		first = midnight(q.Since.In(loc))
	}
	var out Overview
	for d := first; !d.After(today); d = d.AddDate(0, 0, 1) {
		out.Days = append(out.Days, d)
	}
	if len(out.Days) == 0 {
		return out, fmt.Errorf("store: overview: the window starts after today")
	}
	b := overviewBuilder{s: s, q: q, loc: loc, byID: map[int64]*VacancyFigures{}}
	steps := []func(context.Context, *Overview) error{b.funnel, b.titles, b.waiting, b.stale, b.perDay, b.firstActions, b.limits}
	for _, step := range steps {
		if err := step(ctx, &out); err != nil {
			return Overview{}, fmt.Errorf("store: overview: %w", err)
		}
	}
	ids := make([]int64, 0, len(b.byID))
	for id := range b.byID {
		if q.VacancyID == 0 || id == q.VacancyID {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	out.Total.PerDay = make([]int, len(out.Days))
	for _, id := range ids {
		f := b.byID[id]
		if f.PerDay == nil {
			f.PerDay = make([]int, len(out.Days))
		}
		f.FirstActions, f.MedianFirstAction = median(f.delays)
		out.Total.add(f)
		out.Vacancies = append(out.Vacancies, *f)
	}
	out.Total.FirstActions, out.Total.MedianFirstAction = median(out.Total.delays)
	return out, nil
}

// add sums f into t.
func (t *VacancyFigures) add(f *VacancyFigures) {
	t.Responses += f.Responses
	t.Inbox += f.Inbox
	t.Considered += f.Considered
	t.Invited += f.Invited
	t.Refused += f.Refused
	for k, n := range f.Folders {
		if t.Folders == nil {
			t.Folders = map[string]int{}
		}
		t.Folders[k] += n
	}
	t.Waiting += f.Waiting
	for i := range t.WaitingByAge {
		t.WaitingByAge[i] += f.WaitingByAge[i]
	}
	t.Stale += f.Stale
	t.NearLimit += f.NearLimit
	t.PastLimit += f.PastLimit
	for i := range f.PerDay {
		t.PerDay[i] += f.PerDay[i]
	}
	t.Before += f.Before
	for k, n := range f.delays {
		if t.delays == nil {
			t.delays = map[int64]int{}
		}
		t.delays[k] += n
	}
}

// median is the median of a histogram of minutes (the mean of the two
// middle values for an even count) and how many values it holds.
func median(h map[int64]int) (int, time.Duration) {
	n := 0
	keys := make([]int64, 0, len(h))
	for k, c := range h {
		if c > 0 {
			keys = append(keys, k)
			n += c
		}
	}
	if n == 0 {
		return 0, 0
	}
	slices.Sort(keys)
	at := func(i int) int64 { // the i-th value, from 0
		for _, k := range keys {
			if i < h[k] {
				return k
			}
			i -= h[k]
		}
		return keys[len(keys)-1]
	}
	lo, hi := at((n-1)/2), at(n/2)
	return n, time.Duration(lo+hi) * time.Minute / 2
}

func midnight(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location())
}

// overviewBuilder fills the figures of one Overview call.
type overviewBuilder struct {
	s    *Store
	q    OverviewQuery
	loc  *time.Location
	byID map[int64]*VacancyFigures
}

func (b *overviewBuilder) vacancy(id int64) *VacancyFigures {
	f := b.byID[id]
	if f == nil {
		f = &VacancyFigures{VacancyID: id}
		b.byID[id] = f
	}
	return f
}

// scoped adds the scope's condition on column (ScopeAll: none).
func (b *overviewBuilder) scoped(query, column string, args []any) (string, []any) {
	if b.q.Scope == ScopeAll {
		return query, args
	}
	return query + " AND " + column + " = ?", append(args, string(b.q.Scope))
}

// each runs query and hands every row's values to fn.
func (b *overviewBuilder) each(ctx context.Context, query string, args []any, fn func(*sql.Rows) error) error {
	rows, err := b.s.r.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// funnel reads the kept counts per vacancy and folder.
func (b *overviewBuilder) funnel(ctx context.Context, _ *Overview) error {
	query, args := b.scoped("SELECT vacancy_id, folder, sum(total_count), sum(waiting_count) FROM vacancy_counts WHERE total_count > 0", "scope", nil)
	return b.each(ctx, query+" GROUP BY vacancy_id, folder", args, func(r *sql.Rows) error {
		var id int64
		var folder string
		var total, waiting int
		if err := r.Scan(&id, &folder, &total, &waiting); err != nil {
			return err
		}
		f := b.vacancy(id)
		f.Responses += total
		f.Waiting += waiting
		switch folder {
		case FolderInbox:
			f.Inbox += total
		case FolderConsidered:
			f.Considered += total
		case FolderInvited:
			f.Invited += total
		case FolderRefused:
			f.Refused += total
		default:
			if f.Folders == nil {
				f.Folders = map[string]int{}
			}
			f.Folders[folder] += total
		}
		return nil
	})
}

// titles names the vacancies with their states, and adds the open ones
// nobody answered: a vacancy that dried up is what the screen is for. The
// company's vacancies name a colleague's (issue 28 §3); an own vacancy's
// row, read last, is the newer word on it. A colleague's idle vacancy is
// the company's figure, not the recruiter's own.
func (b *overviewBuilder) titles(ctx context.Context, _ *Overview) error {
	if err := b.each(ctx, "SELECT id, profession, published, 0 FROM company_vacancies", nil, b.title(b.q.Scope != ScopeMine)); err != nil {
		return err
	}
	return b.each(ctx, "SELECT id, profession, published, is_archive FROM vacancies", nil, b.title(true))
}

// title reads a vacancy's row (id, title, published, archived); one
// without responses is added when open and idle says so.
func (b *overviewBuilder) title(idle bool) func(*sql.Rows) error {
	return func(r *sql.Rows) error {
		var id int64
		var title string
		var published int
		var archived bool
		if err := r.Scan(&id, &title, &published, &archived); err != nil {
			return err
		}
		state := StateOf(published, archived)
		f, ok := b.byID[id]
		if !ok && (!idle || state != VacancyOpen) {
			return nil
		}
		if !ok {
			f = b.vacancy(id)
		}
		f.Title, f.State = title, state
		return nil
	}
}

// waiting splits the last week's waiting responses by age; the rest of
// the kept count is older.
func (b *overviewBuilder) waiting(ctx context.Context, _ *Overview) error {
	today := midnight(b.q.Now.In(b.loc))
	t0, t3, t7 := today.Unix(), today.AddDate(0, 0, -3).Unix(), today.AddDate(0, 0, -7).Unix()
	query, args := b.scoped(`SELECT vacancy_id, total(arrived_at >= ?1), total(arrived_at >= ?2 AND arrived_at < ?1), count(*)
		FROM entries INDEXED BY entries_waiting_arrived
		WHERE folder = 'inbox' AND server_folder = 'inbox' AND acted_at = 0 AND arrived_at >= ?3`,
		"scope", []any{t0, t3, t7})
	err := b.each(ctx, query+" GROUP BY vacancy_id", args, func(r *sql.Rows) error {
		var id int64
		var today, days3 float64
		var week int
		if err := r.Scan(&id, &today, &days3, &week); err != nil {
			return err
		}
		f := b.vacancy(id)
		f.WaitingByAge[0], f.WaitingByAge[1] = int(today), int(days3)
		f.WaitingByAge[2] = week - int(today) - int(days3)
		return nil
	})
	for _, f := range b.byID {
		f.WaitingByAge[3] = f.Waiting - f.WaitingByAge[0] - f.WaitingByAge[1] - f.WaitingByAge[2]
	}
	return err
}

// settledSinceSQL counts per vacancy the settled entries of Considered and
// Invited with an event since ?: two ranges of migration 16's index.
const settledSinceSQL = `SELECT vacancy_id, count(*) FROM entries INDEXED BY entries_settled
		WHERE folder IN ('considered', 'invited') AND server_folder = folder AND last_event_at >= ?`

// stale is store/stale.go's rule per vacancy: the settled entries of
// Considered and Invited (kept) less those with an event since StaleBefore.
func (b *overviewBuilder) stale(ctx context.Context, _ *Overview) error {
	query, args := b.scoped(`SELECT vacancy_id, sum(settled_count) FROM vacancy_counts
		WHERE folder IN ('considered', 'invited')`, "scope", nil)
	err := b.each(ctx, query+" GROUP BY vacancy_id", args, func(r *sql.Rows) error {
		var id int64
		var n int
		if err := r.Scan(&id, &n); err != nil {
			return err
		}
		if f, ok := b.byID[id]; ok {
			f.Stale += n
		}
		return nil
	})
	if err != nil {
		return err
	}
	query, args = b.scoped(settledSinceSQL, "scope", []any{unix(b.q.StaleBefore)})
	return b.each(ctx, query+" GROUP BY vacancy_id", args, func(r *sql.Rows) error {
		var id int64
		var n int
		if err := r.Scan(&id, &n); err != nil {
			return err
		}
		if f, ok := b.byID[id]; ok {
			f.Stale -= n
		}
		return nil
	})
}

// epochDay is a civil date's day number, the key of response_days.
func epochDay(t time.Time) int64 {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC).Unix() / 86400
}

// perDay reads the responses per day of the window and the span before.
func (b *overviewBuilder) perDay(ctx context.Context, o *Overview) error {
	_, offset := b.q.Now.In(b.loc).Zone()
	table, err := b.s.responseDaysFor(ctx, offset)
	if err != nil {
		return err
	}
	first := epochDay(o.Days[0])
	from := first - int64(len(o.Days))
	var query string
	var args []any
	if table {
		query, args = b.scoped("SELECT day, vacancy_id, sum(n) FROM response_days WHERE day >= ?1 AND day <= ?2", "scope", []any{from, epochDay(o.Days[len(o.Days)-1])})
		query += " GROUP BY day, vacancy_id"
	} else { // a read-only cache counted in another zone: from the entries
		query, args = b.scoped(`SELECT (arrived_at + ?3) / 86400 AS day, vacancy_id, count(*) FROM entries
			WHERE folder IS NOT NULL AND arrived_at >= ?1 * 86400 - ?3 AND arrived_at < (?2 + 1) * 86400 - ?3`,
			"scope", []any{from, epochDay(o.Days[len(o.Days)-1]), offset})
		query += " GROUP BY 1, vacancy_id"
	}
	return b.each(ctx, query, args, func(r *sql.Rows) error {
		var day, id int64
		var n int
		if err := r.Scan(&day, &id, &n); err != nil {
			return err
		}
		f := b.vacancy(id)
		if f.PerDay == nil {
			f.PerDay = make([]int, len(o.Days))
		}
		if i := day - first; i >= 0 && i < int64(len(o.Days)) {
			f.PerDay[i] += n
		} else if i < 0 {
			f.Before += n
		}
		return nil
	})
}

// responseDaysFor makes response_days count days at offset (seconds east
// of UTC), counting the table again when it was kept for another one; false
// when it cannot (a read-only cache), and the caller counts the entries.
func (s *Store) responseDaysFor(ctx context.Context, offset int) (bool, error) {
	var kept int
	if err := s.r.QueryRowContext(ctx, "SELECT offset_seconds FROM response_days_zone").Scan(&kept); err != nil {
		return false, err
	}
	if kept == offset {
		return true, nil
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		for _, stmt := range []string{
			"UPDATE response_days_zone SET offset_seconds = ?1",
			"DELETE FROM response_days",
			`INSERT INTO response_days (scope, day, vacancy_id, n)
			SELECT scope, (arrived_at + ?1) / 86400, vacancy_id, count(*) FROM entries
			WHERE folder IS NOT NULL AND arrived_at > 0 GROUP BY 1, 2, 3`,
		} {
			if _, err := tx.ExecContext(ctx, stmt, offset); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, ErrReadOnly) {
		return false, nil
	}
	return err == nil, err
}

// firstActions reads the delays from response to first action of the
// window's responses, as a histogram of minutes per vacancy.
func (b *overviewBuilder) firstActions(ctx context.Context, o *Overview) error {
	query, args := b.scoped(`SELECT vacancy_id, (acted_at - arrived_at) / 60, count(*) FROM entries INDEXED BY entries_first_action
		WHERE acted_at > 0 AND arrived_at >= ?`, "scope", []any{o.Days[0].Unix()})
	return b.each(ctx, query+" GROUP BY 1, 2", args, func(r *sql.Rows) error {
		var id, minutes int64
		var n int
		if err := r.Scan(&id, &minutes, &n); err != nil {
			return err
		}
		f := b.vacancy(id)
		if f.delays == nil {
			f.delays = map[int64]int{}
		}
		f.delays[minutes] += n
		return nil
	})
}

// SortUserFolders orders user-folder ids as FolderCounts does.
func SortUserFolders(ids []string) {
	sort.Slice(ids, func(i, j int) bool { return lessNumeric(ids[i], ids[j]) })
}
