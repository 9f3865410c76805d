package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"modernc.org/sqlite"
)

// A search reads which resumes it matches from the index once, into a
// sorted set here, and the list query then asks the set about each row it
// walks in its own order (hrdesk_in), stopping at the page's end. Asking
// SQLite to do both (rowid IN (SELECT … MATCH …)) made it copy every match
// into a temporary index first: 20-30 ms for a first letter that matches
// 93,000 of 100,000 resumes, against 9 ms to read the matches here.
//
// A set small enough is given to SQLite as the rows to start from instead
// (json_each), which beats walking a long list for a rare word.

// matchSet is the rowids a search matches, ascending.
type matchSet []int64

func (m matchSet) has(id int64) bool {
	_, ok := slices.BinarySearch(m, id)
	return ok
}

// searchPlan holds what searchCondFor weighs; a test sets its store's to
// force each plan.
type searchPlan struct {
	// probeCost is what a question to the index costs against a match read
	// into a set (40 µs against 150 ns).
	probeCost float64
	// drivenBelow is the size under which a set is the rows a paged query
	// starts from: a page of 200 walked out of a 100,000-row folder reads
	// 200·100,000/n rows to find its matches, a driven one reads the n
	// matches and sorts them; the two meet near √(200·100,000) ≈ 4,500. A
	// query without a page (count, export) reads the whole folder when
	// walking, so it is driven longer (drivenBelowUnpaged).
	drivenBelow, drivenBelowUnpaged int
	// lookupCost is what looking a match up in the entries table costs
	// against reading one id of a folder's rows from an index (searchCount):
	// a count starts from the matches when they number fewer than the
	// folder's rows over it.
	lookupCost float64
}

var defaultSearchPlan = searchPlan{probeCost: 270, drivenBelow: 4096, drivenBelowUnpaged: 16384, lookupCost: 8}

// The sets of the queries running now, by the handle a query binds: SQL
// functions are registered once for the driver, so they reach their set
// through an argument.
var (
	setsMu     sync.RWMutex
	sets       = map[int64]*matchSet{}
	nextHandle atomic.Int64
)

func addSet(m *matchSet) int64 {
	h := nextHandle.Add(1)
	setsMu.Lock()
	sets[h] = m
	setsMu.Unlock()
	return h
}

func dropSet(h int64) {
	setsMu.Lock()
	delete(sets, h)
	setsMu.Unlock()
}

func setOf(h driver.Value) *matchSet {
	n, _ := h.(int64)
	setsMu.RLock()
	defer setsMu.RUnlock()
	return sets[n]
}

func init() {
	// hrdesk_in(handle, id) says whether id is in the set.
	sqlite.MustRegisterFunction("hrdesk_in", &sqlite.FunctionImpl{NArgs: 2,
		Scalar: func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
			m := setOf(args[0])
			id, ok := args[1].(int64)
			return m != nil && ok && m.has(id), nil
		}})
}

// searchMatches reads the set of resumes the FTS expression match matches.
func (s *Store) searchMatches(ctx context.Context, match string) (matchSet, error) {
	m, err := s.collect(ctx, "SELECT group_concat(rowid) FROM entries_fts WHERE entries_fts MATCH ?", match)
	if err != nil {
		return nil, fmt.Errorf("store: search: %w", err)
	}
	// The index gives rowids in order; a set out of order would answer wrong.
	if !slices.IsSorted(m) {
		slices.Sort(m)
	}
	return m, nil
}

// collect runs query, one group_concat(…) of ids over its rows, and
// returns the ids in the order the rows came. The ids come as one text
// read here, not one by one: an aggregate of Go's own (hrdesk_collect) was
// called through the driver for every row, 250 ns each with its argument
// boxed and a global lock taken, more than half the count of a first
// letter's 37,000 matches (issue 28 §7).
func (s *Store) collect(ctx context.Context, query string, args ...any) ([]int64, error) {
	var text []byte
	if err := s.r.QueryRowContext(ctx, query, args...).Scan(&text); err != nil {
		return nil, err
	}
	return parseIDs(text)
}

// parseIDs reads group_concat's "12,345,6789" (empty: none); an id of
// more than 18 digits, which could overflow, is an error.
func parseIDs(text []byte) ([]int64, error) {
	if len(text) == 0 {
		return nil, nil
	}
	ids := make([]int64, 0, len(text)/6+1)
	var n int64
	digits := 0
	for _, c := range text {
		switch {
		case c >= '0' && c <= '9':
			n, digits = n*10+int64(c-'0'), digits+1
		case c == ',' && digits > 0 && digits < 19:
			ids, n, digits = append(ids, n), 0, 0
		default:
			return nil, fmt.Errorf("store: not an id list near %q", c)
		}
	}
	if digits == 0 || digits >= 19 {
		return nil, fmt.Errorf("store: an id list ends without an id")
	}
	return append(ids, n), nil
}

// sampleMatches is how many matches estimate reads.
const sampleMatches = 2000

