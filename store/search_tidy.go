package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// The search index grows by segments: each transaction that writes
// documents adds one, and FTS5 merges them only now and then. A question
// about one resume (the filter asks one per row for a common word, see
// matches.go) seeks in every segment and checks every replaced document's
// mark: after the 1,000 transactions of a first sync of 100,000 resumes, a
// screenful of rows took 27 ms of questions, against 3 ms once the index
// is one segment again. So the index is merged into one after enough
// documents were written since it last was.

// searchWritesKey counts in sync_meta the documents written since the
// index was last merged.
const searchWritesKey = "store.search_writes"

// tidyAfter is how many written documents make TidySearch merge: a day's
// responses leave the index as it is, a first sync or a large one do not.
var tidyAfter = 1000

// countSearchWrites adds n written documents to the count, inside tx.
// The same count, never reset by a merge, says when the file is due to be
// written anew (compact.go).
func countSearchWrites(ctx context.Context, tx *sql.Tx, n int) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO sync_meta (key, value) VALUES (?1, ?3), (?2, ?3)
		ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + excluded.value`, searchWritesKey, rewriteWritesKey, n)
	return err
}

// TidySearch merges the search index into one segment when tidyAfter
// documents or more were written since it last was; it reports whether it
// did. At 100,000 resumes it takes about 1.5 s, so the sync engine calls it
// once a sync has written what it brought. After a sync that wrote half the
// cache or more (a first sync) it also writes the file anew (compact.go).
func (s *Store) TidySearch(ctx context.Context) (bool, error) {
	if s.w == nil {
		return false, nil
	}
	did, err := s.mergeSearch(ctx)
	if err != nil {
		return did, err
	}
	if _, err := s.compact(ctx); err != nil {
		return did, fmt.Errorf("store: compact: %w", err)
	}
	return did, nil
}

// mergeSearch is TidySearch's merge of the search index.
func (s *Store) mergeSearch(ctx context.Context) (bool, error) {
	var n int
	err := s.r.QueryRowContext(ctx, "SELECT CAST(value AS INTEGER) FROM sync_meta WHERE key = ?", searchWritesKey).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && n < tidyAfter) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("store: search index: %w", err)
	}
	err = s.write(ctx, func(tx *sql.Tx) error { return optimizeSearch(ctx, tx) })
	if err != nil {
		return false, fmt.Errorf("store: search index: %w", err)
	}
	return true, nil
}

// optimizeSearch merges the index into one segment and restarts the count.
func optimizeSearch(ctx context.Context, tx *sql.Tx) error {
	if _, err := tx.ExecContext(ctx, "INSERT INTO entries_fts (entries_fts) VALUES ('optimize')"); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, "DELETE FROM sync_meta WHERE key = ?", searchWritesKey)
	return err
}
