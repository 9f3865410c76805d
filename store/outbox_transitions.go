package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"hrdesk/textsafe"
)

// transition moves action id from one of the states in from to state to,
// with msg as its error text, and runs effect in the same transaction.
func (s *Store) transition(ctx context.Context, id int64, from []ActionState, to ActionState, msg string,
	effect func(tx *sql.Tx, a *Action, now int64) error) error {
	now := s.now().Unix()
	err := s.write(ctx, func(tx *sql.Tx) error {
		a, err := scanAction(tx.QueryRowContext(ctx, "SELECT "+actionColumns+" FROM outbox WHERE id = ?", id))
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: action %d", ErrNotFound, id)
		}
		if err != nil {
			return err
		}
		if !slices.Contains(from, a.State) {
			return fmt.Errorf("%w: action %d is %s, not %v", ErrStateConflict, id, a.State, from)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE outbox SET state = ?, error = ?, updated_at = ? WHERE id = ?`,
			string(to), msg, now, id); err != nil {
			return err
		}
		a.State = to
		if effect != nil {
			return effect(tx, &a, now)
		}
		return nil
	})
	if err != nil && !errors.Is(err, ErrStateConflict) && !errors.Is(err, ErrNotFound) {
		return fmt.Errorf("store: action %d → %s: %w", id, to, err)
	}
	return err
}

// MarkInFlight claims a pending action for sending. It fails with
// ErrStateConflict when the action is not pending (another process took it,
// or the user cancelled it) or an earlier action of its resume is unfinished.
func (s *Store) MarkInFlight(ctx context.Context, id int64) error {
	return s.transition(ctx, id, []ActionState{StatePending}, StateInFlight, "",
		func(tx *sql.Tx, a *Action, now int64) error {
			var blocked bool
			if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM outbox WHERE resume_id = ? AND id < ?
				AND state IN ('pending', 'in_flight', 'unknown'))`, a.ResumeID, a.ID).Scan(&blocked); err != nil {
				return err
			}
			if blocked {
				return fmt.Errorf("%w: action %d waits behind an earlier action of resume %d", ErrStateConflict, a.ID, a.ResumeID)
			}
			_, err := tx.ExecContext(ctx, "UPDATE outbox SET attempts = attempts + 1 WHERE id = ?", a.ID)
			return err
		})
}

// MarkDone records that the server accepted the action: the optimistic
// change becomes the server state until the next sync says otherwise.
func (s *Store) MarkDone(ctx context.Context, id int64) error {
	return s.transition(ctx, id, []ActionState{StateInFlight}, StateDone, "",
		func(tx *sql.Tx, a *Action, now int64) error { return confirmOptimistic(ctx, tx, a, nil) })
}

// MarkCommentAdded is MarkDone for a comment_add, with the comment the
// server created (4.9 answers 201 with id, text, author, date): it replaces
// the local placeholder.
func (s *Store) MarkCommentAdded(ctx context.Context, id int64, c Comment) error {
	return s.transition(ctx, id, []ActionState{StateInFlight}, StateDone, "",
		func(tx *sql.Tx, a *Action, now int64) error {
			if a.Kind != ActionCommentAdd {
				return fmt.Errorf("%w: action %d is a %s", ErrStateConflict, a.ID, a.Kind)
			}
			return confirmOptimistic(ctx, tx, a, &c)
		})
}

// MarkFailed records the server's refusal and rolls the optimistic change back.
func (s *Store) MarkFailed(ctx context.Context, id int64, msg string) error {
	return s.transition(ctx, id, []ActionState{StateInFlight}, StateFailed, textsafe.Clean(msg),
		func(tx *sql.Tx, a *Action, now int64) error { return rollbackOptimistic(ctx, tx, a) })
}

// MarkUnknown records an ambiguous outcome (timeout, connection lost after
// sending). The optimistic change stays; the action is never re-sent
// automatically: the user chooses Retry or Dismiss.
func (s *Store) MarkUnknown(ctx context.Context, id int64, msg string) error {
	return s.transition(ctx, id, []ActionState{StateInFlight}, StateUnknown, textsafe.Clean(msg), nil)
}

