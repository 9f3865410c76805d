package store

import (
	"context"
	"fmt"
	"strings"
)

// The count beside a search's rows (issue 28 §7). A first letter or two
// match most resumes (М 93,000 of 100,000, Ме 73,000), and the count of
// them in a folder asked the match set about every row of the folder, or
// looked each match up in the entries table: 91-102 ms after a keystroke.
// When the count narrows on nothing but what folder_counts keeps (folder,
// scope, the new flag), the folder's rows are read as ids from an index
// that holds all three (entries_folder_date), never from the table, and
// counted against the matches here; only a few matches, against a large
// folder, are still looked up one by one.

// searchOnKept reports whether q filters on a search and otherwise only
// on what folder_counts keeps.
func (q *ListQuery) searchOnKept() bool {
	if strings.TrimSpace(q.Search) == "" {
		return false
	}
	rest := *q
	rest.Search = ""
	return rest.onlyKeptFilters()
}

// searchCount is CountEntries for a query searchOnKept accepts.
func (s *Store) searchCount(ctx context.Context, q ListQuery) (int, error) {
	match := SearchQuery(q.Search)
	if match == "" {
		return 0, nil // no searchable word: the list is empty
	}
	q.Search = ""
	rows, err := s.keptCount(ctx, q)
	if err != nil || rows == 0 {
		return 0, err
	}
	m, err := s.searchMatches(ctx, match)
	if err != nil || len(m) == 0 {
		return 0, err
	}
	// The snoozed among the matches are in the folder's rows read below:
	// they are counted apart (snoozedIn).
	hidden, err := s.snoozedIn(ctx, q, m.has)
	if err != nil {
		return 0, err
	}
	if float64(len(m))*s.plan.lookupCost < float64(rows) {
		n, err := s.countLookedUp(ctx, q, m)
		return n - hidden, err
	}
	conds, args := q.keptConds("e.folder")
	// The index the list walks by date holds folder, scope and the flag,
	// so no row is read from the table (TestSearchCountPlans).
	query := "SELECT group_concat(e.resume_id) FROM entries e INDEXED BY entries_folder_date WHERE " +
		strings.Join(conds, " AND ")
	s.traceCount(query, args)
	ids, err := s.collect(ctx, query, args...)
	if err != nil {
		return 0, fmt.Errorf("store: count: %w", err)
	}
	n := 0
	has := m.member()
	for _, id := range ids {
		if has(id) {
			n++
		}
	}
	return n - hidden, nil
}

// member is a membership test over m for many questions: a bitmap over its
// span when the ids are dense enough (a first letter's 93,000 matches among
// 100,000 resume ids: a 12 KB bitmap, a shift and a mask a question, where
// a binary search took 17 steps, 13% of the count's CPU), else m.has.
func (m matchSet) member() func(int64) bool {
	if len(m) < 1024 {
		return m.has
	}
	lo, span := m[0], m[len(m)-1]-m[0]+1
	if span > int64(len(m))*64 {
		return m.has
	}
	bits := make([]uint64, span/64+1)
	for _, id := range m {
		d := id - lo
		bits[d>>6] |= 1 << (d & 63)
	}
	return func(id int64) bool {
		d := id - lo
		return d >= 0 && d < span && bits[d>>6]&(1<<(d&63)) != 0
	}
}

// countLookedUp counts q's rows among a few matches m, looking each up in
// the table once, in the order they are given (TestRareWordCountPlans).
func (s *Store) countLookedUp(ctx context.Context, q ListQuery, m matchSet) (int, error) {
	conds, args := q.keptConds("+e.folder") // not the folder's index: the matches are the rows to start from
	query := "SELECT count(*) FROM json_each(?) j CROSS JOIN entries e ON e.resume_id = j.value WHERE " +
		strings.Join(conds, " AND ")
	args = append([]any{m.json()}, args...)
	s.traceCount(query, args)
	var n int
	if err := s.r.QueryRowContext(ctx, query, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count: %w", err)
	}
	return n, nil
}

// traceCount hands a count's statement to the test watching them.
func (s *Store) traceCount(query string, args []any) {
	if s.countTrace != nil {
		s.countTrace(query, args)
	}
}
