// Package cachetest gives tests outside package store a new, empty cache
// file without paying for its creation each time.
//
// Creating a cache runs every schema migration (about a second under
// load, several under -race); tests that open dozens of caches spent much
// of their time there. The first call makes one cache per test binary and
// keeps the bytes a fresh store.Open leaves once closed (the current
// schema, nothing stamped with a time); every call writes a copy into the
// test's own directory, which store.Open then finds current.
package cachetest

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"hrdesk/store"
)

var empty struct {
	sync.Once
	raw []byte
	err error
}

// Path is a new empty cache of the current schema in tb's temporary
// directory, private to the user as store.Open makes it.
func Path(tb testing.TB) string {
	tb.Helper()
	empty.Do(func() {
		dir, err := os.MkdirTemp("", "hrdesk-cachetest-")
		if err != nil {
			empty.err = err
			return
		}
		defer os.RemoveAll(dir)
		path := filepath.Join(dir, "cache.db")
		st, err := store.Open(path)
		if err != nil {
			empty.err = err
			return
		}
		if empty.err = st.Close(); empty.err != nil {
			return
		}
		// Closed, the last connection has checkpointed the log into the
		// file; a log left beside it would be lost by copying the file.
		if _, err := os.Stat(path + "-wal"); err == nil {
			empty.err = fmt.Errorf("an empty cache left %s-wal after Close", path)
			return
		}
		empty.raw, empty.err = os.ReadFile(path)
	})
	if empty.err != nil {
		tb.Fatalf("making the empty cache: %v", empty.err)
	}
	path := filepath.Join(tb.TempDir(), "cache.db")
	if err := os.WriteFile(path, empty.raw, 0o600); err != nil {
		tb.Fatal(err)
	}
	return path
}
