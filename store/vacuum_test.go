package store

import (
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// writeV14Cache makes a file as hrdesk with schema version 14 left it, at
// SQLite's default page size: n entries written by the store's own upsert
// (the statements of that version but the facts' keys of migration 17,
// whose column is there only while they are written), in the four folders.
func writeV14Cache(t *testing.T, path string, n int) {
	t.Helper()
	old := Options{BusyTimeout: 1e9, pageSize: 4096}
	db, err := sql.Open("sqlite", dsn(path, old, false))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if err := migrate(ctx, db, 14, &old); err != nil {
		t.Fatal(err)
	}
	s := &Store{path: path, w: db, r: db, now: time.Now, plan: defaultSearchPlan}
	mustExec(t, db, "ALTER TABLE entry_facts ADD COLUMN person_key INTEGER NOT NULL DEFAULT 0")
	defer mustExec(t, db, "ALTER TABLE entry_facts DROP COLUMN person_key")
	var batch []Entry
	for i := range n {
		e := entry(int64(i+1), Folders[i%len(Folders)], i%90)
		e.LastName = fmt.Sprintf("Мельников%d", i)
		e.WorkHistory = fmt.Sprintf("ООО «Фирма%d» — кладовщик", i)
		e.Scope = []Scope{ScopeMine, ScopeMine, ScopeCompany}[i%3]
		e.Salary, e.Age = int64(i%4)*25000, i%5*10 // some unknown (0)
		batch = append(batch, e)
	}
	mustUpsert(t, s, batch...)
	// What an older hrdesk stored as the service sent it.
	mustExec(t, db, "UPDATE entries SET salary = -500, age = -1 WHERE resume_id = 3")
}

// cacheAnswers is what a cache answers that an upgrade must keep.
type cacheAnswers struct {
	folders []FolderCount
	counts  []int
	bodies  []string
	stale   map[string]int
	pages   [][]int64
}

func answersOf(t *testing.T, s *Store) cacheAnswers {
	t.Helper()
	var f cacheAnswers
	var err error
	if f.folders, err = s.FolderCounts(ctx, ScopeAll); err != nil {
		t.Fatal(err)
	}
	for _, q := range []ListQuery{{Search: "М"}, {Search: "фирма7 "}, {Folder: FolderInbox, Scope: ScopeMine, Search: "кладовщик"},
		{Folder: FolderConsidered, SalaryFrom: 1, Search: "мельников1"}} {
		n, err := s.CountEntries(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		f.counts = append(f.counts, n)
	}
	for _, id := range []int64{1, 77, 300} {
		d, err := s.Entry(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		f.bodies = append(f.bodies, string(d.RawJSON)+d.WorkHistory)
	}
	if f.stale, err = s.StaleCounts(ctx, ScopeAll, baseTime.AddDate(0, 0, 60)); err != nil {
		t.Fatal(err)
	}
	for _, q := range []ListQuery{{Folder: FolderInbox, SortBy: SortBySalary, Ascending: true, Offset: 100, Limit: 30},
		{SortBy: SortByAge, Limit: 40}, {Folder: FolderConsidered, Limit: 20, Offset: 50}} {
		f.pages = append(f.pages, list(t, s, q))
	}
	return f
}

// TestUpgradeWritesTheCacheAnew upgrades a schema-14 cache of 4 KiB pages,
// its VACUUM interrupted once (as a kill or a full disk would): the file
// stays whole and usable, and the next Open finishes the job: the schema current,
// migration 16's one settled index for two, the file written anew at
// pageSize and back in WAL, the marker gone, a value below zero stored as
// unknown, and every count, search, page, body and stale count as a copy
// upgraded at the old page size answers them.
func TestUpgradeWritesTheCacheAnew(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "cache.db")
	writeV14Cache(t, path, 600)
	if got := filePragma(t, path, "page_size"); got != "4096" {
		t.Fatalf("the old cache's page size is %s", got)
	}
	if _, err := OpenWith(path, Options{beforeVacuum: func() error { return errKilled }}); !errors.Is(err, errKilled) {
		t.Fatalf("the interrupted open: %v", err)
	}
	for pragma, want := range map[string]string{"user_version": fmt.Sprint(SchemaVersion), "journal_mode": "wal", "page_size": "4096"} {
		if got := filePragma(t, path, pragma); got != want {
			t.Errorf("after the interrupted VACUUM %s = %s, want %s", pragma, got, want)
		}
	}
	s, _ := openAt(t, path)
	if _, due, err := s.SyncMeta(ctx, vacuumMarker); due || err != nil {
		t.Errorf("the VACUUM is still due after the second open: %v", err)
	}
	var mode string
	if err := s.w.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("the writer's journal mode %q, %v", mode, err)
	}
	if got := filePragma(t, path, "page_size"); got != fmt.Sprint(pageSize) {
		t.Errorf("page size %s after the upgrade, want %d", got, pageSize)
	}
	var indexes []string
	rows, err := s.r.Query("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'entries' ORDER BY name")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var name string
		rows.Scan(&name)
		indexes = append(indexes, name)
	}
	rows.Close()
	if !slices.Equal(indexes, []string{"entries_arrived", "entries_date", "entries_first_action", "entries_folder_age", "entries_folder_date",
		"entries_folder_salary", "entries_reconcile", "entries_settled", "entries_waiting_arrived"}) {
		t.Errorf("indexes after the upgrade: %v", indexes)
	}
	// What the old cache answered, counted again from a copy upgraded
	// without the VACUUM's page size: the answers may not depend on it.
	ref := filepath.Join(t.TempDir(), "ref.db")
	writeV14Cache(t, ref, 600)
	r, err := OpenWith(ref, Options{pageSize: 4096})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if d, err := s.Entry(ctx, 3); err != nil || d.Salary != 0 || d.Age != 0 {
		t.Errorf("a value below zero after the upgrade: salary %d, age %d, %v", d.Salary, d.Age, err)
	}
	got, want := answersOf(t, s), answersOf(t, r)
	if fmt.Sprint(got) != fmt.Sprint(want) || want.counts[0] == 0 || want.stale[FolderConsidered] == 0 {
		t.Errorf("after the upgrade:\n got %v\nwant %v", got, want)
	}
}

// A new cache is created at pageSize.
func TestNewCachePageSize(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "cache.db")
	s, _ := openAt(t, path)
	s.Close()
	if got := filePragma(t, path, "page_size"); got != fmt.Sprint(pageSize) {
		t.Errorf("page size %s, want %d", got, pageSize)
	}
}

// filePragma reads a PRAGMA of the file at path on a connection of its own.
func filePragma(t *testing.T, path, name string) string {
	t.Helper()
	db, err := sql.Open("sqlite", dsn(path, Options{BusyTimeout: 1e9}, true))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v string
	if err := db.QueryRow("PRAGMA " + name).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}
