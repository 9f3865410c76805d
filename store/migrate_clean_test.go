package store

import (
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"hrdesk/textsafe"
)

// hostileRaw is a resume object as the service might send it: valid JSON
// whose strings, decoded, carry a title-setting OSC sequence, a CSI, a C1
// control and a bidi override.
func hostileRaw(id int64) string {
	return fmt.Sprintf(`{"id": %d, "name": "a\u001b]0;owned\u0007b", "about": ["x\u009b31m`+"\u202e"+`y", "\u001b[2Jz"]}`, id)
}

// writeV12Cache makes a file as hrdesk with schema version 12 left it: n
// entries whose bodies hold the resume object as received.
func writeV12Cache(t *testing.T, path string, n int) {
	t.Helper()
	db, err := sql.Open("sqlite", dsn(path, Options{BusyTimeout: 1e9}, false))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := migrate(ctx, db, 12, &Options{}); err != nil {
		t.Fatal(err)
	}
	for id := int64(1); id <= int64(n); id++ {
		mustExec(t, db, `INSERT INTO entries (resume_id, scope, server_folder, folder, is_new, first_name, last_name,
			display_name, profession, last_event_at) VALUES (?, 'mine', 'inbox', 'inbox', 0, 'Анна', 'Сидорова', 'Сидорова Анна', 'Кладовщик', ?)`, id, id)
		raw := hostileRaw(id)
		if id%2 == 0 {
			raw = fmt.Sprintf(`{"id":%d,"profession":"Кладовщик"}`, id) // clean as it stands
		}
		mustExec(t, db, "INSERT INTO entry_frames (resume_id, body) VALUES (?, ?)", id,
			encodeBody(body{raw: []byte(raw), skills: "Excel", workHistory: "склад"}))
	}
}

func fileVersion(t *testing.T, path string) (version int, cursor string) {
	t.Helper()
	db, err := sql.Open("sqlite", dsn(path, Options{BusyTimeout: 1e9}, true))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.QueryRow("PRAGMA user_version").Scan(&version)
	db.QueryRow("SELECT value FROM sync_meta WHERE key = ?", cleanCursor).Scan(&cursor)
	return version, cursor
}

// TestCleanBodiesMigrationResumes upgrades a version-12 cache whose bodies
// the old write path left as received, interrupting the upgrade once: the
// next Open goes on from the batch it stopped after rather than from the
// start, and every body then reads back cleaned, as `hrdesk export` writes
// it without cleaning it again.
func TestCleanBodiesMigrationResumes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache.db")
	writeV12Cache(t, path, 10)

	batches := 0
	_, err := OpenWith(path, Options{bodyBatch: 2, afterBodyBatch: func() error {
		if batches++; batches == 2 {
			return errKilled
		}
		return nil
	}})
	if !errors.Is(err, errKilled) {
		t.Fatalf("err = %v, want the interruption", err)
	}
	if v, cursor := fileVersion(t, path); v != 12 || cursor != "4" {
		t.Fatalf("after the interrupted run: version %d, cleaned up to %q; want 12, 4", v, cursor)
	}

	batches = 0
	s, err := OpenWith(path, Options{bodyBatch: 2, afterBodyBatch: func() error { batches++; return nil }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// Resumes 5 to 10 are left: three batches, then the empty one that
	// sets the version. Starting over would take five.
	if batches != 3 {
		t.Errorf("the resumed run cleaned %d batches, want 3 (resumes 5 to 10)", batches)
	}
	if v, cursor := fileVersion(t, path); v != SchemaVersion || cursor != "" {
		t.Fatalf("after the upgrade: version %d, cursor %q", v, cursor)
	}
	for id := int64(1); id <= 10; id++ {
		d, err := s.Entry(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		raw := string(d.RawJSON)
		if strings.ContainsAny(raw, "\x1b\x07\u009b\u202e") || strings.Contains(raw, `\u001b`) || strings.Contains(raw, `\u0007`) {
			t.Errorf("resume %d keeps a control after the upgrade: %q", id, raw)
		}
		if id%2 == 1 {
			want, _ := textsafe.JSON([]byte(hostileRaw(id)))
			if raw != string(want) {
				t.Errorf("resume %d: %s, want %s", id, raw, want)
			}
		}
		if d.Skills != "Excel" || d.WorkHistory != "склад" {
			t.Errorf("resume %d lost its search texts: %q %q", id, d.Skills, d.WorkHistory)
		}
	}
}

// TestBodiesAreCleanedAsWritten: a resume the sync writes and one whose
// contacts are bought keep the object cleaned, as migration 13 left the
// older ones.
func TestBodiesAreCleanedAsWritten(t *testing.T) {
	s, _ := openTest(t)
	e := entry(1, FolderInbox, 1)
	e.RawJSON = []byte(hostileRaw(1))
	mustUpsert(t, s, e)
	want, _ := textsafe.JSON([]byte(hostileRaw(1)))
	if d, err := s.Entry(ctx, 1); err != nil || string(d.RawJSON) != string(want) {
		t.Fatalf("after the sync wrote it: %s, %v; want %s", d.RawJSON, err, want)
	}
	if err := s.SetResumeContacts(ctx, 1, []byte(hostileRaw(1)), "", "", ""); err != nil {
		t.Fatal(err)
	}
	if d, err := s.Entry(ctx, 1); err != nil || string(d.RawJSON) != string(want) {
		t.Fatalf("after its contacts were bought: %s, %v; want %s", d.RawJSON, err, want)
	}
	e.RawJSON = []byte(`not json`)
	mustUpsert(t, s, e)
	if d, err := s.Entry(ctx, 1); err != nil || string(d.RawJSON) != "{}" {
		t.Fatalf("a body that is no JSON: %s, %v; want {}", d.RawJSON, err)
	}
}
