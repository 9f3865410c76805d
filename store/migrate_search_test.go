package store

import (
	"database/sql"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Migration 10 builds the search index anew, with prefix lists and no
// positions, from what a version-9 cache holds: names, professions, the
// bodies' skills and work history, visible comments; the delete trigger
// is back on the new index.
func TestUpgradeRebuildsSearch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v9.db")
	db, err := sql.Open("sqlite", dsn(path, Options{BusyTimeout: 1e9}, false))
	if err != nil {
		t.Fatal(err)
	}
	if err := migrate(ctx, db, 9, &Options{}); err != nil {
		t.Fatal(err)
	}
	// A version-9 cache in use had its VACUUM after migration 8.
	if _, err := db.Exec("DELETE FROM sync_meta WHERE key = ?", vacuumMarker); err != nil {
		t.Fatal(err)
	}
	for _, e := range []struct {
		id                              int64
		last, first, prof, skills, work string
	}{
		{1, "Мельникова", "Анна", "Бухгалтер", "1С:Предприятие", "ООО «Ромашка»"},
		{2, "Иванов", "Пётр", "Водитель", "категория B", "Такси «Вектор»"},
		{3, "Сидоров", "Иван", "Механик", "", ""},
	} {
		if _, err := db.Exec(`INSERT INTO entries (resume_id, scope, server_folder, folder, first_name, last_name,
			display_name, profession, last_event_at) VALUES (?, 'mine', 'inbox', 'inbox', ?, ?, ?, ?, ?)`,
			e.id, e.first, e.last, e.last+" "+e.first, e.prof, 100+e.id); err != nil {
			t.Fatal(err)
		}
		b := body{raw: []byte("{}"), skills: e.skills, workHistory: e.work}
		if _, err := db.Exec("INSERT INTO entry_frames (resume_id, body) VALUES (?, ?)", e.id, encodeBody(b)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec(`INSERT INTO comments (id, resume_id, text) VALUES (5, 2, 'перезвонить'), (6, 3, 'скрытый'); UPDATE comments SET hidden = 1 WHERE id = 6`); err != nil {
		t.Fatal(err)
	}
	// The old index is left empty: the new one is built from the cache.
	if err := migrate(ctx, db, 10, &Options{}); err != nil {
		t.Fatal(err)
	}
	// The old index's pages are free now; the VACUUM Open runs after an
	// upgrade that asks for one gives them back.
	var due int
	db.QueryRow("SELECT count(*) FROM sync_meta WHERE key = ?", vacuumMarker).Scan(&due)
	if due != 1 {
		t.Error("migration 10 does not ask for the VACUUM")
	}
	db.Close()

	s, _ := openAt(t, path)
	var v int
	s.r.QueryRow("PRAGMA user_version").Scan(&v)
	if v != SchemaVersion || v < 10 {
		t.Fatalf("version %d after upgrade, want %d", v, SchemaVersion)
	}
	for q, want := range map[string][]int64{
		"М": {3, 1}, "Ме": {3, 1}, "мел": {1}, "пред": {1}, "ромашка": {1}, "вект": {2}, "перезвон": {2},
		"скрытый": nil, "петр": {2}, "1": {1},
	} {
		if got := list(t, s, ListQuery{Search: q}); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("search %q after upgrade: %v, want %v", q, got, want)
		}
	}
	if _, due, _ := s.SyncMeta(ctx, vacuumMarker); due {
		t.Errorf("after the upgrade the VACUUM is still due")
	}
	var schema string
	s.r.QueryRow("SELECT sql FROM sqlite_schema WHERE name = 'entries_fts'").Scan(&schema)
	if !strings.Contains(schema, "detail = none") || !strings.Contains(schema, "prefix = '1 2 3'") {
		t.Errorf("the index after upgrade: %s", schema)
	}
	if _, err := s.w.Exec("DELETE FROM entries WHERE resume_id = 1"); err != nil {
		t.Fatal(err)
	}
	if got := list(t, s, ListQuery{Search: "мел"}); len(got) != 0 {
		t.Errorf("a deleted entry is still found: %v", got)
	}
	var docs int
	s.r.QueryRow("SELECT count(*) FROM entries_fts WHERE entries_fts MATCH 'мельникова'").Scan(&docs)
	if docs != 0 {
		t.Errorf("the deleted entry's document is left in the index")
	}
}
