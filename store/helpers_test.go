package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

var ctx = context.Background()

// testClock is a fixed, advanceable clock.
type testClock struct{ t time.Time }

func (c *testClock) now() time.Time { return c.t }

// openTest opens a new cache of the current schema in the test's own
// directory. It starts from a copy of one made once per test binary:
// creating a cache runs every migration (0.9 s under load, several times
// that under -race, for each of ~150 tests), while opening the copy finds
// the schema current and runs none. The copy is what a fresh Open leaves
// on disk (the schema, the backfill marker, nothing stamped with a time);
// the tests of creation and migration open their own files with openAt.
func openTest(t testing.TB) (*Store, *testClock) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "cache.db")
	if err := os.WriteFile(path, emptyCache(t), 0o600); err != nil {
		t.Fatal(err)
	}
	return openAt(t, path)
}

var emptyOnce struct {
	sync.Once
	raw []byte
	err error
}

// emptyCache is the file a fresh Open leaves once it is closed.
func emptyCache(t testing.TB) []byte {
	t.Helper()
	emptyOnce.Do(func() {
		dir, err := os.MkdirTemp("", "hrdesk-store-empty-")
		if err != nil {
			emptyOnce.err = err
			return
		}
		defer os.RemoveAll(dir)
		path := filepath.Join(dir, "cache.db")
		s, err := Open(path)
		if err != nil {
			emptyOnce.err = err
			return
		}
		if emptyOnce.err = s.Close(); emptyOnce.err != nil {
			return
		}
		emptyOnce.raw, emptyOnce.err = os.ReadFile(path)
	})
	if emptyOnce.err != nil {
		t.Fatalf("making the empty cache: %v", emptyOnce.err)
	}
	return emptyOnce.raw
}

func openAt(t testing.TB, path string) (*Store, *testClock) {
	t.Helper()
	clock := &testClock{t: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)}
	s, err := OpenWith(path, Options{now: clock.now})
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s, clock
}

var baseTime = time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)

// entry builds a plausible entry; day orders them by last event.
func entry(id int64, folder string, day int) Entry {
	return Entry{
		ResumeID:   id,
		Scope:      ScopeMine,
		Folder:     folder,
		FirstName:  "Иван",
		LastName:   fmt.Sprintf("Петров%d", id),
		Profession: "Водитель",
		Age:        30,
		Salary:     50000,
		Currency:   "rub",
		Town:       "Москва",
		Skills:     "категория B",
		Events: []Event{
			{VacancyID: 7, Type: 10, DateEvent: baseTime.Add(time.Duration(day) * 24 * time.Hour), Text: "откликнулся"},
		},
		RawJSON: []byte(fmt.Sprintf(`{"id":%d}`, id)),
	}
}

func mustUpsert(t testing.TB, s *Store, es ...Entry) {
	t.Helper()
	if err := s.UpsertEntries(ctx, es); err != nil {
		t.Fatalf("upsert: %v", err)
	}
}

func ids(rows []EntryRow) []int64 {
	out := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = r.ResumeID
	}
	return out
}

func list(t testing.TB, s *Store, q ListQuery) []int64 {
	t.Helper()
	rows, err := s.ListEntries(ctx, q)
	if err != nil {
		t.Fatalf("list %+v: %v", q, err)
	}
	return ids(rows)
}

func folderOf(t testing.TB, s *Store, id int64) string {
	t.Helper()
	d, err := s.Entry(ctx, id)
	if err != nil {
		t.Fatalf("entry %d: %v", id, err)
	}
	return d.Folder
}
