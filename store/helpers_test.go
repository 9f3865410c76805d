package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"
)

var ctx = context.Background()

// testClock is a fixed, advanceable clock.
type testClock struct{ t time.Time }

func (c *testClock) now() time.Time { return c.t }

func openTest(t testing.TB) (*Store, *testClock) {
	t.Helper()
	return openAt(t, filepath.Join(t.TempDir(), "cache.db"))
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
