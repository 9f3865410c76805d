package store

import (
	"context"
	"database/sql"
	"fmt"
)

// compressBodies is migration 7: it moves every row of the old
// entry_bodies (skills, work_history, raw_json as text) into entry_frames
// (one compressed frame, body.go), a batch per transaction. A batch deletes
// what it moved, so a run killed half way leaves a consistent file and the
// next Open moves the rest; the batch that finds nothing left sets the
// version. The space the old rows held is reused by the new ones as they
// go, and given back by the VACUUM after migration 8.
func compressBodies(ctx context.Context, db *sql.DB, version int, opt *Options) error {
	return inBatches(ctx, db, version, opt, compressBatch)
}

// inBatches runs a Go migration's batch until one says it is done: each
// batch is its own transaction, the last one sets the version (so a run
// killed half way goes on from the next batch at the next Open). Tests
// set the batch size and look in between (Options.bodyBatch,
// afterBodyBatch).
func inBatches(ctx context.Context, db *sql.DB, version int, opt *Options,
	batchStep func(ctx context.Context, db *sql.DB, version, batch int) (done bool, err error)) error {
	batch := opt.bodyBatch
	if batch <= 0 {
		batch = 1000
	}
	for {
		done, err := batchStep(ctx, db, version, batch)
		if err != nil || done {
			return err
		}
		if opt.afterBodyBatch != nil {
			if err := opt.afterBodyBatch(); err != nil {
				return err
			}
		}
	}
}

type oldBody struct {
	resumeID             int64
	skills, work, rawTxt string
}

func compressBatch(ctx context.Context, db *sql.DB, version, batch int) (done bool, err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	// Another process opening the file may have finished the step.
	if v, _, err := versionOf(ctx, tx); err != nil || v >= version {
		return err == nil, err
	}
	olds, err := readOldBodies(ctx, tx, batch)
	if err != nil {
		return false, err
	}
	if len(olds) == 0 {
		if err := setVersion(ctx, tx, version); err != nil {
			return false, err
		}
		return true, tx.Commit()
	}
	ins, err := tx.PrepareContext(ctx, "INSERT INTO entry_frames (resume_id, body) VALUES (?, ?) ON CONFLICT (resume_id) DO NOTHING")
	if err != nil {
		return false, err
	}
	del, err := tx.PrepareContext(ctx, "DELETE FROM entry_bodies WHERE resume_id = ?")
	if err != nil {
		return false, err
	}
	for _, o := range olds {
		frame := encodeBody(body{raw: []byte(o.rawTxt), skills: o.skills, workHistory: o.work})
		if _, err := ins.ExecContext(ctx, o.resumeID, frame); err != nil {
			return false, fmt.Errorf("resume %d: %w", o.resumeID, err)
		}
		if _, err := del.ExecContext(ctx, o.resumeID); err != nil {
			return false, fmt.Errorf("resume %d: %w", o.resumeID, err)
		}
	}
	return false, tx.Commit()
}

func readOldBodies(ctx context.Context, tx *sql.Tx, batch int) ([]oldBody, error) {
	rows, err := tx.QueryContext(ctx, "SELECT resume_id, skills, work_history, raw_json FROM entry_bodies LIMIT ?", batch)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []oldBody
	for rows.Next() {
		var o oldBody
		if err := rows.Scan(&o.resumeID, &o.skills, &o.work, &o.rawTxt); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}
