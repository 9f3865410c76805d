package store

import (
	"context"
	"database/sql"
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
