package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// A cache a sync builds is larger than the same data written in order: the
// resumes arrive by date, not by id, so every index and the bodies' table
// grow by page splits that leave their pages part empty, and the search
// index's merge leaves its old segments' pages free. At 100,000 resumes
// that was about a sixth of the file (issue 28 §7: ≤ 200 MiB per 100k).
// VACUUM writes the file anew in order; an upgrade already ends with one
// (vacuum.go). A sync that wrote a good part of the cache ends with one
// too: the first sync, and later ones only when they rewrote as much again.

// rewriteWritesKey counts in sync_meta the documents written since the file
// was last written anew (countSearchWrites adds to it).
const rewriteWritesKey = "store.rewrite_writes"

// compactShare is the share of the cache's entries that must have been
// written since the last rewrite before the next: half, so a first sync
// always ends with one and a day's responses never do.
const compactShare = 0.5

// compactDue says whether enough was written since the last rewrite, at
// least tidyAfter documents and compactShare of the entries.
func (s *Store) compactDue(ctx context.Context) (bool, error) {
	var written int
	err := s.w.QueryRowContext(ctx, "SELECT CAST(value AS INTEGER) FROM sync_meta WHERE key = ?", rewriteWritesKey).Scan(&written)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && written < tidyAfter) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	var entries int
	if err := s.w.QueryRowContext(ctx, "SELECT count(*) FROM entries").Scan(&entries); err != nil {
		return false, err
	}
	return float64(written) >= compactShare*float64(entries), nil
}

// compact writes the file anew when compactDue says so; it reports whether
// it did.
//
// Why it is safe to kill: SQLite's VACUUM is one transaction in the WAL
// (the file keeps its page size, so it stays in WAL): killed before its
// commit, the file is as it was; after, the WAL holds the new file. The
// count of writes is reset only after it, so an interrupted one is due
// again at the next sync's end. Readers go on reading the snapshot they
// started with meanwhile; the writer's other work waits for it (a couple
// of seconds at 100,000 resumes).
func (s *Store) compact(ctx context.Context) (bool, error) {
	due, err := s.compactDue(ctx)
	if err != nil || !due {
		return false, err
	}
	conn, err := s.w.Conn(ctx)
	if err != nil {
		return false, err
	}
	defer conn.Close()
	if s.beforeCompact != nil {
		if err := s.beforeCompact(); err != nil {
			return false, err
		}
	}
	if _, err := conn.ExecContext(ctx, "VACUUM"); err != nil {
		return false, fmt.Errorf("vacuum: %w", err)
	}
	// The VACUUM went through the WAL, which would keep the file's size on
	// disk beside it; a reader that holds an older snapshot only delays
	// this until the last connection closes.
	_, _ = conn.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	_, err = conn.ExecContext(ctx, "DELETE FROM sync_meta WHERE key = ?", rewriteWritesKey)
	return true, err
}