// estimate guesses how many resumes match: the index gives matches in rowid
// order, so the first sampleMatches of them, against the entries whose ids
// they span, say which share of the cache matches. Exact when fewer match.
func (s *Store) estimate(ctx context.Context, match string, entries int) (int, error) {
	var n int
	var last sql.NullInt64
	err := s.r.QueryRowContext(ctx, "SELECT count(*), max(rowid) FROM (SELECT rowid FROM entries_fts WHERE entries_fts MATCH ? LIMIT ?)",
		match, sampleMatches).Scan(&n, &last)
	if err != nil || n < sampleMatches {
		return n, err
	}
	var spanned int
	if err := s.r.QueryRowContext(ctx, "SELECT count(*) FROM entries WHERE resume_id <= ?", last.Int64).Scan(&spanned); err != nil {
		return 0, err
	}
	return int(int64(n) * int64(entries) / int64(max(spanned, n))), nil
}

// A search's condition in the list query.
type searchCond struct {
	sql     string
	arg     any
	driven  bool   // the matches are the rows to start from
	release func() // frees the set once the query is done
}

// probeRows is the most rows a query may ask the index about one by one:
// a screenful and the page of 200 that follows it (a first letter's page
// asked per row costs ~8 ms, read as a set 15-20 ms and 93,000
// allocations, which slowed the next keystroke's rows while typing).
const probeRows = 256

// searchCondFor plans the search text's condition for a query of limit
// rows from offset (limit 0: all rows); ok is false when nothing can match.
//
// A word most resumes hold (a first letter: 93% of them) is asked of the
// index row by row as the query walks its order: a screenful costs ~70
// questions of ~40 µs. Reading its matches instead costs ~150 ns each in
// the driver, 14 ms for 93,000, before a row is found. A rarer word is
// read (then asked of the set per row, or, rarer still, its matches are the
// rows to start from). The two cost the same for p rows out of n entries
// when m² ≈ p·n·270 (m matches): above it, asking wins.
func (s *Store) searchCondFor(ctx context.Context, text string, offset, limit int) (c searchCond, ok bool, err error) {
	c.release = func() {}
	match := SearchQuery(text)
	if match == "" {
		return c, false, nil
	}
	if limit > 0 && offset+limit <= probeRows && shortPrefixes(match) {
		n, err := s.entryCount(ctx)
		if err != nil {
			return c, false, err
		}
		above := max(s.plan.drivenBelow, int(math.Sqrt(float64(offset+limit)*float64(n)*s.plan.probeCost)))
		m, err := s.estimate(ctx, match, n)
		if err != nil {
			return c, false, fmt.Errorf("store: search: %w", err)
		}
		if m == 0 {
			return c, false, nil
		}
		if m >= above {
			c.sql, c.arg = "EXISTS (SELECT 1 FROM entries_fts WHERE entries_fts MATCH ? AND rowid = e.resume_id)", match
			return c, true, nil
		}
	}
	m, err := s.searchMatches(ctx, match)
	if err != nil || len(m) == 0 {
		return c, false, err
	}
	below := s.plan.drivenBelowUnpaged
	if limit > 0 {
		below = s.plan.drivenBelow
	}
	c.sql, c.arg, c.driven, c.release = inSet(m, below)
	return c, true, nil
}

// shortPrefixes says no word of match is a prefix of more than three
// letters, which the index would expand over every word it begins at each
// question (it keeps lists for prefixes up to three letters).
func shortPrefixes(match string) bool {
	for _, w := range strings.Fields(match) {
		// SearchQuery's words: "word" or, the last one typed, "word"*.
		prefix, ok := strings.CutSuffix(w, "*")
		if ok && utf8.RuneCountInString(strings.Trim(prefix, `"`)) > 3 {
			return false
		}
	}
	return true
}

// entryCount is how many entries the cache holds (kept on write).
func (s *Store) entryCount(ctx context.Context) (int, error) {
	var n int
	if err := s.r.QueryRowContext(ctx, "SELECT coalesce(sum(total_count), 0) FROM folder_counts").Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count: %w", err)
	}
	return n, nil
}

// inSet is the condition for a match set: the rows to start from when the
// set has fewer than below, else a question to the set per row walked (in
// the order's index, or in the table when none serves the order). release
// frees the set once the query is done.
func inSet(m matchSet, below int) (cond string, arg any, driven bool, release func()) {
	if len(m) < below {
		return "e.resume_id IN (SELECT value FROM json_each(?))", m.json(), true, func() {}
	}
	h := addSet(&m)
	return "hrdesk_in(?, e.resume_id)", h, false, func() { dropSet(h) }
}

// json is the set as a JSON array, for json_each.
func (m matchSet) json() string {
	var b strings.Builder
	b.Grow(len(m) * 9)
	b.WriteByte('[')
	for i, id := range m {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(id, 10))
	}
	b.WriteByte(']')
	return b.String()
}
