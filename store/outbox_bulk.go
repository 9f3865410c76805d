package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
)

// A bulk action (500 marked resumes, one key) runs the same few statements
// once per resume. Run as plain Exec calls, each was compiled anew every
// time, with the triggers its write to entries fires (the folder counts,
// the overview's counts and days): 419 ms until the counts changed, the
// undo 477 ms (issue 28 §7). bulkStmts prepares them once per transaction,
// and the optimistic change of an action that moves its resume is one
// write instead of two.

// actOnFolderSQL is applyOptimistic for an action that moves resume ?1:
// not new any more (the recruiter acted on it) and shown in the folder of
// its newest unfinished action, in one write, so the triggers fire once.
var actOnFolderSQL = "UPDATE entries SET is_new = 0, " + strings.TrimPrefix(refreshFolderSQL, "UPDATE entries SET ")

type bulkStmts struct {
	folder   *sql.Stmt // the shown folder before the action
	insert   *sql.Stmt // the outbox entry
	actOn    *sql.Stmt // actOnFolderSQL
	refresh  *sql.Stmt // refreshFolderSQL
	cancel   *sql.Stmt // an undone action
	takeBack *sql.Stmt // an action of a unit taken back (UndoUnit), dismissed or not
	prepared []*sql.Stmt
}

func prepareBulk(ctx context.Context, tx *sql.Tx) (*bulkStmts, error) {
	b := &bulkStmts{}
	for _, p := range []struct {
		to    **sql.Stmt
		query string
	}{
		{&b.folder, "SELECT folder FROM entries WHERE resume_id = ?"},
		{&b.insert, `INSERT INTO outbox (resume_id, kind, payload, state, new_folder, prev_folder,
			batch, not_before, created_at, updated_at) VALUES (?, ?, ?, 'pending', nullif(?, ''), ?, ?, ?, ?, ?)`},
		{&b.actOn, actOnFolderSQL},
		{&b.refresh, refreshFolderSQL},
		{&b.cancel, "UPDATE outbox SET state = 'cancelled', updated_at = ? WHERE id = ?"},
		{&b.takeBack, "UPDATE outbox SET state = 'cancelled', dismissed = ?, updated_at = ? WHERE id = ?"},
	} {
		st, err := tx.PrepareContext(ctx, p.query)
		if err != nil {
			b.close()
			return nil, err
		}
		*p.to = st
		b.prepared = append(b.prepared, st)
	}
	return b, nil
}

func (b *bulkStmts) close() {
	for _, st := range b.prepared {
		st.Close()
	}
}

// apply is applyOptimistic with the prepared statements.
func (b *bulkStmts) apply(ctx context.Context, tx *sql.Tx, a *Action, now int64) error {
	if a.Kind == ActionCommentAdd || a.Kind == ActionCommentDelete || newFolderOf(a.Kind, a.Payload) == "" {
		return applyOptimistic(ctx, tx, a, now)
	}
	_, err := b.actOn.ExecContext(ctx, a.ResumeID)
	return err
}

// rollback is rollbackOptimistic with the prepared statements.
func (b *bulkStmts) rollback(ctx context.Context, tx *sql.Tx, a *Action) error {
	if a.Kind == ActionCommentAdd || a.Kind == ActionCommentDelete || newFolderOf(a.Kind, a.Payload) == "" {
		return rollbackOptimistic(ctx, tx, a)
	}
	_, err := b.refresh.ExecContext(ctx, a.ResumeID)
	return err
}

// A bulk of 500 as 500 rounds of the same statements made SQLite save, for
// every one, the pages the statements before it had changed (its
// statement journal: the folder counts' pages, the indexes' upper pages,
// 16 KiB each): 54% of a bulk's CPU in a profile went to writing them. A
// bulk of distinct resumes is queued, and undone, in one statement per
// step instead (enqueueSet, cancelSet), each page saved once.

// setRows is the actions as the JSON array enqueueSet reads row by row.
func setRows(actions []Action, payloads []string) (string, bool) {
	type row = [5]any // resume id, kind, payload, new folder, not before
	rows := make([]row, len(actions))
	seen := make(map[int64]bool, len(actions))
	for i, a := range actions {
		if seen[a.ResumeID] {
			// A resume twice: the second's folder before it is the first's
			// after it, which only the rounds one by one give.
			return "", false
		}
		seen[a.ResumeID] = true
		rows[i] = row{a.ResumeID, string(a.Kind), payloads[i], newFolderOf(a.Kind, a.Payload), unix(a.NotBefore)}
	}
	b, err := json.Marshal(rows)
	return string(b), err == nil
}

// refreshFoldersSQL is actOnFolderSQL for the resumes of the JSON array ?1.
var refreshFoldersSQL = strings.Replace(strings.ReplaceAll(actOnFolderSQL, "?1", "entries.resume_id"),
	"WHERE resume_id = entries.resume_id", "WHERE resume_id IN (SELECT value FROM json_each(?1))", 1)

