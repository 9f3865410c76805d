package store

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"
)

// Limits are the time limits per stage (issue 30 §2, config's [sla]): a
// folder (inbox, considered, invited or a user folder's number) → how long
// a resume may sit there without an event. A folder without one has none.
type Limits map[string]time.Duration

// LimitMark is where a resume stands against its stage's limit.
type LimitMark uint8

// The marks: within the limit (or none set), near it (three quarters of
// it waited, config.NearLimitShare) and past it (the whole limit waited).
const (
	WithinLimit LimitMark = iota
	NearLimit
	PastLimit
)

// near is the wait at which a resume is near limit d: three quarters.
func near(d time.Duration) time.Duration { return d - d/4 }

// Mark is where r stands against its folder's limit at now. Exactly three
// quarters of the limit waited is near, exactly the limit is past. Only a
// settled resume is marked (in its folder by the server's account too: a
// local move just made is the recruiter acting on it), as staleCond says.
func (l Limits) Mark(r EntryRow, now time.Time) LimitMark {
	d, ok := l[r.Folder]
	if !ok || d <= 0 || !settledRow(r) {
		return WithinLimit
	}
	switch waited := now.Sub(r.LastEventAt); {
	case waited >= d:
		return PastLimit
	case waited >= near(d):
		return NearLimit
	}
	return WithinLimit
}

// settledRow says r sits in its folder by the server's account too.
func settledRow(r EntryRow) bool {
	if _, api := StatusForFolder(r.Folder); api {
		return r.ServerFolder == r.Folder
	}
	return r.UserFolder == r.Folder
}

// settledSQL is settledRow for a folder, as a condition on entries e.
func settledSQL(folder string) string {
	if _, api := StatusForFolder(folder); api {
		return "e.server_folder = e.folder"
	}
	return "e.user_folder = e.folder"
}

// folderLiteral is folder as an SQL string literal: written into the
// statement, not bound, so that SQLite can see Considered's and Invited's
// terms imply entries_settled's WHERE and read that partial index alone
// (a bound folder could be any).
func folderLiteral(folder string) string { return "'" + strings.ReplaceAll(folder, "'", "''") + "'" }

