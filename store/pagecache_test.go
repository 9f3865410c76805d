package store

import (
	"context"
	"path/filepath"
	"testing"
	"unsafe"

	"modernc.org/libc"
	"modernc.org/libc/sys/types"
	sqlite3 "modernc.org/sqlite/lib"
)

// pagePoolUsed is how many of the pool's pages SQLite holds now
// (SQLITE_STATUS_PAGECACHE_USED).
func pagePoolUsed(t *testing.T) int64 {
	t.Helper()
	tls := libc.NewTLS()
	defer tls.Close()
	p := libc.Xcalloc(tls, 2, types.Size_t(8))
	if p == 0 {
		t.Fatal("out of memory")
	}
	defer libc.Xfree(tls, p)
	if rc := sqlite3.Xsqlite3_status64(tls, sqlite3.SQLITE_STATUS_PAGECACHE_USED, p, p+8, 0); rc != sqlite3.SQLITE_OK {
		t.Fatalf("sqlite3_status64: %d", rc)
	}
	b := libc.GoBytes(p, 8)
	return *(*int64)(unsafe.Pointer(&b[0]))
}

// The connections' pages come from the pool SQLite was given before the
// first connection (pagecache.go), so a reader that empties its cache
// after the writer's commit hands them back to the pool, not page by page
// to the allocator (issue 28 §7). Pages the writer just wrote are in the
// WAL, which a reader reads through its page cache, never the mapping.
func TestPagesComeFromThePool(t *testing.T) {
	if pageSlot < pageSize {
		t.Fatalf("the pool was not configured (slot %d)", pageSlot)
	}
	st, err := OpenWith(filepath.Join(t.TempDir(), "cache.db"), Options{Readers: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	if _, err := st.w.ExecContext(ctx, "CREATE TABLE pooled(x BLOB)"); err != nil {
		t.Fatal(err)
	}
	for round := range 3 {
		if _, err := st.w.ExecContext(ctx, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < 100) INSERT INTO pooled SELECT randomblob(4000) FROM n"); err != nil {
			t.Fatal(err)
		}
		// A read held open keeps the reader's pages pinned meanwhile.
		rows, err := st.r.QueryContext(ctx, "SELECT length(x) FROM pooled")
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for rows.Next() {
			n++
		}
		if used := pagePoolUsed(t); used == 0 {
			t.Errorf("round %d: no page of the pool in use after reading %d rows", round, n)
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
