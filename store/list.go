package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
)

// SortField is the column the list is ordered by.
type SortField int

// Sort fields of the list; ties are broken by resume id.
const (
	SortByDate   SortField = iota // date of the last event
	SortBySalary                  // unknown (0) last in both directions
	SortByAge                     // unknown (0) last in both directions
)

// ListQuery selects and orders a page of the resume list.
type ListQuery struct {
	Folder    string // "" = every folder
	VacancyID int64  // 0 = any; matches every vacancy the entry's events mention
	Scope     Scope  // ScopeAll = both lists
	OnlyNew   bool
	// StaleBefore, when set, keeps only stale entries: in Considered or
	// Invited with no event since then (see StaleCounts).
	StaleBefore time.Time
	// Due, when set, keeps only the resumes near or past their stage's
	// limit (limits.go: the "needs me" list).
	Due *Due
	// The recruiter's filters; zero values filter nothing. A bound on
	// salary or age leaves out resumes that do not say theirs.
	RespondedFrom, RespondedTo time.Time // when the response came (its first event), inclusive
	SalaryFrom, SalaryTo       int64
	AgeFrom, AgeTo             int
	Education                  int64  // the resume's education level (dictionary id)
	Search                     string // what the user typed; see SearchQuery
	// Filter is the query language's conditions beyond these fields
	// (negations, `or`, comments, waiting): nil filters nothing.
	Filter *Filter
	// Now is the moment the snoozed are hidden at (zero: the store's
	// clock); WokenFirst lists the woken ones first (snooze.go).
	Now        time.Time
	WokenFirst bool
	SortBy     SortField
	Ascending  bool // default newest / highest first
	Offset     int
	Limit      int // 0 = 100
}

// MaxListLimit bounds one page, so a mistake cannot load the whole cache.
const MaxListLimit = 5000

// The name shown is made from the three (displayName): migration 17.
const entryRowColumns = `e.resume_id, e.first_name, e.last_name, e.middle_name,
	e.profession, e.age, e.salary, e.currency, e.town, e.vacancy_id, e.folder, e.server_folder,
	e.scope, e.is_new, e.last_event_at, e.user_folder,
	(SELECT count(*) FROM outbox o WHERE o.resume_id = e.resume_id AND o.state IN ('pending', 'in_flight')),
	(SELECT count(*) FROM outbox o WHERE o.resume_id = e.resume_id AND o.state = 'failed' AND o.dismissed = 0),
	(SELECT count(*) FROM outbox o WHERE o.resume_id = e.resume_id AND o.state = 'unknown')`

// where is a list query's WHERE clause with its arguments; release frees
// what the search holds once the query is done.
type where struct {
	clause  string
	args    []any
	release func()
	// countFrom, when the search's few matches are the rows to start
	// from, is a count's FROM and WHERE joining them to the entries, with
	// countArgs: see CountEntries.
	countFrom string
	countArgs []any
}

// where builds the filter of q, reading the search's matches first (see
// matches.go); ok is false when nothing can match: the search text has no
// searchable word (the list is then empty, not everything) or no resume
// holds it. paged says a LIMIT ends the query.
func (s *Store) where(ctx context.Context, q *ListQuery, paged bool) (w where, ok bool, err error) {
	w.release = func() {}
	var search searchCond
	folder := "e.folder"
	if strings.TrimSpace(q.Search) != "" {
		limit := 0
		if paged {
			limit = q.limit()
		}
		search, ok, err = s.searchCondFor(ctx, q.Search, max(q.Offset, 0), limit)
		if err != nil || !ok {
			return w, false, err
		}
		w.release = search.release
		if search.driven {
			folder = "+e.folder" // not the folder's index: the matches are the rows to start from
		}
	}
	conds, args := q.keptConds(folder)
	if conds, args, err = s.snoozeConds(ctx, q, conds, args); err != nil {
		w.release()
		return w, false, err
	}
	w.args = args
	if !q.StaleBefore.IsZero() {
		conds = append(conds, staleCond)
		w.args = append(w.args, unix(q.StaleBefore))
	}
	if q.Due != nil {
		c, a := q.Due.cond()
		conds, w.args = append(conds, c), append(w.args, a...)
	}
	conds, w.args = q.filterConds(conds, w.args)
	if q.VacancyID != 0 {
		conds = append(conds, "e.resume_id IN (SELECT resume_id FROM entry_vacancies WHERE vacancy_id = ?)")
		w.args = append(w.args, q.VacancyID)
	}
	conds, w.args = q.Filter.conds(conds, w.args)
	if search.driven {
		w.countFrom = " FROM json_each(?) j CROSS JOIN entries e ON e.resume_id = j.value WHERE " + strings.Join(conds, " AND ")
		w.countArgs = append([]any{search.arg}, w.args...)
	}
	if search.sql != "" {
		// Last: SQLite asks it only of the rows the others keep.
		conds, w.args = append(conds, search.sql), append(w.args, search.arg)
	}
	w.clause = " WHERE " + strings.Join(conds, " AND ")
	return w, true, nil
}

