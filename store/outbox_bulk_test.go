package store

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// keptCounts is what the triggers keep (folder_counts, vacancy_counts)
// beside the same figures counted from the entries themselves.
func keptCounts(t *testing.T, s *Store) (kept, counted string) {
	t.Helper()
	read := func(query string) string {
		rows, err := s.w.QueryContext(ctx, query)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := ""
		for rows.Next() {
			var a, b string
			var x, y, z int
			if err := rows.Scan(&a, &b, &x, &y, &z); err != nil {
				t.Fatal(err)
			}
			out += fmt.Sprintln(a, b, x, y, z)
		}
		return out
	}
	kept = read(`SELECT scope, folder, total_count, new_count, 0 FROM folder_counts WHERE total_count <> 0 ORDER BY 1, 2`) +
		read(`SELECT scope, vacancy_id || '/' || folder, total_count, waiting_count, settled_count FROM vacancy_counts
			WHERE total_count <> 0 ORDER BY 1, 2`)
	counted = read(`SELECT scope, folder, count(*), sum(is_new), 0 FROM entries WHERE folder IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`) +
		read(`SELECT scope, vacancy_id || '/' || folder, count(*), sum(folder = 'inbox' AND server_folder = 'inbox' AND acted_at = 0),
			sum(server_folder = folder) FROM entries WHERE folder IS NOT NULL GROUP BY scope, vacancy_id, folder ORDER BY 1, 2`)
	return kept, counted
}

func shownFolders(t *testing.T, s *Store) string {
	t.Helper()
	rows, err := s.w.QueryContext(ctx, "SELECT resume_id, coalesce(folder, '-') FROM entries ORDER BY resume_id")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := ""
	for rows.Next() {
		var id int64
		var f string
		if err := rows.Scan(&id, &f); err != nil {
			t.Fatal(err)
		}
		out += fmt.Sprint(id, f, " ")
	}
	return out
}

// A bulk later and a bulk move (their statements prepared once, issue 28
// §7) leave the kept counts what the entries say, mark the resumes seen
// and show them where they go; their undo shows every resume where it was,
// and the counts follow.
func TestBulkKeepsTheCountsAndUndoRestoresThem(t *testing.T) {
	s, _ := openTest(t)
	r := rand.New(rand.NewPCG(28, 2))
	folders := []string{FolderInbox, FolderConsidered, FolderInvited, FolderRefused}
	var es []Entry
	for id := int64(1); id <= 300; id++ {
		e := entry(id, folders[r.IntN(len(folders))], r.IntN(40))
		e.IsNew = r.IntN(2) == 0
		e.Events[0].VacancyID = int64(1 + r.IntN(4))
		if r.IntN(3) == 0 {
			e.Scope = ScopeCompany
		}
		es = append(es, e)
	}
	mustUpsert(t, s, es...)
	for _, bulk := range []struct {
		kind    ActionKind
		payload ActionPayload
		shown   string
	}{{ActionLater, ActionPayload{}, FolderConsidered}, {ActionMove, ActionPayload{Folder: FolderInvited}, FolderInvited}} {
		was := shownFolders(t, s)
		var actions []Action
		for id := int64(3); id <= 300; id += 2 {
			actions = append(actions, Action{ResumeID: id, Kind: bulk.kind, Payload: bulk.payload})
		}
		if _, err := s.EnqueueBatch(ctx, actions); err != nil {
			t.Fatal(err)
		}
		if kept, counted := keptCounts(t, s); kept != counted {
			t.Errorf("%s: kept counts\n%s\nthe entries say\n%s", bulk.kind, kept, counted)
		}
		var wrong int
		if err := s.w.QueryRowContext(ctx, `SELECT count(*) FROM entries WHERE resume_id % 2 = 1 AND resume_id >= 3
			AND (folder IS NOT ? OR is_new <> 0)`, bulk.shown).Scan(&wrong); err != nil {
			t.Fatal(err)
		}
		if wrong != 0 {
			t.Errorf("%s: %d resumes of the bulk not shown in %s or still new", bulk.kind, wrong, bulk.shown)
		}
		u, err := s.UndoLast(ctx)
		if err != nil || len(u.Actions) != len(actions) {
			t.Fatalf("%s: undid %d of %d: %v", bulk.kind, len(u.Actions), len(actions), err)
		}
		if now := shownFolders(t, s); now != was {
			t.Errorf("%s: after the undo the folders are\n%s\nnot\n%s", bulk.kind, now, was)
		}
		if kept, counted := keptCounts(t, s); kept != counted {
			t.Errorf("%s undone: kept counts\n%s\nthe entries say\n%s", bulk.kind, kept, counted)
		}
	}
}

// Each resume of a bulk is written once: seen and moved in one write, so
// the triggers that keep the counts run once per resume, not twice.
func TestABulkWritesEachResumeOnce(t *testing.T) {
	s, _ := openTest(t)
	var es []Entry
	for id := int64(1); id <= 40; id++ {
		e := entry(id, FolderInbox, int(id))
		e.IsNew = true
		es = append(es, e)
	}
	mustUpsert(t, s, es...)
	// The writer is one connection: the temporary trigger lives on it.
	for _, q := range []string{"CREATE TEMP TABLE writes (n INTEGER NOT NULL)", "INSERT INTO writes VALUES (0)",
		"CREATE TEMP TRIGGER count_writes AFTER UPDATE ON main.entries BEGIN UPDATE writes SET n = n + 1; END"} {
		if _, err := s.w.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	var actions []Action
	for id := int64(1); id <= 40; id++ {
		actions = append(actions, Action{ResumeID: id, Kind: ActionLater})
	}
	if _, err := s.EnqueueBatch(ctx, actions); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := s.w.QueryRowContext(ctx, "SELECT n FROM writes").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != len(actions) {
		t.Errorf("%d writes to entries for a bulk of %d new resumes, want one each", n, len(actions))
	}
}

// An action queued alone is no bulk: its Batch is 0 (Action.Batch), from
// Enqueue and from an EnqueueBatch of one; two or more share the first's id.
func TestAnActionQueuedAloneHasNoBatch(t *testing.T) {
	s, _ := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1), entry(2, FolderInbox, 2), entry(3, FolderInbox, 3), entry(4, FolderInbox, 4))
	alone, err := s.Enqueue(ctx, Action{Kind: ActionLater, ResumeID: 1})
	if err != nil {
		t.Fatal(err)
	}
	one, err := s.EnqueueBatch(ctx, []Action{{Kind: ActionLater, ResumeID: 2}})
	if err != nil {
		t.Fatal(err)
	}
	two, err := s.EnqueueBatch(ctx, []Action{{Kind: ActionLater, ResumeID: 3}, {Kind: ActionLater, ResumeID: 4}})
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[int64]int64{alone: 0, one[0]: 0, two[0]: two[0], two[1]: two[0]} {
		if a, err := s.Action(ctx, id); err != nil || a.Batch != want {
			t.Errorf("action %d: batch %d, %v; want %d", id, a.Batch, err, want)
		}
	}
}
