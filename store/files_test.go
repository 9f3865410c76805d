package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// The cache holds applicants' personal data: it, its WAL and its shared
// memory are the owner's alone, also when an older hrdesk (or a copy) left
// them readable by others.
func TestCacheFilesArePrivate(t *testing.T) {
	for _, existed := range []bool{false, true} {
		dir := t.TempDir()
		path := filepath.Join(dir, "cache.db")
		if existed {
			s, _ := openAt(t, path)
			s.Close()
			os.Chmod(path, 0o644) // as an older hrdesk created it
		}
		s, _ := openAt(t, path)
		if err := s.UpsertEntries(context.Background(), []Entry{entry(1, FolderInbox, 1)}); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{path, path + "-wal", path + "-shm"} {
			fi, err := os.Stat(p)
			if err != nil {
				t.Fatalf("existed=%v: %v", existed, err)
			}
			if fi.Mode().Perm() != 0o600 {
				t.Errorf("existed=%v: %s has mode %v, want 0600", existed, filepath.Base(p), fi.Mode().Perm())
			}
		}
		s.Close()
	}
}

// A cache cut short (a full disk, a copy interrupted) is reported as damaged,
// not as a foreign file or a generic failure.
func TestTruncatedCacheIsDamaged(t *testing.T) {
	// An empty cache's size: the cut below must fall among the resumes'
	// pages, past every page the schema had, so that what is lost is data
	// (a cut through the schema is damage too, but an easier case).
	// At 4 KiB pages: at the cache's 16 KiB an empty one's 52 pages outweigh
	// half of 600 resumes.
	opt := Options{pageSize: 4096}
	empty := filepath.Join(t.TempDir(), "empty.db")
	e, err := OpenWith(empty, opt)
	if err != nil {
		t.Fatal(err)
	}
	e.Close()
	efi, err := os.Stat(empty)
	if err != nil {
		t.Fatal(err)
	}
	schema := efi.Size()
	path := filepath.Join(t.TempDir(), "cache.db")
	s, err := OpenWith(path, opt)
	if err != nil {
		t.Fatal(err)
	}
	// 600 resumes: enough for the cut at half the file to fall past the
	// schema (2,000 took four times as long and cut the same kind of page).
	var batch []Entry
	for i := range 600 {
		batch = append(batch, entry(int64(i+1), FolderInbox, i%300))
	}
	if err := s.UpsertEntries(context.Background(), batch); err != nil {
		t.Fatal(err)
	}
	s.Close()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size()/2 <= schema {
		t.Fatalf("half of the cache (%d bytes) does not reach past an empty one's %d: too few resumes to cut data", fi.Size()/2, schema)
	}
	if err := os.Truncate(path, fi.Size()/2); err != nil {
		t.Fatal(err)
	}
	s, err = Open(path)
	if err == nil {
		// SQLite may open it and fail on the first page it cannot read.
		_, err = s.CountEntries(context.Background(), ListQuery{})
		s.Close()
	}
	if !IsDamaged(err) {
		t.Fatalf("truncated cache: %v; want IsDamaged", err)
	}
	if errors.Is(err, ErrNotDatabase) {
		t.Errorf("a damaged cache reported as a foreign file: %v", err)
	}
}