// Cancel withdraws a pending action and rolls its optimistic change back.
func (s *Store) Cancel(ctx context.Context, id int64) error {
	return s.transition(ctx, id, []ActionState{StatePending}, StateCancelled, "",
		func(tx *sql.Tx, a *Action, now int64) error { return rollbackOptimistic(ctx, tx, a) })
}

// Retry puts a failed or unknown action back in the queue (keeping its place
// in its resume's order) and re-applies its optimistic change.
func (s *Store) Retry(ctx context.Context, id int64) error {
	return s.transition(ctx, id, []ActionState{StateFailed, StateUnknown}, StatePending, "",
		func(tx *sql.Tx, a *Action, now int64) error {
			if _, err := tx.ExecContext(ctx, "UPDATE outbox SET dismissed = 0 WHERE id = ?", a.ID); err != nil {
				return err
			}
			return applyOptimistic(ctx, tx, a, now)
		})
}

// Dismiss clears the marker of a failed action, or gives up on an unknown
// one (rolling its optimistic change back: the next sync shows the truth).
func (s *Store) Dismiss(ctx context.Context, id int64) error {
	a, err := s.Action(ctx, id)
	if err != nil {
		return err
	}
	dismissed := func(tx *sql.Tx, a *Action, now int64) error {
		_, err := tx.ExecContext(ctx, "UPDATE outbox SET dismissed = 1 WHERE id = ?", a.ID)
		return err
	}
	if a.State == StateFailed {
		return s.transition(ctx, id, []ActionState{StateFailed}, StateFailed, a.Error, dismissed)
	}
	return s.transition(ctx, id, []ActionState{StateUnknown}, StateCancelled, a.Error,
		func(tx *sql.Tx, a *Action, now int64) error {
			if err := dismissed(tx, a, now); err != nil {
				return err
			}
			return rollbackOptimistic(ctx, tx, a)
		})
}

// UndoLastMove cancels the newest move or later action while it is still
// pending; ErrStateConflict once it is being sent or sent, ErrNotFound when
// there is none.
func (s *Store) UndoLastMove(ctx context.Context) (Action, error) {
	var id int64
	err := s.r.QueryRowContext(ctx, `SELECT id FROM outbox WHERE kind IN ('move', 'later') AND state <> 'cancelled'
		ORDER BY id DESC LIMIT 1`).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return Action{}, fmt.Errorf("%w: no move to undo", ErrNotFound)
	}
	if err != nil {
		return Action{}, fmt.Errorf("store: undo: %w", err)
	}
	if err := s.Cancel(ctx, id); err != nil {
		return Action{}, err
	}
	return s.Action(ctx, id)
}

// RecoverInFlight settles actions left in flight by a process that died
// while sending: idempotent kinds go back to pending, the others become
// unknown. Call it when this process starts sending (holding the sync lease,
// see AcquireLease), never while another live process may be sending.
func (s *Store) RecoverInFlight(ctx context.Context) (requeued, unknown int, err error) {
	now := s.now().Unix()
	err = s.write(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, "SELECT id, kind FROM outbox WHERE state = 'in_flight'")
		if err != nil {
			return err
		}
		var idem, non []int64
		for rows.Next() {
			var id int64
			var kind ActionKind
			if err := rows.Scan(&id, &kind); err != nil {
				rows.Close()
				return err
			}
			if kind.Idempotent() {
				idem = append(idem, id)
			} else {
				non = append(non, id)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, id := range idem {
			if _, err := tx.ExecContext(ctx, `UPDATE outbox SET state = 'pending', updated_at = ? WHERE id = ?`, now, id); err != nil {
				return err
			}
		}
		for _, id := range non {
			if _, err := tx.ExecContext(ctx, `UPDATE outbox SET state = 'unknown', updated_at = ?,
				error = 'interrupted while sending: it may or may not have reached the server' WHERE id = ?`, now, id); err != nil {
				return err
			}
		}
		requeued, unknown = len(idem), len(non)
		return nil
	})
	if err != nil {
		return 0, 0, fmt.Errorf("store: recover in-flight actions: %w", err)
	}
	return requeued, unknown, nil
}