// keptConds are the conditions on what folder_counts keeps (folder, scope
// and the new flag), folder being the folder's column as the query names it.
func (q *ListQuery) keptConds(folder string) (conds []string, args []any) {
	if q.Folder != "" {
		conds, args = append(conds, folder+" = ?"), append(args, q.Folder)
	} else {
		conds = append(conds, folder+" IS NOT NULL") // hides entries missing from the server
	}
	if q.Scope != ScopeAll {
		// Not the scope's index (entries_reconcile): four entries in five
		// are the own ones, yet the planner's sample of 2,000 rows rates it
		// narrow and takes it over the order's index, then sorts every
		// row of the scope, asking the search of each (2.9 s for "М" in
		// every folder; issue 22 §1). The order's indexes hold the scope,
		// so the rows they walk are kept or dropped without the table.
		conds, args = append(conds, "+e.scope = ?"), append(args, string(q.Scope))
	}
	if q.OnlyNew {
		conds = append(conds, "e.is_new = 1")
	}
	return conds, args
}

// orderBy matches the indexes of 001_cache.sql term for term; a page in
// salary or age order is read in two ranges instead (ranged.go).
func (q *ListQuery) orderBy() string {
	switch {
	case q.SortBy == SortBySalary && q.Ascending:
		return " ORDER BY e.salary = 0, e.salary, e.resume_id"
	case q.SortBy == SortBySalary:
		return " ORDER BY e.salary DESC, e.resume_id DESC"
	case q.SortBy == SortByAge && q.Ascending:
		return " ORDER BY e.age = 0, e.age, e.resume_id"
	case q.SortBy == SortByAge:
		return " ORDER BY e.age DESC, e.resume_id DESC"
	case q.Ascending:
		return " ORDER BY e.last_event_at, e.resume_id"
	default:
		return " ORDER BY e.last_event_at DESC, e.resume_id DESC"
	}
}

// limit is the page's size.
func (q *ListQuery) limit() int {
	if q.Limit <= 0 {
		return 100
	}
	return min(q.Limit, MaxListLimit)
}

// pageSQL is q's page query with the filter w.
func (q *ListQuery) pageSQL(w where) string {
	return "SELECT " + entryRowColumns + " FROM entries e" + q.dueIndex() + w.clause + q.orderBy() +
		fmt.Sprintf(" LIMIT %d OFFSET %d", q.limit(), max(q.Offset, 0))
}

// allSQL is pageSQL without paging, with extra columns and joins after the
// row's columns.
func (q *ListQuery) allSQL(w where, extra, joins string) string {
	return "SELECT " + entryRowColumns + extra + " FROM entries e" + joins + w.clause + q.orderBy()
}

// ListEntries returns one page of the resume list, light columns only.
func (s *Store) ListEntries(ctx context.Context, q ListQuery) ([]EntryRow, error) {
	w, ok, err := s.where(ctx, &q, true)
	if !ok || err != nil {
		return nil, err
	}
	defer w.release()
	if q.WokenFirst {
		return s.listWokenFirst(ctx, &q, w)
	}
	if col := q.rangedColumn(); col != "" {
		return s.listRanged(ctx, &q, w, col)
	}
	return s.page(ctx, q.pageSQL(w), w.args, q.limit())
}

