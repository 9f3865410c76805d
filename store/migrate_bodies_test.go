package store

import (
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// v2Body is what schema version 2 kept per resume, uncompressed.
type v2Body struct {
	skills, work, raw string
}

// writeV2Cache makes a file as hrdesk with schema version 2 left it: n
// entries with bodies, search documents and a comment on every tenth.
func writeV2Cache(t *testing.T, path string, n int) map[int64]v2Body {
	t.Helper()
	db, err := sql.Open("sqlite", dsn(path, Options{BusyTimeout: 1e9}, false))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := migrate(ctx, db, 2, &Options{}); err != nil {
		t.Fatal(err)
	}
	want := map[int64]v2Body{}
	for id := int64(1); id <= int64(n); id++ {
		b := v2Body{
			skills: fmt.Sprintf("навык%d, Excel", id),
			work:   fmt.Sprintf("ООО «Фирма%d» — кладовщик. Приёмка товара %s", id, strings.Repeat("и учёт ", int(id%40))),
			raw:    fmt.Sprintf(`{"id":%d,"profession":"Кладовщик","work_history":[{"work":"Приёмка товара"}],"pad":%q}`, id, strings.Repeat("ё", int(id%300))),
		}
		want[id] = b
		folder := Folders[id%4]
		mustExec(t, db, `INSERT INTO entries (resume_id, scope, server_folder, folder, is_new, first_name, last_name,
			display_name, profession, last_event_at) VALUES (?, 'mine', ?, ?, ?, 'Анна', ?, ?, 'Кладовщик', ?)`,
			id, folder, folder, id%3 == 0, fmt.Sprintf("Сидорова%d", id), fmt.Sprintf("Сидорова%d Анна", id), id)
		mustExec(t, db, "INSERT INTO entry_bodies (resume_id, skills, work_history, raw_json) VALUES (?, ?, ?, ?)", id, b.skills, b.work, b.raw)
		if id%10 == 0 {
			mustExec(t, db, "INSERT INTO comments (id, resume_id, text) VALUES (?, ?, 'перезвонить')", id, id)
		}
		// The search document as version 2's upsert wrote it.
		mustExec(t, db, `INSERT INTO entries_fts (rowid, names, profession, skills, work_history, comments)
			SELECT e.resume_id, e.display_name, e.profession, b.skills, b.work_history,
				coalesce((SELECT group_concat(c.text, ' ') FROM comments c WHERE c.resume_id = e.resume_id), '')
			FROM entries e JOIN entry_bodies b USING (resume_id) WHERE e.resume_id = ?`, id)
	}
	return want
}

func mustExec(t *testing.T, db *sql.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.Exec(q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

var errKilled = errors.New("killed")

// TestBodyMigrationResumes interrupts the compression of a version-2 cache
// twice, as a kill or a full disk would, and opens it a third time: the
// upgrade finishes, every body reads back as it was, search still finds
// the texts, and the file gives its space back.
func TestBodyMigrationResumes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache.db")
	want := writeV2Cache(t, path, 600)
	before := pageCount(t, path)

	for run := range 2 {
		batches := 0
		_, err := OpenWith(path, Options{bodyBatch: 50, afterBodyBatch: func() error {
			if batches++; batches == 3 {
				return errKilled
			}
			return nil
		}})
		if !errors.Is(err, errKilled) {
			t.Fatalf("run %d: err = %v, want the interruption", run, err)
		}
		if v, left := versionAndOldBodies(t, path); v != 6 || left != 600-150*(run+1) {
			t.Fatalf("after interrupted run %d: version %d, %d old bodies left", run, v, left)
		}
	}

	s, _ := openAt(t, path)
	var v int
	s.r.QueryRow("PRAGMA user_version").Scan(&v)
	if v != SchemaVersion {
		t.Fatalf("version %d, want %d", v, SchemaVersion)
	}
	checkCounts(t, s, "the upgrade") // migration 5 counted what version 2 held
	for id, w := range want {
		d, err := s.Entry(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if string(d.RawJSON) != w.raw || d.Skills != w.skills || d.WorkHistory != w.work {
			t.Fatalf("resume %d after the upgrade: %q %q %q", id, d.RawJSON, d.Skills, d.WorkHistory)
		}
	}
	for q, n := range map[string]int{"навык77": 1, "фирма123": 1, "кладовщик": 600, "перезвонить": 60} {
		if got, err := s.CountEntries(ctx, ListQuery{Search: q + " "}); err != nil || got != n {
			t.Errorf("search %q after the upgrade: %d, %v; want %d", q, got, err, n)
		}
	}
	// A comment added now rebuilds the document from the compressed body.
	if err := s.ReplaceComments(ctx, 77, []Comment{{ID: 900, Text: "позвать на собеседование"}}); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"собеседование", "навык77", "фирма77"} {
		if got := list(t, s, ListQuery{Search: q + " "}); len(got) != 1 || got[0] != 77 {
			t.Errorf("search %q after a new comment: %v", q, got)
		}
	}
	var marker int
	s.r.QueryRow("SELECT count(*) FROM sync_meta WHERE key = ?", vacuumMarker).Scan(&marker)
	// A third smaller, less what migration 012's tables and indexes take.
	if after := pageCount(t, path); marker != 0 || after*10 >= before*7 {
		t.Errorf("vacuum: %d pages before, %d after, marker %d", before, after, marker)
	}
}

// TestVacuumInterruptedRunsAgain: the marker outlives a VACUUM that did not
// happen, so the next Open does it.
func TestVacuumInterruptedRunsAgain(t *testing.T) {
	s, _ := openTest(t)
	path := s.Path()
	if err := s.SetSyncMeta(ctx, vacuumMarker, "1"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s2, _ := openAt(t, path)
	if _, ok, err := s2.SyncMeta(ctx, vacuumMarker); ok || err != nil {
		t.Fatalf("marker still set after Open: %v %v", ok, err)
	}
}

func versionAndOldBodies(t *testing.T, path string) (version, left int) {
	t.Helper()
	db, err := sql.Open("sqlite", dsn(path, Options{BusyTimeout: 1e9}, true))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.QueryRow("PRAGMA user_version").Scan(&version)
	if err := db.QueryRow("SELECT count(*) FROM entry_bodies").Scan(&left); err != nil {
		t.Fatal(err)
	}
	return version, left
}

func pageCount(t *testing.T, path string) int {
	t.Helper()
	db, err := sql.Open("sqlite", dsn(path, Options{BusyTimeout: 1e9}, true))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	db.QueryRow("PRAGMA page_count").Scan(&n)
	return n
}
