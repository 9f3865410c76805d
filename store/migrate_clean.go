package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
)

// cleanCursor is the sync_meta key under which migration 13 keeps the last
// resume id it cleaned, so an interrupted run goes on from there.
const cleanCursor = "store.clean_bodies_after"

// cleanBodies is migration 13: the bodies written before it kept the
// resume object as received; it cleans each (cleanRaw), as the write path
// now does, a batch of resumes in id order per transaction. Each batch
// records how far it got in the same transaction, so a run killed half way
// leaves a consistent file and the next Open goes on from there; the batch
// that finds nothing left sets the version. Only the frames whose object
// changes are written again: a resume as the service sends it is nearly
// always clean and compact already.
func cleanBodies(ctx context.Context, db *sql.DB, version int, opt *Options) error {
	return inBatches(ctx, db, version, opt, cleanBatch)
}

type storedFrame struct {
	resumeID int64
	frame    []byte
}

func cleanBatch(ctx context.Context, db *sql.DB, version, batch int) (done bool, err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	// Another process opening the file may have finished the step.
	if v, _, err := versionOf(ctx, tx); err != nil || v >= version {
		return err == nil, err
	}
	after, err := cleanedUpTo(ctx, tx)
	if err != nil {
		return false, err
	}
	frames, err := readFrames(ctx, tx, after, batch)
	if err != nil {
		return false, err
	}
	if len(frames) == 0 {
		if _, err := tx.ExecContext(ctx, "DELETE FROM sync_meta WHERE key = ?", cleanCursor); err != nil {
			return false, err
		}
		if err := setVersion(ctx, tx, version); err != nil {
			return false, err
		}
		return true, tx.Commit()
	}
	upd, err := tx.PrepareContext(ctx, "UPDATE entry_frames SET body = ? WHERE resume_id = ?")
	if err != nil {
		return false, err
	}
	for _, f := range frames {
		b, err := decodeBody(f.frame)
		if err != nil {
			// Left as it is: reading it says it is damaged, and the
			// next sync of the resume writes it anew.
			continue
		}
		clean := cleanRaw(b.raw)
		if bytes.Equal(clean, b.raw) {
			continue
		}
		b.raw = clean
		if _, err := upd.ExecContext(ctx, encodeBody(b), f.resumeID); err != nil {
			return false, fmt.Errorf("resume %d: %w", f.resumeID, err)
		}
	}
	last := strconv.FormatInt(frames[len(frames)-1].resumeID, 10)
	if _, err := tx.ExecContext(ctx, `INSERT INTO sync_meta (key, value) VALUES (?, ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value`, cleanCursor, last); err != nil {
		return false, err
	}
	return false, tx.Commit()
}

// cleanedUpTo is the last resume id an earlier, interrupted run cleaned
// (0: none).
func cleanedUpTo(ctx context.Context, tx *sql.Tx) (int64, error) {
	var v string
	err := tx.QueryRowContext(ctx, "SELECT value FROM sync_meta WHERE key = ?", cleanCursor).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	return strconv.ParseInt(v, 10, 64)
}

func readFrames(ctx context.Context, tx *sql.Tx, after int64, batch int) ([]storedFrame, error) {
	rows, err := tx.QueryContext(ctx, "SELECT resume_id, body FROM entry_frames WHERE resume_id > ? ORDER BY resume_id LIMIT ?", after, batch)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []storedFrame
	for rows.Next() {
		var f storedFrame
		if err := rows.Scan(&f.resumeID, &f.frame); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}