// folders are l's folders with a limit, in one order (a map's own order
// would make a different statement each time).
func (l Limits) folders() []string {
	out := make([]string, 0, len(l))
	for f, d := range l {
		if d > 0 {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}

// Due keeps, in a ListQuery, the resumes near or past their stage's limit
// at Now: the "needs me" list (issue 30 §2).
type Due struct {
	Limits Limits
	Now    time.Time
	// PastOnly keeps those past the limit only.
	PastOnly bool
}

// cond is d as a condition on entries e: per limited folder, the settled
// resumes whose last event is at or before the near (or past) cut.
func (d *Due) cond() (string, []any) {
	var terms []string
	var args []any
	for _, f := range d.Limits.folders() {
		cut := d.Now.Add(-near(d.Limits[f]))
		if d.PastOnly {
			cut = d.Now.Add(-d.Limits[f])
		}
		terms = append(terms, "(e.folder = "+folderLiteral(f)+" AND e.last_event_at <= ? AND "+settledSQL(f)+")")
		args = append(args, unix(cut))
	}
	if len(terms) == 0 {
		return "0", nil // no limit set: nothing is due
	}
	return "(" + strings.Join(terms, " OR ") + ")", args
}

// LimitGroup is what LimitCounts counts by.
type LimitGroup int

// The groups: the resume's vacancy (entries.vacancy_id, 0: none), or that
// vacancy's owner, the recruiter (company_vacancies.owner_id, 0: unknown,
// a vacancy the company's list has not named).
const (
	LimitsByVacancy LimitGroup = iota
	LimitsByRecruiter
	// limitsTotal is the scope's whole under key 0: dueCount's one
	// figure, read without grouping (a sorter and a key a row cost the
	// needs-me count a fifth of its frame).
	limitsTotal
)

// LimitCount is how many resumes of a group are near and past their
// stage's limit; Near does not count the ones past.
type LimitCount struct {
	Near, Past int
}

// LimitCounts counts the resumes of scope near and past their stage's
// limit at now, by vacancy or by recruiter (issue 30 §2: the overview and
// the report per vacancy, l30a's per recruiter). In a standard folder they
// are read as StaleCounts reads the stale ones: the settled resumes
// (vacancy_counts, kept by triggers) less those with an event since the
// past cut, a short range of the folder's date index; counting them one by
// one read two inboxes in three of the 100k cache's from the table. A user
// folder's are counted (settled there is the user folder's own column).
func (s *Store) LimitCounts(ctx context.Context, scope Scope, limits Limits, now time.Time, by LimitGroup) (map[int64]LimitCount, error) {
	out := map[int64]LimitCount{}
	for _, f := range limits.folders() {
		d := limits[f]
		nearCut, pastCut := unix(now.Add(-near(d))), unix(now.Add(-d))
		if _, api := StatusForFolder(f); !api {
			query, args := limitCountsSQL(scope, f, by, "<=", pastCut, nearCut)
			if err := s.eachLimitCount(ctx, query, args, func(key int64, past, due int) {
				c := out[key]
				c.Past, c.Near = c.Past+past, c.Near+due-past
				out[key] = c
			}); err != nil {
				return nil, err
			}
			continue
		}
		settled := map[int64]int{}
		query, args := settledCountsSQL(scope, f, by)
		if err := s.eachLimitCount(ctx, query, args, func(key int64, n, _ int) { settled[key] += n }); err != nil {
			return nil, err
		}
		notPast, notDue := map[int64]int{}, map[int64]int{}
		query, args = limitCountsSQL(scope, f, by, ">", nearCut, pastCut)
		if err := s.eachLimitCount(ctx, query, args, func(key int64, recent, n int) {
			notDue[key] += recent
			notPast[key] += n
		}); err != nil {
			return nil, err
		}
		for key, n := range settled {
			// Below zero the two reads disagree; none is the safe reading.
			past, due := max(n-notPast[key], 0), max(n-notDue[key], 0)
			if past == 0 && due == 0 {
				continue
			}
			c := out[key]
			c.Past, c.Near = c.Past+past, c.Near+max(due-past, 0)
			out[key] = c
		}
	}
	return out, nil
}

// limitKey is what LimitCounts groups by, over entries e or vacancy_counts
// vc (col names its vacancy column), and the join that names the owner.
func limitKey(by LimitGroup, col string) (key, join string) {
	switch by {
	case LimitsByRecruiter:
		return "coalesce(cv.owner_id, 0)", " LEFT JOIN company_vacancies cv ON cv.id = " + col
	case limitsTotal:
		return "0", ""
	}
	return col, ""
}

// groupBy ends a limit count's statement: by its key, or (limitsTotal) as
// one row.
func groupBy(by LimitGroup) string {
	if by == limitsTotal {
		return ""
	}
	return " GROUP BY 1"
}

// limitCountsSQL reads one folder's settled resumes whose last event is
// op cut ("<=": at or before, ">": after): per key, how many of them are
// op mark too, and how many in all.
func limitCountsSQL(scope Scope, folder string, by LimitGroup, op string, mark, cut int64) (string, []any) {
	key, join := limitKey(by, "e.vacancy_id")
	query := "SELECT " + key + ", coalesce(sum(e.last_event_at " + op + " ?), 0), count(*) FROM entries e" + join +
		" WHERE e.folder = " + folderLiteral(folder) + " AND e.last_event_at " + op + " ? AND " + settledSQL(folder)
	args := []any{mark, cut}
	if scope != ScopeAll {
		query += " AND e.scope = ?"
		args = append(args, string(scope))
	}
	return query + groupBy(by), args
}

// settledCountsSQL is a standard folder's settled resumes per key, from
// the kept counts.
func settledCountsSQL(scope Scope, folder string, by LimitGroup) (string, []any) {
	key, join := limitKey(by, "vc.vacancy_id")
	query := "SELECT " + key + ", coalesce(sum(vc.settled_count), 0), 0 FROM vacancy_counts vc" + join + " WHERE vc.folder = ?"
	args := []any{folder}
	if scope != ScopeAll {
		query += " AND vc.scope = ?"
		args = append(args, string(scope))
	}
	return query + groupBy(by), args
}

// eachLimitCount calls fn with each (key, a, b) row of query.
func (s *Store) eachLimitCount(ctx context.Context, query string, args []any, fn func(key int64, a, b int)) error {
	rows, err := s.r.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("store: limit counts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var key int64
		var a, b int
		if err := rows.Scan(&key, &a, &b); err != nil {
			return fmt.Errorf("store: limit counts: %w", err)
		}
		fn(key, a, b)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: limit counts: %w", err)
	}
	return nil
}

// dueCount is CountEntries for a query that narrows by Due and otherwise
// only by scope (dueOnKept): LimitCounts' sum.
func (s *Store) dueCount(ctx context.Context, q ListQuery) (int, error) {
	counts, err := s.LimitCounts(ctx, q.Scope, q.Due.Limits, q.Due.Now, limitsTotal)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, c := range counts {
		n += c.Past
		if !q.Due.PastOnly {
			n += c.Near
		}
	}
	return n, nil
}

// dueOnKept reports a query LimitCounts can count: Due, every folder, and
// nothing else a count reads but the scope.
func (q *ListQuery) dueOnKept() bool {
	if q.Due == nil || q.Folder != "" {
		return false
	}
	rest := *q
	rest.Due = nil
	return !rest.OnlyNew && rest.onlyKeptFilters()
}

// AddLimits sets each vacancy's NearLimit and PastLimit from LimitCounts
// by vacancy, and the total's as their sum: the overview and the report
// count both per vacancy (issue 30 §2).
func (o *Overview) AddLimits(counts map[int64]LimitCount) {
	o.Total.NearLimit, o.Total.PastLimit = 0, 0
	for i := range o.Vacancies {
		c := counts[o.Vacancies[i].VacancyID]
		o.Vacancies[i].NearLimit, o.Vacancies[i].PastLimit = c.Near, c.Past
		o.Total.NearLimit += c.Near
		o.Total.PastLimit += c.Past
	}
}

// limits counts each vacancy's resumes near and past their stage's limit
// (LimitCounts by vacancy); a vacancy the funnel did not name has no
// listed resume, so none of them.
func (b *overviewBuilder) limits(ctx context.Context, _ *Overview) error {
	if len(b.q.Limits.folders()) == 0 {
		return nil
	}
	counts, err := b.s.LimitCounts(ctx, b.q.Scope, b.q.Limits, b.q.Now, LimitsByVacancy)
	if err != nil {
		return err
	}
	for id, c := range counts {
		if f, ok := b.byID[id]; ok {
			f.NearLimit, f.PastLimit = c.Near, c.Past
		}
	}
	return nil
}

// dueIndex names the date order's index for the needs-me list's page:
// SQLite otherwise read each limited folder's range, every resume near or
// past its limit (65,000 of the 100k cache's), and sorted them for a page
// of 100 (200 ms). Walked from the oldest, the date index finds them
// within the first rows: they are the old ones.
func (q *ListQuery) dueIndex() string {
	if q.Due == nil || q.SortBy != SortByDate || strings.TrimSpace(q.Search) != "" {
		return ""
	}
	return " INDEXED BY entries_date"
}
