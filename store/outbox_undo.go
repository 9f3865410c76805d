package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
)

// UndoUnit takes back the actions ids, queued together as one unit (one
// resume or a bulk), in one transaction (issue 28 §2: `l` by mistake,
// online, had left before u was pressed):
//   - a pending one is cancelled, its change to the cache rolled back;
//   - a move or later that has left (in flight or done) is moved back to
//     the folder it came from by a new move, queued behind it; the new
//     moves are one unit of their own (Undone.Back);
//   - a move or later whose outcome is unknown is given up (as Dismiss
//     does) and moved back too: a move sent twice does no harm;
//   - a letter or comment that has left cannot come back (Gone), and a
//     refused or cancelled action changed nothing.
//
// ErrStateConflict when all of it has left for good, ErrNotFound when
// nothing of ids is left to take back.
func (s *Store) UndoUnit(ctx context.Context, ids []int64) (Undone, error) {
	var u Undone
	now := s.now().Unix()
	err := s.write(ctx, func(tx *sql.Tx) error {
		unit, err := actionsIn(ctx, tx, ids)
		if err != nil {
			return err
		}
		// A bulk of 500 runs the same statements 500 times (outbox_bulk.go).
		b, err := prepareBulk(ctx, tx)
		if err != nil {
			return err
		}
		defer b.close()
		var back []Action
		// The pending ones are cancelled together (outbox_bulk.go).
		var pending []*Action
		wasPending := make([]bool, len(unit))
		for i := range unit {
			if unit[i].State == StatePending {
				pending, wasPending[i] = append(pending, &unit[i]), true
			}
		}
		if len(pending) > 1 {
			if err := cancelSet(ctx, tx, pending, now, 0); err != nil {
				return err
			}
		}
		for i := range unit {
			a := &unit[i]
			switch {
			case wasPending[i]:
				if len(pending) == 1 {
					if err := cancelTx(ctx, tx, b, a, now, false); err != nil {
						return err
					}
				}
				u.Actions = append(u.Actions, *a)
			case a.State == StateCancelled || a.State == StateFailed:
				// Nothing of it stands in the cache or on the server.
			case !movesBack(*a):
				u.Gone++
			default:
				if a.State == StateUnknown {
					if err := cancelTx(ctx, tx, b, a, now, true); err != nil {
						return err
					}
				}
				back = append(back, Action{ResumeID: a.ResumeID, Kind: ActionMove, Payload: ActionPayload{Folder: a.PrevFolder}})
			}
		}
		if len(back) > 0 {
			payloads, err := preparePayloads(back)
			if err != nil {
				return err
			}
			if _, err := enqueueTx(ctx, tx, back, payloads, now); err != nil {
				return err
			}
			u.Back = back
		}
		switch {
		case len(u.Actions)+len(u.Back) > 0:
			return nil
		case u.Gone > 0:
			return fmt.Errorf("%w: actions %v have already been sent", ErrStateConflict, ids)
		}
		return fmt.Errorf("%w: nothing of actions %v to undo", ErrNotFound, ids)
	})
	if err != nil && !errors.Is(err, ErrStateConflict) && !errors.Is(err, ErrNotFound) {
		return Undone{}, fmt.Errorf("store: undo: %w", err)
	}
	if err != nil {
		return Undone{}, err
	}
	return u, nil
}

// movesBack says a that has left can be taken back by a move: it moved
// the resume (not a letter, whose text cannot be unsent) out of a folder
// a move can name again.
func movesBack(a Action) bool {
	if a.Kind != ActionMove && a.Kind != ActionLater {
		return false
	}
	return ValidFolder(a.PrevFolder) && a.PrevFolder != a.NewFolder
}

// cancelTx cancels a (dismissed: given up on an unknown outcome) and rolls
// its change to the cache back.
func cancelTx(ctx context.Context, tx *sql.Tx, b *bulkStmts, a *Action, now int64, dismissed bool) error {
	flag := 0
	if dismissed {
		flag = 1
	}
	if _, err := b.takeBack.ExecContext(ctx, flag, now, a.ID); err != nil {
		return err
	}
	a.State, a.Dismissed = StateCancelled, dismissed
	return b.rollback(ctx, tx, a)
}

// actionsIn reads the actions ids inside tx, oldest first.
func actionsIn(ctx context.Context, tx *sql.Tx, ids []int64) ([]Action, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	// One argument, not one per id: a bulk's 500 were parsed and bound one
	// by one on every undo.
	list, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	rows, err := tx.QueryContext(ctx, "SELECT "+actionColumns+" FROM outbox WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id",
		string(list))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Action
	for rows.Next() {
		a, err := scanAction(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}
