package store

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestOpenFresh(t *testing.T) {
	s, _ := openTest(t)
	var v, app int
	var mode string
	if err := s.r.QueryRow("PRAGMA user_version").Scan(&v); err != nil {
		t.Fatal(err)
	}
	s.r.QueryRow("PRAGMA application_id").Scan(&app)
	s.r.QueryRow("PRAGMA journal_mode").Scan(&mode)
	if v != SchemaVersion || app != applicationID || mode != "wal" {
		t.Fatalf("version %d app %#x mode %s", v, app, mode)
	}
	// Reopening a current file is a no-op.
	path := s.Path()
	s.Close()
	s2, _ := openAt(t, path)
	if _, err := s2.ListEntries(ctx, ListQuery{}); err != nil {
		t.Fatal(err)
	}
}

// TestUpgradeFromV1 builds a version-1 file with data, as an older hrdesk
// left it, and opens it: the data stays and is searchable (002 indexes it).
func TestUpgradeFromV1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", dsn(path, Options{BusyTimeout: 1e9}, false))
	if err != nil {
		t.Fatal(err)
	}
	if err := migrate(ctx, db, 1, &Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO entries (resume_id, scope, server_folder, folder, first_name, last_name,
		display_name, profession, last_event_at) VALUES (42, 'mine', 'inbox', 'inbox', 'Анна', 'Сидорова',
		'Сидорова Анна', 'Бухгалтер', 100)`); err != nil {
		t.Fatal(err)
	}
	db.Exec(`INSERT INTO entry_bodies (resume_id, skills) VALUES (42, '1С Предприятие')`)
	db.Exec(`INSERT INTO comments (id, resume_id, text) VALUES (5, 42, 'перезвонить')`)
	db.Close()

	s, _ := openAt(t, path)
	var v int
	s.r.QueryRow("PRAGMA user_version").Scan(&v)
	if v != SchemaVersion {
		t.Fatalf("version %d after upgrade, want %d", v, SchemaVersion)
	}
	for _, q := range []string{"сидорова", "бухгалт", "предприятие", "перезвонить"} {
		if got := list(t, s, ListQuery{Search: q}); len(got) != 1 || got[0] != 42 {
			t.Errorf("search %q after upgrade: %v", q, got)
		}
	}
	if _, err := s.Enqueue(ctx, Action{ResumeID: 42, Kind: ActionMove, Payload: ActionPayload{Folder: FolderInvited}}); err != nil {
		t.Fatal(err)
	}
}

// An existing cache's upgrade is announced as it starts and as it ends;
// a new cache's creation and a current cache's opening are not.
func TestUpgradeIsAnnounced(t *testing.T) {
	type heard struct {
		from, to int
		ended    bool
	}
	var got []heard
	opt := Options{Upgrading: func(from, to int, took time.Duration) { got = append(got, heard{from, to, took > 0}) }}
	path := filepath.Join(t.TempDir(), "cache.db")
	s, err := OpenWith(path, opt)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if s, err = OpenWith(path, opt); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if len(got) != 0 {
		t.Fatalf("a new or current cache announced an upgrade: %+v", got)
	}
	old := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", dsn(old, Options{BusyTimeout: 1e9}, false))
	if err != nil {
		t.Fatal(err)
	}
	if err := migrate(ctx, db, 4, &Options{}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if s, err = OpenWith(old, opt); err != nil {
		t.Fatal(err)
	}
	s.Close()
	want := []heard{{4, SchemaVersion, false}, {4, SchemaVersion, true}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("heard %+v, want %+v", got, want)
	}
}

func TestRefuseNewerSchema(t *testing.T) {
	s, _ := openTest(t)
	path := s.Path()
	if _, err := s.w.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err := Open(path)
	if !errors.Is(err, ErrNewerSchema) {
		t.Fatalf("err = %v, want ErrNewerSchema", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "version 99") || !strings.Contains(msg, fmt.Sprintf("up to %d ", SchemaVersion)) {
		t.Fatalf("message lacks both versions: %s", msg)
	}
}

func TestNotADatabase(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.db")
	os.WriteFile(junk, []byte(strings.Repeat("this is not sqlite\n", 400)), 0o600)
	if _, err := Open(junk); !errors.Is(err, ErrNotDatabase) {
		t.Fatalf("junk file: err = %v, want ErrNotDatabase", err)
	}

	// Another application's SQLite database.
	other := filepath.Join(dir, "other.db")
	db, _ := sql.Open("sqlite", other)
	db.Exec("CREATE TABLE t (x)")
	db.Close()
	if _, err := Open(other); !errors.Is(err, ErrNotDatabase) {
		t.Fatalf("foreign db: err = %v, want ErrNotDatabase", err)
	}
}

func TestReadOnly(t *testing.T) {
	s, _ := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1))
	ro, err := OpenWith(s.Path(), Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if got := list(t, ro, ListQuery{}); len(got) != 1 {
		t.Fatalf("read-only list: %v", got)
	}
	if err := ro.UpsertEntries(ctx, []Entry{entry(2, FolderInbox, 1)}); !errors.Is(err, ErrReadOnly) {
		t.Fatalf("write on read-only: %v", err)
	}
	if _, err := OpenWith(filepath.Join(t.TempDir(), "none.db"), Options{ReadOnly: true}); err == nil {
		t.Fatal("read-only open of a missing file succeeded")
	}
}
