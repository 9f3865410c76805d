package store

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// staleByScan is stale.go's rule counted the way StaleCounts did before
// issue 28: every stale entry read. The test holds the kept counts to it.
func staleByScan(t *testing.T, s *Store, scope Scope, before time.Time) map[string]int {
	t.Helper()
	query := "SELECT e.folder, count(*) FROM entries e WHERE " + staleCond
	args := []any{unix(before)}
	if scope != ScopeAll {
		query += " AND e.scope = ?"
		args = append(args, string(scope))
	}
	rows, err := s.r.QueryContext(ctx, query+" GROUP BY e.folder", args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var f string
		var n int
		if err := rows.Scan(&f, &n); err != nil {
			t.Fatal(err)
		}
		out[f] = n
	}
	return out
}

// StaleCounts, read as settled less recent (issue 28 §7), counts what the
// rule counts: entries of both scopes in every folder, some answered again
// (several vacancies), some dated ahead of the clock (not stale), some moved
// here and not yet sent (not settled), some gone from the server (hidden),
// at cutoffs before, among and after their dates.
func TestStaleCountsMatchTheRule(t *testing.T) {
	s, _ := openTest(t)
	r := rand.New(rand.NewPCG(28, 7))
	folders := []string{FolderInbox, FolderConsidered, FolderInvited, FolderRefused}
	var es []Entry
	for id := int64(1); id <= 400; id++ {
		e := entry(id, folders[r.IntN(len(folders))], r.IntN(60))
		e.Events[0].VacancyID = int64(1 + r.IntN(5))
		if r.IntN(2) == 0 {
			e.Scope = ScopeCompany
		}
		if r.IntN(25) == 0 {
			e.LastEventAt = time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC) // impossible, and not waiting
		}
		es = append(es, e)
	}
	mustUpsert(t, s, es...)
	for id := int64(1); id <= 400; id += 9 {
		kind, p := ActionMove, ActionPayload{Folder: folders[r.IntN(len(folders))]}
		if id%2 == 0 {
			kind, p = ActionLater, ActionPayload{}
		}
		if _, err := s.Enqueue(ctx, Action{Kind: kind, ResumeID: id, Payload: p}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.w.ExecContext(ctx, "UPDATE entries SET folder = NULL, missing_since = 1 WHERE resume_id % 31 = 0"); err != nil {
		t.Fatal(err)
	}
	var checked int
	for _, scope := range []Scope{ScopeAll, ScopeMine, ScopeCompany} {
		for _, day := range []int{-1, 0, 10, 30, 59, 61, 365 * 8000} {
			before := baseTime.AddDate(0, 0, day)
			got, err := s.StaleCounts(ctx, scope, before)
			if err != nil {
				t.Fatal(err)
			}
			want := staleByScan(t, s, scope, before)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s, before day %d: %v, the rule counts %v", scope, day, got, want)
			}
			for _, n := range want {
				checked += n
			}
		}
	}
	if checked == 0 {
		t.Fatal("no stale entry in the fixture: the test compares nothing")
	}
}

// The stale counts read a range of the index, never the table nor every
// stale entry: the plan seeks last_event_at from the cutoff on, and the
// settled counts come from the kept table.
func TestStaleCountsReadARange(t *testing.T) {
	s, _ := openTest(t)
	for _, scope := range []Scope{ScopeAll, ScopeMine} {
		settled, sargs, recent, rargs := staleCountsSQL(scope, baseTime)
		if plan := explain(t, s, recent, rargs); !strings.Contains(plan, "last_event_at>?") || strings.Contains(plan, "SCAN e ") {
			t.Errorf("%s: the recent entries are not read as a range:\n%s", scope, plan)
		}
		if plan := explain(t, s, settled, sargs); strings.Contains(plan, "entries") {
			t.Errorf("%s: the settled entries are counted from entries:\n%s", scope, plan)
		}
	}
}