// page runs a page query of at most limit rows and reads its rows.
func (s *Store) page(ctx context.Context, query string, args []any, limit int) ([]EntryRow, error) {
	rows, err := s.r.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: list: %w", err)
	}
	defer rows.Close()
	out := make([]EntryRow, 0, limit)
	for rows.Next() {
		var r EntryRow
		if err := scanEntryRow(rows, &r); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list: %w", err)
	}
	return out, nil
}

type scanner interface{ Scan(dest ...any) error }

func scanEntryRow(sc scanner, r *EntryRow, extra ...any) error {
	var scope string
	var folder, userFolder sql.NullString
	var isNew bool
	var lastEvent int64
	dest := append([]any{&r.ResumeID, &r.FirstName, &r.LastName, &r.MiddleName,
		&r.Profession, &r.Age, &r.Salary, &r.Currency, &r.Town, &r.VacancyID, &folder, &r.ServerFolder,
		&scope, &isNew, &lastEvent, &userFolder, &r.Pending, &r.Failed, &r.Unknown}, extra...)
	if err := sc.Scan(dest...); err != nil {
		return fmt.Errorf("store: scan entry: %w", err)
	}
	r.Folder, r.Scope, r.IsNew, r.LastEventAt = folder.String, Scope(scope), isNew, fromUnix(lastEvent)
	r.UserFolder = userFolder.String
	r.DisplayName = displayName(r.LastName, r.FirstName, r.MiddleName)
	return nil
}

// CountEntries counts the rows ListEntries would return without paging.
// When q filters on nothing but folder, scope and the new flag the count is
// the kept folder count (a few rows); otherwise the matching rows are counted.
func (s *Store) CountEntries(ctx context.Context, q ListQuery) (int, error) {
	if q.onlyKeptFilters() {
		return s.keptCount(ctx, q)
	}
	if q.dueOnKept() {
		// LimitCounts knows nothing of snoozes: with any, rows are counted.
		on, err := s.snoozing(ctx, s.listNow(&q))
		if err != nil {
			return 0, err
		}
		if !on {
			return s.dueCount(ctx, q)
		}
	}
	if q.searchOnKept() {
		return s.searchCount(ctx, q)
	}
	w, ok, err := s.where(ctx, &q, false)
	if !ok || err != nil {
		return 0, err
	}
	defer w.release()
	query, args := "SELECT count(*) FROM entries e"+w.clause, w.args
	if w.countFrom != "" {
		// The matches in their order, each looked up once: as `IN (…)`
		// SQLite first copied them into a temporary index, and the
		// count of a word in 4,455 of the inbox's own resumes took
		// 18-66 ms instead of 15-18 (issue 22 §2).
		query, args = "SELECT count(*)"+w.countFrom, w.countArgs
	}
	s.traceCount(query, args)
	var n int
	if err := s.r.QueryRowContext(ctx, query, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count: %w", err)
	}
	return n, nil
}

// onlyKeptFilters reports whether q filters on nothing folder_counts does
// not keep: folder, scope and the new flag only. Paging and order do not
// change a count.
func (q *ListQuery) onlyKeptFilters() bool {
	kept := ListQuery{Folder: q.Folder, Scope: q.Scope, OnlyNew: q.OnlyNew, SortBy: q.SortBy, Ascending: q.Ascending,
		Offset: q.Offset, Limit: q.Limit, Now: q.Now, WokenFirst: q.WokenFirst}
	if strings.TrimSpace(q.Search) == "" {
		kept.Search = q.Search
	}
	return *q == kept
}

