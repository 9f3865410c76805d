package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// pageSize is the cache file's page size (issue 28 §7). At SQLite's
// default of 4 KiB a page held three or four resume bodies (a zstd frame of
// ~1 KB each) and about half a body stayed empty at its end, 13% of the
// bodies' pages; at 16 KiB the same few hundred bytes spread over four
// times the bodies (3%; 8 KiB: 6%, cachesize -try). New files
// get it as they are created (dsn); an older cache is written anew at it by
// the VACUUM after migration 16.
const pageSize = 16384

// vacuumMarker is set by a migration (8, 10, 16) and cleared once the
// VACUUM it asks for is done.
const vacuumMarker = "store.vacuum_after_upgrade"

// vacuumAfterUpgrade gives back the space an upgrade freed (the
// uncompressed bodies: 654 MiB → about 200 at 100,000 resumes; the dropped
// indexes) and the slack random inserts leave inside pages, once, right
// after the upgrade, writing the file at pageSize.
//
// Why it is safe to kill: VACUUM is one transaction, in the WAL or in the
// rollback journal. Killed, it leaves the file as it was (a hot journal is
// rolled back by the next connection) and the marker set, and the next
// Open runs it again; a file left in the rollback journal's mode is put
// back in WAL by the next connection (dsn).
func vacuumAfterUpgrade(ctx context.Context, db *sql.DB, opt *Options) error {
	var v string
	err := db.QueryRowContext(ctx, "SELECT value FROM sync_meta WHERE key = ?", vacuumMarker).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := vacuumAt(ctx, conn, opt); err != nil {
		return fmt.Errorf("vacuum after upgrade: %w", err)
	}
	// VACUUM went through the WAL, which would otherwise keep its size on
	// disk; a checkpoint another process blocks only leaves it larger.
	_, _ = conn.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	_, err = conn.ExecContext(ctx, "DELETE FROM sync_meta WHERE key = ?", vacuumMarker)
	return err
}

// vacuumAt runs the VACUUM on conn, at the page size the options name
// (pageSize unless a test says otherwise). In WAL a file keeps its page
// size, so for another one the VACUUM runs in the rollback journal, with
// every sync SQLite can make, and the file goes back to WAL after it. When
// the file cannot leave WAL (another process has it open) the VACUUM keeps
// the page size it has.
func vacuumAt(ctx context.Context, conn *sql.Conn, opt *Options) (err error) {
	var current int
	if err := conn.QueryRowContext(ctx, "PRAGMA page_size").Scan(&current); err != nil {
		return err
	}
	if want := opt.filePageSize(); current != want {
		var mode string
		if conn.QueryRowContext(ctx, "PRAGMA journal_mode = DELETE").Scan(&mode) == nil && strings.EqualFold(mode, "delete") {
			defer func() {
				// Back to WAL even when the caller's context has ended: this
				// connection serves every write after Open.
				back := context.WithoutCancel(ctx)
				_, werr := conn.ExecContext(back, "PRAGMA journal_mode = WAL")
				_, serr := conn.ExecContext(back, "PRAGMA synchronous = NORMAL")
				err = errors.Join(err, werr, serr)
			}()
			if _, err := conn.ExecContext(ctx, "PRAGMA synchronous = FULL"); err != nil {
				return err
			}
			if _, err := conn.ExecContext(ctx, fmt.Sprintf("PRAGMA page_size = %d", want)); err != nil {
				return err
			}
		}
	}
	if opt.beforeVacuum != nil {
		if err := opt.beforeVacuum(); err != nil {
			return err
		}
	}
	_, err = conn.ExecContext(ctx, "VACUUM")
	return err
}

// filePageSize is the page size files are written at.
func (opt *Options) filePageSize() int {
	if opt.pageSize > 0 {
		return opt.pageSize
	}
	return pageSize
}
