package store

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"
)

// countByScan is the count FolderCounts kept before migration 005: a scan
// of entries, the oracle the kept counts must equal.
func countByScan(t *testing.T, s *Store, scope Scope) []FolderCount {
	t.Helper()
	query := "SELECT folder, count(*), sum(is_new) FROM entries WHERE folder IS NOT NULL"
	var args []any
	if scope != ScopeAll {
		query += " AND scope = ?"
		args = append(args, string(scope))
	}
	rows, err := s.r.Query(query+" GROUP BY folder", args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	byFolder := map[string]FolderCount{}
	for rows.Next() {
		var c FolderCount
		if err := rows.Scan(&c.Folder, &c.Total, &c.New); err != nil {
			t.Fatal(err)
		}
		byFolder[c.Folder] = c
	}
	var out []FolderCount
	for _, f := range Folders {
		c := byFolder[f]
		c.Folder = f
		out = append(out, c)
		delete(byFolder, f)
	}
	for _, f := range []string{"7", "12"} { // the user folders the test uses, in FolderCounts' order
		if c, ok := byFolder[f]; ok {
			out = append(out, c)
		}
	}
	return out
}

func checkCounts(t *testing.T, s *Store, step string) {
	t.Helper()
	for _, scope := range []Scope{ScopeAll, ScopeMine, ScopeCompany} {
		got, err := s.FolderCounts(ctx, scope)
		if err != nil {
			t.Fatal(err)
		}
		want := countByScan(t, s, scope)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("after %s, scope %q:\n kept %v\n scan %v", step, scope, got, want)
		}
		// CountEntries without a search reads the same counts.
		for _, folder := range []string{"", FolderInbox, FolderRefused, "12"} {
			for _, onlyNew := range []bool{false, true} {
				var scanned int
				for _, c := range want {
					if folder == "" || c.Folder == folder {
						scanned += map[bool]int{false: c.Total, true: c.New}[onlyNew]
					}
				}
				q := ListQuery{Folder: folder, Scope: scope, OnlyNew: onlyNew}
				if kept, err := s.CountEntries(ctx, q); err != nil || kept != scanned {
					t.Fatalf("after %s: CountEntries(%+v) = %d, %v; the scan says %d", step, q, kept, err, scanned)
				}
			}
		}
	}
}