// keptCount is CountEntries from folder_counts (migration 005).
func (s *Store) keptCount(ctx context.Context, q ListQuery) (int, error) {
	column := "total_count"
	if q.OnlyNew {
		column = "new_count"
	}
	query := "SELECT coalesce(sum(" + column + "), 0) FROM folder_counts WHERE 1"
	var args []any
	if q.Folder != "" {
		query += " AND folder = ?"
		args = append(args, q.Folder)
	}
	if q.Scope != ScopeAll {
		query += " AND scope = ?"
		args = append(args, string(q.Scope))
	}
	var n int
	if err := s.r.QueryRowContext(ctx, query, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count: %w", err)
	}
	hidden, err := s.snoozedIn(ctx, q, nil)
	return n - hidden, err
}

// FolderCount is the number of entries in a folder and how many are new.
type FolderCount struct {
	Folder string
	Total  int
	New    int
	// Snoozed are the folder's snoozed resumes, apart from Total
	// (LessSnoozed; FolderCounts leaves it 0).
	Snoozed int
}

// FolderCounts counts entries per folder: the four API folders always (in
// their order, possibly zero), then user folders by id. The counts are kept
// on write (migration 005), so this reads a few rows whatever the cache size.
func (s *Store) FolderCounts(ctx context.Context, scope Scope) ([]FolderCount, error) {
	query := "SELECT folder, sum(total_count), sum(new_count) FROM folder_counts"
	var args []any
	if scope != ScopeAll {
		query += " WHERE scope = ?"
		args = append(args, string(scope))
	}
	rows, err := s.c.QueryContext(ctx, query+" GROUP BY folder HAVING sum(total_count) > 0", args...)
	if err != nil {
		return nil, fmt.Errorf("store: folder counts: %w", err)
	}
	defer rows.Close()
	byFolder := map[string]FolderCount{}
	for rows.Next() {
		var c FolderCount
		if err := rows.Scan(&c.Folder, &c.Total, &c.New); err != nil {
			return nil, fmt.Errorf("store: folder counts: %w", err)
		}
		byFolder[c.Folder] = c
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: folder counts: %w", err)
	}
	out := make([]FolderCount, 0, len(byFolder)+len(Folders))
	for _, f := range Folders {
		c := byFolder[f]
		c.Folder = f
		out = append(out, c)
		delete(byFolder, f)
	}
	var user []FolderCount
	for _, c := range byFolder {
		user = append(user, c)
	}
	sort.Slice(user, func(i, j int) bool { return lessNumeric(user[i].Folder, user[j].Folder) })
	return append(out, user...), nil
}

func lessNumeric(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// VacancyCount is the number of entries that answered a vacancy.
type VacancyCount struct {
	VacancyID int64
	Title     string // the vacancy's profession when the cache knows the vacancy (own or the company's)
	Total     int
	New       int
}

// VacancyCounts counts entries per vacancy (every vacancy an entry's events
// mention), in folder ("" = all) and scope, most answered first.
func (s *Store) VacancyCounts(ctx context.Context, scope Scope, folder string) ([]VacancyCount, error) {
	query, args := vacancyCountsSQL(scope, folder)
	rows, err := s.r.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: vacancy counts: %w", err)
	}
	defer rows.Close()
	var out []VacancyCount
	for rows.Next() {
		var c VacancyCount
		var isNew float64
		if err := rows.Scan(&c.VacancyID, &c.Title, &c.Total, &isNew); err != nil {
			return nil, fmt.Errorf("store: vacancy counts: %w", err)
		}
		c.New = int(isNew)
		out = append(out, c)
	}
	return out, rows.Err()
}

