package store

import (
	"unsafe"

	"modernc.org/libc"
	"modernc.org/libc/sys/types"
	sqlite3 "modernc.org/sqlite/lib"
)

// The readers' pages live in one pool of SQLite's own (SQLITE_CONFIG_PAGECACHE)
// instead of one allocation each. In WAL mode a reader empties its whole page
// cache before its first read after another connection committed
// (pager_reset), and each page went back to modernc's allocator on its own,
// which hands what it holds beyond 4 MiB per size class back to the kernel, an
// madvise per page, and faults the memory in again as the pages are read once
// more: after a bulk later of 500 at 100,000 resumes that was half of the
// undo's CPU (profile, issue 28 §7). A page of the pool goes back to the pool's
// free list and is taken again from it: no call, no fault.
//
// The pool is one process-wide buffer, sized for a store's caches (the
// writer's, the readers' and the counts reader's) with room to spare; it is
// address space until pages are touched, and a page touched once stays
// resident, so the resident size is the pages most used at once, as before. A
// page larger than a slot, or one asked for with the pool empty, is allocated
// as before; when the pool runs low SQLite reuses the least recently used
// unpinned page of any connection rather than allocate (pcache1: the one page
// group modernc's SQLite has). Several stores in one process (hrdesk serve's
// profiles) share it so.

// pageSlot is one page of the pool: a page of the cache's size (pageSize)
// and SQLite's header for it, asked of SQLite.
var pageSlot int

// pagePoolBytes is the pool's size: the writer's 16 MiB, four readers' 2 MiB
// and the counts' reader, about 25 MiB, with room for temporary B-trees and a
// second store.
const pagePoolBytes = 48 << 20

func init() { pageSlot = configurePagePool(pageSize, pagePoolBytes) }

// configurePagePool gives SQLite the pool; it must run before the process
// opens its first connection (SQLite refuses it once initialized, and then
// the pages are allocated one by one as before). It returns the slot size,
// 0 when SQLite refused.
func configurePagePool(page, bytes int) int {
	tls := libc.NewTLS()
	defer tls.Close()
	va := libc.Xmalloc(tls, types.Size_t(3*8))
	hdr := libc.Xcalloc(tls, 1, types.Size_t(8))
	if va == 0 || hdr == 0 {
		return 0
	}
	defer libc.Xfree(tls, va)
	defer libc.Xfree(tls, hdr)
	if sqlite3.Xsqlite3_config(tls, sqlite3.SQLITE_CONFIG_PCACHE_HDRSZ, libc.VaList(va, hdr)) != sqlite3.SQLITE_OK {
		return 0
	}
	slot := (page + int(cInt32(hdr)) + 7) &^ 7
	n := bytes / slot
	buf := libc.Xmalloc(tls, types.Size_t(slot*n)) // never freed: SQLite holds it for the process
	if buf == 0 {
		return 0
	}
	if sqlite3.Xsqlite3_config(tls, sqlite3.SQLITE_CONFIG_PAGECACHE, libc.VaList(va, buf, int32(slot), int32(n))) != sqlite3.SQLITE_OK {
		libc.Xfree(tls, buf)
		return 0
	}
	return slot
}

// cInt32 reads the C int at p (a copy, so no Go pointer is made of p).
func cInt32(p uintptr) int32 {
	b := libc.GoBytes(p, 4)
	return *(*int32)(unsafe.Pointer(&b[0]))
}
