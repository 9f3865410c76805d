package store

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// countReference counts what q selects with the search as a plain
// subquery of the index: the answer each way of counting must give.
func countReference(t *testing.T, s *Store, q ListQuery) int {
	t.Helper()
	match := SearchQuery(q.Search)
	if match == "" {
		return 0
	}
	conds, args := q.keptConds("e.folder")
	var n int
	err := s.r.QueryRow("SELECT count(*) FROM entries e WHERE "+strings.Join(conds, " AND ")+
		" AND e.resume_id IN (SELECT rowid FROM entries_fts WHERE entries_fts MATCH ?)", append(args, match)...).Scan(&n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A search's count, read from an index and counted against the matches or
// started from the matches, is the reference's in every folder, scope and
// with the new flag, for words most resumes hold and rare ones; an entry
// hidden from the lists (folder NULL) and a local move are counted where
// the list shows them.
func TestSearchCountAgrees(t *testing.T) {
	t.Parallel()
	s := pathsFixture(t, 400)
	// Hidden, as a reconciliation leaves an entry missing from the server.
	if _, err := s.w.Exec("UPDATE entries SET folder = NULL WHERE resume_id IN (1000, 1007, 1014)"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Enqueue(ctx, Action{Kind: ActionMove, ResumeID: 1021, Payload: ActionPayload{Folder: FolderRefused}}); err != nil {
		t.Fatal(err)
	}
	texts := []string{"М", "Ме", "мельник", "про", "иван ", "Мария Ме", "ромашка 4", "zz", "--"}
	nonzero := 0
	for _, text := range texts {
		for _, scope := range []Scope{ScopeAll, ScopeMine, ScopeCompany} {
			for _, folder := range []string{"", FolderInbox, FolderRefused} {
				for _, onlyNew := range []bool{false, true} {
					q := ListQuery{Folder: folder, Scope: scope, OnlyNew: onlyNew, Search: text}
					want := countReference(t, s, q)
					if want > 0 {
						nonzero++
					}
					for _, lookup := range []float64{0, 1e12} { // every count started from the matches / none
						s.plan.lookupCost = lookup
						if n, err := s.CountEntries(ctx, q); err != nil || n != want {
							t.Errorf("lookup cost %g, %+v: count %d, %v; want %d", lookup, q, n, err, want)
						}
					}
				}
			}
		}
	}
	if nonzero < 50 {
		t.Errorf("only %d queries match anything: the fixture does not try the counts", nonzero)
	}
}

// TestSearchCountPlans keeps the count of a word most resumes hold from
// reading an entry's row per match: the statements CountEntries runs walk
// an index holding folder, scope and the new flag, and never look a row
// up (each lookup was most of the 91-102 ms a broad prefix's count took
// over 100,000 resumes, issue 28 §7). Checked without statistics and with
// the 100k cache's.
func TestSearchCountPlans(t *testing.T) {
	t.Parallel()
	for _, stats := range []string{"none", "100k"} {
		path := filepath.Join(t.TempDir(), "cache.db")
		s, _ := openAt(t, path)
		var batch []Entry
		for i := range 64 {
			e := entry(int64(i+1), []string{FolderInbox, FolderConsidered}[i%2], i)
			e.LastName = fmt.Sprintf("Мельников%d", i)
			if i%4 == 0 {
				e.Scope = ScopeCompany
			}
			e.IsNew = i%3 == 0
			batch = append(batch, e)
		}
		mustUpsert(t, s, batch...)
		if stats == "100k" {
			withRealStats(t, s)
			s.Close()
			s, _ = openAt(t, path)
		}
		var queries []string
		s.countTrace = func(query string, args []any) {
			queries = append(queries, explain(t, s, query, args))
		}
		for _, scope := range []Scope{ScopeAll, ScopeMine} {
			for _, folder := range []string{"", FolderInbox} {
				for _, onlyNew := range []bool{false, true} {
					queries = nil
					q := ListQuery{Scope: scope, Folder: folder, OnlyNew: onlyNew, Search: "М"}
					n, err := s.CountEntries(ctx, q)
					if err != nil || n != countReference(t, s, q) || n == 0 {
						t.Fatalf("%+v: count %d, %v", q, n, err)
					}
					name := fmt.Sprintf("stats %s, %+v", stats, q)
					if len(queries) == 0 {
						t.Errorf("%s: no statement counted", name)
					}
					for _, plan := range queries {
						if strings.Contains(plan, "INTEGER PRIMARY KEY") || !strings.Contains(plan, "COVERING INDEX") ||
							strings.Contains(plan, "entries_reconcile") {
							t.Errorf("%s: a row read per match, or not an index of the folder's:\n%s", name, plan)
						}
					}
				}
			}
		}
	}
}

// withRealStats gives s's entries the planner's statistics of the 100k
// benchmark cache; they are read when a connection next loads the schema.
func withRealStats(t *testing.T, s *Store) {
	t.Helper()
	if _, err := s.w.Exec("ANALYZE"); err != nil { // makes sqlite_stat1
		t.Fatal(err)
	}
	for _, st := range realStats {
		if _, err := s.w.Exec("INSERT OR REPLACE INTO sqlite_stat1 (tbl, idx, stat) VALUES ('entries', ?, ?)", st[0], st[1]); err != nil {
			t.Fatal(err)
		}
	}
}

// twoEntriesWithRealStats is a cache of an inbox and a Considered entry
// reopened with the 100k cache's statistics (withRealStats), after the
// statements more (a table's statistics taken out, say).
func twoEntriesWithRealStats(t *testing.T, more ...string) *Store {
	t.Helper()
	path := filepath.Join(t.TempDir(), "cache.db")
	s, _ := openAt(t, path)
	mustUpsert(t, s, entry(1, FolderInbox, 1), entry(2, FolderConsidered, 2))
	withRealStats(t, s)
	for _, q := range more {
		if _, err := s.w.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	s, _ = openAt(t, path)
	return s
}

// member answers as the binary search does, for a dense set (its bitmap,
// ids below, inside and above its span) and a sparse one.
func TestMatchSetMember(t *testing.T) {
	for _, step := range []int64{1, 3, 200} {
		var m matchSet
		for id := int64(60_000_000); len(m) < 5000; id += step + id%2 {
			m = append(m, id)
		}
		has := m.member()
		for id := m[0] - 130; id <= m[len(m)-1]+130; id += max(step/7, 1) {
			if has(id) != m.has(id) {
				t.Fatalf("step %d: member(%d) = %v, has = %v", step, id, has(id), m.has(id))
			}
		}
	}
}
