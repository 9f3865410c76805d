package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// A snooze taken back (issue 28 §2, "undo for every slip"): z (or the
// dialog's "wake now") returns the resumes' snoozes as they stood before
// it, and u puts them back from that. The prior state lives in the
// workstation's memory, with the status line's offer, not in the cache:
// the offer ends with the next thing said or a restart, as a move's does,
// so a table of prior states would only hold rows no one can reach.

// SnoozeState is one resume's snooze as it stood: Until zero when it had
// none (neither snoozed nor woken), and the resume's folder and new flag,
// which the workstation moves its counts by at once.
type SnoozeState struct {
	ResumeID     int64
	Until, Since time.Time
	Folder       string
	IsNew        bool
}

// Hidden says whether the resume is out of the lists at now: snoozed, its
// time not come.
func (z SnoozeState) Hidden(now time.Time) bool { return z.Until.After(now) }

// Resnoozed is what a z did: the resumes' snoozes before it (in the order
// they were named) and the moment it set, zero for "wake now".
type Resnoozed struct {
	Before []SnoozeState
	Until  time.Time
}

// Slip is what u takes back: a unit queued in the outbox (its ids: one
// resume or a bulk), or a snooze; empty: the newest move or letter still
// waiting in the outbox.
type Slip struct {
	Outbox []int64
	Snooze Resnoozed
}

// Resnooze puts ids aside until until as of now (a response after now
// wakes them), or, until zero, ends their snooze and woken mark; a resume
// snoozed already takes the new time. It returns what stood before, in one
// transaction with the change: what RestoreSnoozes puts back.
func (s *Store) Resnooze(ctx context.Context, ids []int64, until, now time.Time) (Resnoozed, error) {
	out := Resnoozed{Until: until}
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		if out.Before, err = snoozeStates(ctx, tx, ids); err != nil {
			return err
		}
		if until.IsZero() {
			return endSnoozes(ctx, tx, ids)
		}
		return setSnoozes(ctx, tx, ids, func(int64) (int64, int64) { return unix(until), unix(now) })
	})
	if err != nil {
		return Resnoozed{}, fmt.Errorf("store: snooze: %w", err)
	}
	return out, nil
}

// RestoreSnoozes puts snoozes back as they stood (Resnooze's Before), in
// one transaction: one with none is unsnoozed (its woken mark gone too),
// the others take their earlier time and start again.
func (s *Store) RestoreSnoozes(ctx context.Context, before []SnoozeState) error {
	var gone, back []int64
	was := make(map[int64]SnoozeState, len(before))
	for _, z := range before {
		if z.Until.IsZero() {
			gone = append(gone, z.ResumeID)
		} else {
			back = append(back, z.ResumeID)
			was[z.ResumeID] = z
		}
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		if err := endSnoozes(ctx, tx, gone); err != nil {
			return err
		}
		return setSnoozes(ctx, tx, back, func(id int64) (int64, int64) { return unix(was[id].Until), unix(was[id].Since) })
	})
	if err != nil {
		return fmt.Errorf("store: snooze taken back: %w", err)
	}
	return nil
}

// endSnoozes deletes ids' snoozes and woken marks.
func endSnoozes(ctx context.Context, tx *sql.Tx, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM snoozes WHERE resume_id IN (SELECT value FROM json_each(?))`, idList(ids))
	return err
}

// setSnoozes writes each of ids' snooze (until, since).
func setSnoozes(ctx context.Context, tx *sql.Tx, ids []int64, at func(int64) (until, since int64)) error {
	if len(ids) == 0 {
		return nil
	}
	st, err := tx.PrepareContext(ctx, `INSERT INTO snoozes (resume_id, until, since) VALUES (?, ?, ?)
		ON CONFLICT (resume_id) DO UPDATE SET until = excluded.until, since = excluded.since`)
	if err != nil {
		return err
	}
	defer st.Close()
	for _, id := range ids {
		until, since := at(id)
		if _, err := st.ExecContext(ctx, id, until, since); err != nil {
			return err
		}
	}
	return nil
}

// snoozeStates reads ids' snoozes as they stand, in ids' order; a resume
// the cache does not hold comes back with none.
func snoozeStates(ctx context.Context, tx *sql.Tx, ids []int64) ([]SnoozeState, error) {
	rows, err := tx.QueryContext(ctx, `SELECT j.value, coalesce(z.until, 0), coalesce(z.since, 0), coalesce(e.folder, ''), coalesce(e.is_new, 0)
		FROM json_each(?) j LEFT JOIN snoozes z ON z.resume_id = j.value LEFT JOIN entries e ON e.resume_id = j.value`, idList(ids))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	by := make(map[int64]SnoozeState, len(ids))
	for rows.Next() {
		var z SnoozeState
		var until, since int64
		if err := rows.Scan(&z.ResumeID, &until, &since, &z.Folder, &z.IsNew); err != nil {
			return nil, err
		}
		z.Until, z.Since = fromUnix(until), fromUnix(since)
		by[z.ResumeID] = z
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]SnoozeState, 0, len(ids))
	for _, id := range ids {
		if z, ok := by[id]; ok {
			out = append(out, z)
		}
	}
	return out, nil
}

// Undo takes back what u names (issue 28 §2): a snooze, put back as it
// stood; a queued unit (UndoUnit); or, with neither, the newest move or
// letter still waiting in the outbox (UndoLast).
func (s *Store) Undo(ctx context.Context, slip Slip) (Undone, error) {
	switch {
	case len(slip.Snooze.Before) > 0:
		if err := s.RestoreSnoozes(ctx, slip.Snooze.Before); err != nil {
			return Undone{}, err
		}
		return Undone{Snooze: slip.Snooze}, nil
	case len(slip.Outbox) > 0:
		return s.UndoUnit(ctx, slip.Outbox)
	}
	return s.UndoLast(ctx)
}
