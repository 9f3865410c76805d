package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

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
			if a.NotBefore.Unix() > now {
				// Its undo window is still open: the recruiter may take it back.
				return fmt.Errorf("%w: action %d is held until %s", ErrStateConflict, a.ID, a.NotBefore.Format(time.TimeOnly))
			}
			_, err := tx.ExecContext(ctx, "UPDATE outbox SET attempts = attempts + 1 WHERE id = ?", a.ID)
			return err
		})
}

// MarkDone records that the server accepted the action: the optimistic
// change becomes the server state until the next sync says otherwise.
func (s *Store) MarkDone(ctx context.Context, id int64) error {
	return s.transition(ctx, id, []ActionState{StateInFlight}, StateDone, "",
		func(tx *sql.Tx, a *Action, now int64) error { return confirmOptimistic(ctx, tx, a, nil, now) })
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
			return confirmOptimistic(ctx, tx, a, &c, now)
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

// UndoLastMove is UndoLast for moves alone; it returns the first action
// taken back. Kept for callers that undo only moves.
func (s *Store) UndoLastMove(ctx context.Context) (Action, error) {
	u, err := s.UndoLast(ctx, ActionMove, ActionLater)
	if err != nil {
		return Action{}, err
	}
	return u.Actions[0], nil
}

// Undone is what UndoLast or UndoUnit took back.
type Undone struct {
	Actions []Action // cancelled, their changes to the cache rolled back
	Gone    int      // of the same bulk, already sent or being sent, for good
	// Back are the moves UndoUnit queued, one unit, to take moves that
	// had left back to the folders they came from.
	Back []Action
	// Snooze is the snooze put back as it stood (Store.Undo of a Slip).
	Snooze Resnoozed
}

// UndoLast takes back the newest action of the given kinds (moves and
// letters by default, not comments) together with the rest of its bulk, in
// one transaction: whatever of it is still pending — a letter in its undo
// window included — is cancelled. ErrStateConflict when all of it has
// already left, ErrNotFound when there is nothing to undo.
func (s *Store) UndoLast(ctx context.Context, kinds ...ActionKind) (Undone, error) {
	if len(kinds) == 0 {
		kinds = []ActionKind{ActionMove, ActionLater, ActionInvite, ActionReject, ActionSendMail, ActionMailTo}
	}
	args := make([]any, len(kinds))
	for i, k := range kinds {
		args[i] = string(k)
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(kinds)), ", ")
	var u Undone
	err := s.write(ctx, func(tx *sql.Tx) error {
		var id, batch int64
		// A bulk undone in part (some of it had left) is done with: the
		// next undo reaches the action before it.
		err := tx.QueryRowContext(ctx, `SELECT id, batch FROM outbox o WHERE kind IN (`+marks+`) AND state <> 'cancelled'
			AND (batch = 0 OR NOT EXISTS (SELECT 1 FROM outbox c WHERE c.batch = o.batch AND c.state = 'cancelled'))
			ORDER BY id DESC LIMIT 1`, args...).Scan(&id, &batch)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: nothing to undo", ErrNotFound)
		}
		if err != nil {
			return err
		}
		query, qargs := "SELECT "+actionColumns+" FROM outbox WHERE id = ?", []any{id}
		if batch != 0 {
			query, qargs = "SELECT "+actionColumns+" FROM outbox WHERE batch = ? ORDER BY id", []any{batch}
		}
		rows, err := tx.QueryContext(ctx, query, qargs...)
		if err != nil {
			return err
		}
		var all []Action
		for rows.Next() {
			a, err := scanAction(rows)
			if err != nil {
				rows.Close()
				return err
			}
			all = append(all, a)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		now := s.now().Unix()
		b, err := prepareBulk(ctx, tx)
		if err != nil {
			return err
		}
		defer b.close()
		var pending []*Action
		for i := range all {
			a := &all[i]
			switch a.State {
			case StateCancelled:
				continue
			case StatePending:
			default:
				u.Gone++
				continue
			}
			pending = append(pending, a)
		}
		if len(pending) > 1 {
			if err := cancelSet(ctx, tx, pending, now, -1); err != nil {
				return err
			}
		}
		for _, a := range pending {
			if len(pending) == 1 {
				if _, err := b.cancel.ExecContext(ctx, now, a.ID); err != nil {
					return err
				}
				a.State = StateCancelled
				if err := b.rollback(ctx, tx, a); err != nil {
					return err
				}
			}
			u.Actions = append(u.Actions, *a)
		}
		if len(u.Actions) == 0 {
			return fmt.Errorf("%w: action %d has already been sent", ErrStateConflict, id)
		}
		return nil
	})
	if err != nil && !errors.Is(err, ErrStateConflict) && !errors.Is(err, ErrNotFound) {
		return u, fmt.Errorf("store: undo: %w", err)
	}
	return u, err
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

// ReleaseHeld ends the undo window of the given actions still pending:
// they may leave with the next push (the workstation closing sends the
// letters it holds rather than leave them waiting for another start). It
// returns how many it released.
func (s *Store) ReleaseHeld(ctx context.Context, ids []int64) (int, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	args := make([]any, 0, len(ids)+1)
	args = append(args, s.now().Unix())
	for _, id := range ids {
		args = append(args, id)
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE outbox SET not_before = 0, updated_at = ? WHERE state = 'pending'
			AND not_before > 0 AND id IN (`+marks+`)`, args...)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: release held actions: %w", err)
	}
	return int(n), nil
}