// TestFolderCountsStayExact runs a seeded random mix of everything that
// changes an entry's folder, scope or new flag, and after every step
// compares the kept counts with a scan of the entries.
func TestFolderCountsStayExact(t *testing.T) {
	s, clock := openTest(t)
	rng := rand.New(rand.NewPCG(7, 13))
	folders := append(append([]string{}, Folders...), "7", "12")
	randomEntry := func(id int64) Entry {
		e := entry(id, Folders[rng.IntN(len(Folders))], rng.IntN(60))
		e.IsNew = rng.IntN(3) == 0
		if rng.IntN(3) == 0 {
			e.Scope = ScopeCompany
		}
		return e
	}
	var actions []int64
	var seen struct{ hidden, moved, company int }
	for step := range 400 {
		id := int64(1 + rng.IntN(80))
		var name string
		var err error
		switch op := rng.IntN(11); op {
		case 0, 1, 2: // a sync page: new entries and changes in folder, flag and scope
			batch := []Entry{randomEntry(id), randomEntry(id + 80), randomEntry(int64(1 + rng.IntN(160)))}
			name, err = "upsert", s.UpsertEntries(ctx, batch)
		case 3: // the recruiter moves a resume
			var a int64
			a, err = s.Enqueue(ctx, Action{ResumeID: id, Kind: ActionMove, Payload: ActionPayload{Folder: folders[rng.IntN(len(folders))]}})
			if err == nil {
				actions = append(actions, a)
			}
			name = "move"
		case 4, 5: // the outbox sends one: done, refused (rollback) or cancelled
			if len(actions) == 0 {
				continue
			}
			a := actions[rng.IntN(len(actions))]
			switch rng.IntN(3) {
			case 0:
				name, err = "done", sendThen(s, a, s.MarkDone)
			case 1:
				name, err = "refused", sendThen(s, a, func(ctx2 context.Context, id int64) error { return s.MarkFailed(ctx2, id, "422") })
			default:
				name, err = "cancel", s.Cancel(ctx, a)
			}
			if errors.Is(err, ErrStateConflict) || errors.Is(err, ErrNotFound) {
				err = nil
			}
		case 6: // a reconciliation that sees only part of a folder hides the rest
			w := ReconcileWindow{Scope: []Scope{ScopeMine, ScopeCompany}[rng.IntN(2)], Folder: Folders[rng.IntN(len(Folders))]}
			var rec *Reconcile
			if rec, err = s.BeginReconcile(ctx, w); err == nil {
				if err = rec.Upsert(ctx, []Entry{randomEntry(id)}); err == nil {
					_, err = rec.Finish(ctx)
				}
			}
			name = "reconcile " + w.Folder
		case 7: // hidden entries are purged
			clock.t = clock.t.Add(time.Hour)
			_, err = s.PurgeMissing(ctx, clock.t)
			name = "purge"
		case 8: // an entry in both lists: mine wins, company never demotes it
			e := randomEntry(id)
			e.Scope = []Scope{ScopeMine, ScopeCompany}[step%2]
			name, err = "scope "+string(e.Scope), s.UpsertEntries(ctx, []Entry{e})
		case 9: // undo the last move while it waits
			_, err = s.UndoLastMove(ctx)
			if errors.Is(err, ErrStateConflict) || errors.Is(err, ErrNotFound) {
				err = nil
			}
			name = "undo"
		case 10: // no API deletes a shown entry today (purges take hidden ones); the trigger covers one that will
			_, err = s.w.Exec("DELETE FROM entries WHERE resume_id = ? AND folder IS NOT NULL", id)
			name = "delete shown"
		}
		if err != nil {
			t.Fatalf("step %d %s: %v", step, name, err)
		}
		checkCounts(t, s, fmt.Sprintf("step %d %s", step, name))
		var hidden, moved, company int
		s.r.QueryRow("SELECT count(*) FROM entries WHERE folder IS NULL").Scan(&hidden)
		s.r.QueryRow("SELECT count(*) FROM entries WHERE folder <> server_folder").Scan(&moved)
		s.r.QueryRow("SELECT count(*) FROM entries WHERE scope = 'company'").Scan(&company)
		seen.hidden, seen.moved, seen.company = max(seen.hidden, hidden), max(seen.moved, moved), max(seen.company, company)
	}
	// The mix must have reached the states it claims to cover.
	if seen.hidden == 0 || seen.moved == 0 || seen.company == 0 {
		t.Fatalf("the sequence never had hidden (%d), locally moved (%d) or company (%d) entries", seen.hidden, seen.moved, seen.company)
	}
	t.Logf("at most %d hidden, %d moved locally, %d company entries at once; %d actions", seen.hidden, seen.moved, seen.company, len(actions))
}

// sendThen claims the action and settles it with finish.
func sendThen(s *Store, id int64, finish func(context.Context, int64) error) error {
	if err := s.MarkInFlight(ctx, id); err != nil {
		return err
	}
	return finish(ctx, id)
}

// TestCountEntriesFiltersBeyondTheKeptCounts: any filter the kept counts do
// not know (salary, age, dates, education, stale, vacancy, search) counts
// the matching rows instead.
func TestCountEntriesFiltersBeyondTheKeptCounts(t *testing.T) {
	s, _ := openTest(t)
	var es []Entry
	for id := int64(1); id <= 40; id++ {
		e := entry(id, FolderInbox, int(id))
		e.Salary, e.Age = id*10000, 20+int(id%30)
		es = append(es, e)
	}
	mustUpsert(t, s, es...)
	for _, q := range []ListQuery{
		{Folder: FolderInbox, SalaryFrom: 150000},
		{Folder: FolderInbox, AgeTo: 30},
		{Folder: FolderInbox, RespondedFrom: baseTime.Add(20 * 24 * time.Hour)},
		{Folder: FolderInbox, VacancyID: 7, SalaryTo: 100000},
		{Search: "петров1"},
	} {
		got, err := s.CountEntries(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		q.Limit = MaxListLimit
		if want := len(list(t, s, q)); got != want || got == 40 || got == 0 {
			t.Errorf("CountEntries(%+v) = %d, the list has %d (of 40)", q, got, want)
		}
	}
}
