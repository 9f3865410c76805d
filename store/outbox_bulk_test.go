package store

import (
	"fmt"
	"math/rand/v2"
	"slices"
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

// outboxRows is the outbox as a bulk leaves it, without the ids it got.
func outboxRows(t *testing.T, s *Store) string {
	t.Helper()
	rows, err := s.w.QueryContext(ctx, `SELECT resume_id, kind, payload, state, coalesce(new_folder, '-'), prev_folder,
		not_before, dismissed FROM outbox ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := ""
	for rows.Next() {
		var a, b, c, d, e, f, g, h string
		if err := rows.Scan(&a, &b, &c, &d, &e, &f, &g, &h); err != nil {
			t.Fatal(err)
		}
		out += fmt.Sprintln(a, b, c, d, e, f, g, h)
	}
	return out
}

// A bulk of distinct resumes is queued and undone one statement a step
// (issue 28 §7: 500 rounds of the same statements saved the pages they
// share 500 times): it leaves the outbox, the folders and the counts as the
// same actions queued one by one, its ids consecutive and its batch the
// first's; a bulk that names a resume twice goes one by one, the second's
// folder before it the first's after.
func TestABulkAsOneStatementEqualsOneByOne(t *testing.T) {
	var es []Entry
	for id := int64(1); id <= 60; id++ {
		e := entry(id, []string{FolderInbox, FolderConsidered, FolderInvited}[id%3], int(id))
		e.IsNew = id%2 == 0
		es = append(es, e)
	}
	var actions []Action
	for id := int64(2); id <= 60; id += 2 {
		a := Action{ResumeID: id, Kind: ActionLater}
		switch id % 10 {
		case 4:
			a = Action{ResumeID: id, Kind: ActionMove, Payload: ActionPayload{Folder: FolderRefused}}
		case 6:
			a = Action{ResumeID: id, Kind: ActionMailTo, Payload: ActionPayload{Email: "boss@example.com"}}
		}
		actions = append(actions, a)
	}
	bulk, _ := openTest(t)
	single, _ := openTest(t)
	mustUpsert(t, bulk, es...)
	mustUpsert(t, single, es...)
	queued := slices.Clone(actions)
	ids, err := bulk.EnqueueBatch(ctx, queued)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range actions {
		if _, err := single.Enqueue(ctx, a); err != nil {
			t.Fatal(err)
		}
		if want := ids[0] + int64(i); ids[i] != want || queued[i].ID != want || queued[i].Batch != ids[0] ||
			queued[i].State != StatePending || queued[i].PrevFolder != es[a.ResumeID-1].Folder {
			t.Errorf("action %d of the bulk: %+v (id %d)", i, queued[i], ids[i])
		}
	}
	if got, want := outboxRows(t, bulk), outboxRows(t, single); got != want {
		t.Errorf("the bulk's outbox:\n%s\none by one:\n%s", got, want)
	}
	if got, want := shownFolders(t, bulk), shownFolders(t, single); got != want {
		t.Errorf("the bulk's folders:\n%s\none by one:\n%s", got, want)
	}
	if kept, counted := keptCounts(t, bulk); kept != counted {
		t.Errorf("kept counts\n%s\nthe entries say\n%s", kept, counted)
	}
	was := shownFolders(t, bulk)
	u, err := bulk.UndoUnit(ctx, ids)
	if err != nil || len(u.Actions) != len(ids) {
		t.Fatalf("undid %d of %d: %v", len(u.Actions), len(ids), err)
	}
	for _, a := range u.Actions {
		if a.State != StateCancelled || a.Dismissed {
			t.Errorf("undone %+v", a)
		}
	}
	if now := shownFolders(t, bulk); now == was || now != shownFolders(t, openFilled(t, es)) {
		t.Errorf("after the undo the folders are\n%s", now)
	}
	if kept, counted := keptCounts(t, bulk); kept != counted {
		t.Errorf("undone: kept counts\n%s\nthe entries say\n%s", kept, counted)
	}
	// Twice the same resume: the second move's folder before it is the first's.
	twice := []Action{{ResumeID: 1, Kind: ActionLater}, {ResumeID: 1, Kind: ActionMove, Payload: ActionPayload{Folder: FolderInvited}}}
	if _, err := bulk.EnqueueBatch(ctx, twice); err != nil {
		t.Fatal(err)
	}
	if twice[1].PrevFolder != FolderConsidered || folderOf(t, bulk, 1) != FolderInvited {
		t.Errorf("twice the same resume: %+v, shown in %s", twice, folderOf(t, bulk, 1))
	}
}

// openFilled is a cache holding es and nothing else.
func openFilled(t *testing.T, es []Entry) *Store {
	t.Helper()
	s, _ := openTest(t)
	mustUpsert(t, s, es...)
	return s
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