// rollbackFoldersSQL is refreshFolderSQL for the resumes of the JSON array ?1.
var rollbackFoldersSQL = strings.Replace(strings.ReplaceAll(refreshFolderSQL, "?1", "entries.resume_id"),
	"WHERE resume_id = entries.resume_id", "WHERE resume_id IN (SELECT value FROM json_each(?1))", 1)

// enqueueSet is enqueueTx for a bulk of distinct resumes; ok is false when
// the actions must go one by one. The ids of one INSERT … SELECT are
// consecutive (AUTOINCREMENT, one writer), in the array's order.
func enqueueSet(ctx context.Context, tx *sql.Tx, actions []Action, payloads []string, now int64) (ids []int64, ok bool, err error) {
	rows, ok := setRows(actions, payloads)
	if !ok || len(actions) < 2 {
		return nil, false, nil
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO outbox (resume_id, kind, payload, state, new_folder, prev_folder,
		batch, not_before, created_at, updated_at)
		SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, 'pending', nullif(j.value ->> 3, ''),
			coalesce((SELECT e.folder FROM entries e WHERE e.resume_id = j.value ->> 0), ''), 0, j.value ->> 4, ?2, ?2
		FROM json_each(?1) j ORDER BY j.key`, rows, now)
	if err != nil {
		return nil, true, err
	}
	last, err := res.LastInsertId()
	if err != nil {
		return nil, true, err
	}
	first := last - int64(len(actions)) + 1
	// The batch is named after its first action.
	if _, err := tx.ExecContext(ctx, "UPDATE outbox SET batch = ?1 WHERE id BETWEEN ?1 AND ?2", first, last); err != nil {
		return nil, true, err
	}
	prev, err := tx.QueryContext(ctx, "SELECT id, resume_id, prev_folder FROM outbox WHERE id BETWEEN ? AND ? ORDER BY id", first, last)
	if err != nil {
		return nil, true, err
	}
	defer prev.Close()
	ids = make([]int64, 0, len(actions))
	for prev.Next() {
		a := &actions[len(ids)]
		var id, resume int64
		if err := prev.Scan(&id, &resume, &a.PrevFolder); err != nil {
			return nil, true, err
		}
		if resume != a.ResumeID {
			return nil, true, fmt.Errorf("outbox: action %d is resume %d's, not %d's", id, resume, a.ResumeID)
		}
		a.ID, a.State, a.Batch, a.NewFolder = id, StatePending, first, newFolderOf(a.Kind, a.Payload)
		ids = append(ids, id)
	}
	if err := prev.Err(); err != nil {
		return nil, true, err
	}
	if len(ids) != len(actions) {
		return nil, true, fmt.Errorf("outbox: %d of %d actions queued", len(ids), len(actions))
	}
	prev.Close()
	var moving []int64
	for i := range actions {
		a := &actions[i]
		if a.Kind == ActionCommentAdd || a.Kind == ActionCommentDelete || a.NewFolder == "" {
			if err := applyOptimistic(ctx, tx, a, now); err != nil {
				return nil, true, err
			}
			continue
		}
		moving = append(moving, a.ResumeID)
	}
	return ids, true, foldersOf(ctx, tx, refreshFoldersSQL, moving)
}

// foldersOf runs a folders statement (refreshFoldersSQL, rollbackFoldersSQL)
// for the resumes.
func foldersOf(ctx context.Context, tx *sql.Tx, query string, resumes []int64) error {
	if len(resumes) == 0 {
		return nil
	}
	b, err := json.Marshal(resumes)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, query, string(b))
	return err
}

// cancelSet cancels two or more pending actions in one statement (dismiss:
// 0 or 1 sets the flag, -1 leaves it) and rolls their changes to the cache
// back, the folders in one more; it sets each action's state.
func cancelSet(ctx context.Context, tx *sql.Tx, pending []*Action, now int64, dismiss int) error {
	ids := make([]int64, len(pending))
	for i, a := range pending {
		ids[i] = a.ID
	}
	list, err := json.Marshal(ids)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE outbox SET state = 'cancelled', updated_at = ?2,
		dismissed = CASE WHEN ?3 < 0 THEN dismissed ELSE ?3 END WHERE id IN (SELECT value FROM json_each(?1))`,
		string(list), now, dismiss); err != nil {
		return err
	}
	var moving []int64
	for _, a := range pending {
		a.State = StateCancelled
		if dismiss >= 0 {
			a.Dismissed = dismiss == 1
		}
		if a.Kind == ActionCommentAdd || a.Kind == ActionCommentDelete || newFolderOf(a.Kind, a.Payload) == "" {
			if err := rollbackOptimistic(ctx, tx, a); err != nil {
				return err
			}
			continue
		}
		moving = append(moving, a.ResumeID)
	}
	return foldersOf(ctx, tx, rollbackFoldersSQL, moving)
}
