package store

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// syncLike writes n entries as a sync does: in pages of 25, newest first,
// their ids in no order (ids are not dates), so the tables and indexes grow
// by page splits and leave room in their pages.
func syncLike(t *testing.T, s *Store, n int) {
	t.Helper()
	r := rand.New(rand.NewPCG(28, 7))
	order := r.Perm(n)
	for from := 0; from < n; from += 25 {
		var page []Entry
		for _, i := range order[from:min(from+25, n)] {
			e := entry(int64(i+1), Folders[i%len(Folders)], i%90)
			e.LastName = fmt.Sprintf("Мельников%d", i)
			e.WorkHistory = fmt.Sprintf("ООО «Фирма%d» — кладовщик", i)
			e.Scope = []Scope{ScopeMine, ScopeMine, ScopeCompany}[i%3]
			e.Salary, e.Age = int64(i%4)*25000, i%5*10
			e.RawJSON = fmt.Appendf(nil, `{"id":%d,"about":%q}`, i+1, strings.Repeat(fmt.Sprint("опыт ", r.Int()), 20))
			page = append(page, e)
		}
		mustUpsert(t, s, page...)
	}
}

func pagesOf(t *testing.T, s *Store) (pages, free int) {
	t.Helper()
	if err := s.w.QueryRow("PRAGMA page_count").Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if err := s.w.QueryRow("PRAGMA freelist_count").Scan(&free); err != nil {
		t.Fatal(err)
	}
	return pages, free
}

// A first sync's end writes the cache anew (issue 28 §7: a fresh cache ≤
// 200 MiB per 100k, as an upgraded one): the file shrinks, no page is left
// free, everything answers as before, and a later sync that writes little
// leaves the file as it is.
func TestFirstSyncEndsWithTheCacheWrittenAnew(t *testing.T) {
	defer func(n int) { tidyAfter = n }(tidyAfter)
	tidyAfter = 100
	s := smallPages(t, filepath.Join(t.TempDir(), "cache.db"))
	syncLike(t, s, 1500)
	before := answersOf(t, s)
	if did, err := s.mergeSearch(ctx); err != nil || !did {
		t.Fatalf("the merge: %v, %v", did, err)
	}
	pages, _ := pagesOf(t, s)
	rewrites := 0
	s.beforeCompact = func() error { rewrites++; return nil }
	// A reader in the middle of reading, as the workstation's list is.
	rows, err := s.r.Query("SELECT resume_id FROM entries ORDER BY resume_id")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	if !rows.Next() {
		t.Fatal("no entries")
	}
	if _, err := s.TidySearch(ctx); err != nil {
		t.Fatalf("the first sync's end: %v", err)
	}
	got, free := pagesOf(t, s)
	t.Logf("%d pages before the rewrite, %d after", pages, got)
	if rewrites != 1 || free != 0 || got >= pages*19/20 {
		t.Errorf("after the first sync's end: %d rewrites, %d pages (%d before), %d free", rewrites, got, pages, free)
	}
	n := 1
	for rows.Next() {
		n++
	}
	if rows.Err() != nil || n != 1500 {
		t.Errorf("the reader read %d rows across the rewrite: %v", n, rows.Err())
	}
	if after := answersOf(t, s); fmt.Sprint(after) != fmt.Sprint(before) || before.counts[0] == 0 {
		t.Errorf("after the rewrite:\n got %v\nwant %v", after, before)
	}
	// A day's responses: 150 written, the index merged, the file kept.
	for i := range 6 {
		var page []Entry
		for j := range 25 {
			page = append(page, entry(int64(1000+25*i+j), FolderInbox, 95))
		}
		mustUpsert(t, s, page...)
	}
	if did, err := s.TidySearch(ctx); err != nil || !did || rewrites != 1 {
		t.Errorf("a small sync's end: merged %v, %d rewrites in all, %v", did, rewrites, err)
	}
}

// An interrupted rewrite (killed, the disk full) leaves the file as it was,
// whole and answering, and is due again at the next sync's end.
func TestAnInterruptedRewriteIsDoneNextTime(t *testing.T) {
	defer func(n int) { tidyAfter = n }(tidyAfter)
	tidyAfter = 100
	path := filepath.Join(t.TempDir(), "cache.db")
	s := smallPages(t, path)
	syncLike(t, s, 1500)
	before := answersOf(t, s)
	if did, err := s.mergeSearch(ctx); err != nil || !did {
		t.Fatalf("the merge: %v, %v", did, err)
	}
	pages, _ := pagesOf(t, s)
	s.beforeCompact = func() error { return errKilled }
	if _, err := s.TidySearch(ctx); !errors.Is(err, errKilled) {
		t.Fatalf("the interrupted rewrite: %v", err)
	}
	s.Close()
	s = smallPages(t, path)
	if got, _ := pagesOf(t, s); got != pages {
		t.Errorf("%d pages after the interrupted rewrite, %d before", got, pages)
	}
	if after := answersOf(t, s); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("after the interrupted rewrite:\n got %v\nwant %v", after, before)
	}
	rewrites := 0
	s.beforeCompact = func() error { rewrites++; return nil }
	if _, err := s.TidySearch(ctx); err != nil || rewrites != 1 {
		t.Fatalf("the next sync's end: %d rewrites, %v", rewrites, err)
	}
	if got, free := pagesOf(t, s); free != 0 || got >= pages*19/20 {
		t.Errorf("%d pages after the rewrite (%d before), %d free", got, pages, free)
	}
	if after := answersOf(t, s); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("after the rewrite:\n got %v\nwant %v", after, before)
	}
}

// smallPages opens a cache of 4 KiB pages at path: a few thousand test
// entries fill enough of them that the room page splits leave shows.
func smallPages(t *testing.T, path string) *Store {
	t.Helper()
	s, err := OpenWith(path, Options{pageSize: 4096})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// The writer keeps a bulk's pages in its cache (issue 28 §7: at SQLite's
// 2 MiB a bulk of 500 spilled into the WAL and read its pages back).
func TestWriterCacheHoldsABulk(t *testing.T) {
	t.Parallel()
	s, _ := openTest(t)
	var kib int
	if err := s.w.QueryRow("PRAGMA cache_size").Scan(&kib); err != nil || kib != -writerCacheKiB || writerCacheKiB < 16<<10 {
		t.Errorf("the writer's cache_size %d (%v), want -%d KiB, at least 16 MiB", kib, err, writerCacheKiB)
	}
}

// Closed, the cache is the file alone: the WAL folded into it and removed,
// so a copy of the file (benchdata renames its build into place) holds the
// last write.
func TestCloseLeavesTheFileWhole(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "cache.db")
	s := smallPages(t, path)
	mustUpsert(t, s, entry(1, FolderInbox, 1))
	if _, err := s.Entry(ctx, 1); err != nil { // a reader connection open
		t.Fatal(err)
	}
	if err := s.SetSyncMeta(ctx, "last", "written"); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + "-wal"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the WAL is still there after Close: %v", err)
	}
	moved := filepath.Join(t.TempDir(), "moved.db")
	if err := os.Rename(path, moved); err != nil {
		t.Fatal(err)
	}
	m, _ := openAt(t, moved)
	if v, ok, err := m.SyncMeta(ctx, "last"); v != "written" || !ok || err != nil {
		t.Errorf("the file alone holds %q, %v, %v", v, ok, err)
	}
}