// vacancyCountsSQL counts the responses per vacancy in folder (every
// folder: "") and scope, then names the vacancies counted; a colleague's
// vacancy is named from the company's (issue 28 §3). The scope's term is
// kept from the indexes (+e.scope): with it SQLite walked the scope's
// index and read each entry's row for its folder, 370-580 ms over 100,000
// resumes for every folder (the filter dialog's other "where" choice,
// issue 28 §7) against 90-140 ms walking the links and 40-70 ms the
// folder's covering index. The titles are joined to the 40-odd counts,
// not to every response.
func vacancyCountsSQL(scope Scope, folder string) (string, []any) {
	query := `SELECT g.vacancy_id, coalesce(vac.profession, nullif(cv.profession, ''), ''), g.n, g.fresh FROM (
		SELECT v.vacancy_id, count(*) AS n, total(e.is_new) AS fresh
		FROM entry_vacancies v JOIN entries e ON e.resume_id = v.resume_id WHERE e.folder IS NOT NULL`
	var args []any
	if folder != "" {
		query += " AND e.folder = ?"
		args = append(args, folder)
	}
	if scope != ScopeAll {
		query += " AND +e.scope = ?"
		args = append(args, string(scope))
	}
	query += ` GROUP BY v.vacancy_id) g
		LEFT JOIN vacancies vac ON vac.id = g.vacancy_id
		LEFT JOIN company_vacancies cv ON cv.id = g.vacancy_id
		ORDER BY g.n DESC, g.vacancy_id`
	return query, args
}

// Entry returns one cached entry with its raw JSON; ErrNotFound when absent.
func (s *Store) Entry(ctx context.Context, resumeID int64) (EntryDetail, error) {
	var d EntryDetail
	var contacts bool
	var synced, missing int64
	var frame []byte
	row := s.r.QueryRowContext(ctx, "SELECT "+entryRowColumns+`,
		e.contacts_bought, e.synced_at, e.missing_since, f.body
		FROM entries e LEFT JOIN entry_frames f ON f.resume_id = e.resume_id WHERE e.resume_id = ?`, resumeID)
	err := scanEntryRow(row, &d.EntryRow, &contacts, &synced, &missing, &frame)
	if errors.Is(err, sql.ErrNoRows) {
		return d, fmt.Errorf("%w: resume %d", ErrNotFound, resumeID)
	}
	if err != nil {
		return d, err
	}
	d.ContactsBought, d.SyncedAt, d.MissingSince = contacts, fromUnix(synced), fromUnix(missing)
	return d, d.fillBody(frame)
}

// Events returns an entry's events in the server's order.
func (s *Store) Events(ctx context.Context, resumeID int64) ([]Event, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT vacancy_id, type, date_event, text, date_text, type_title, description
		FROM events WHERE resume_id = ? ORDER BY seq`, resumeID)
	if err != nil {
		return nil, fmt.Errorf("store: events: %w", err)
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var ev Event
		var at int64
		if err := rows.Scan(&ev.VacancyID, &ev.Type, &at, &ev.Text, &ev.Date, &ev.TypeTitle, &ev.Description); err != nil {
			return nil, fmt.Errorf("store: events: %w", err)
		}
		ev.DateEvent = fromUnix(at)
		out = append(out, ev)
	}
	return out, rows.Err()
}

// filterConds adds the recruiter's filters (salary, age, response date,
// education) to a list query's conditions.
func (q *ListQuery) filterConds(conds []string, args []any) ([]string, []any) {
	bound := func(col string, from, to int64) {
		if from > 0 || to > 0 {
			conds = append(conds, col+" > 0")
		}
		if from > 0 {
			conds, args = append(conds, col+" >= ?"), append(args, from)
		}
		if to > 0 {
			conds, args = append(conds, col+" <= ?"), append(args, to)
		}
	}
	bound("e.salary", q.SalaryFrom, q.SalaryTo)
	bound("e.age", int64(q.AgeFrom), int64(q.AgeTo))
	var facts []string
	if !q.RespondedFrom.IsZero() {
		facts, args = append(facts, "f.responded_at >= ?"), append(args, unix(q.RespondedFrom))
	}
	if !q.RespondedTo.IsZero() {
		facts, args = append(facts, "f.responded_at <= ?"), append(args, unix(q.RespondedTo))
	}
	if q.Education != 0 {
		facts, args = append(facts, "f.education = ?"), append(args, q.Education)
	}
	if len(facts) > 0 {
		conds = append(conds, "e.resume_id IN (SELECT f.resume_id FROM entry_facts f WHERE "+strings.Join(facts, " AND ")+")")
	}
	return conds, args
}
