package store

import (
	"context"
	"database/sql"
	"strings"

	"hrdesk/textsafe"
)

// The optimistic side of the outbox: what an action changes in the cache
// when it is enqueued, how that is undone when it fails or is cancelled,
// and how it becomes server state when it is done.
//
// The shown folder is never restored from a saved value: it is recomputed
// as "the newest unfinished action's folder, else the server's folder", so
// interleaved moves, retries and sync upserts always land on the right one.

// refreshFolderSQL recomputes the shown folder of resume ?1. A missing
// entry (no longer listed by the server) stays hidden unless a local
// action shows it.
//
// The pending move is looked up once (coalesce): as a CASE's test and
// then its value it was searched twice per row, 1,000 index searches with
// a sort each for a bulk of 500 (issue 28 §7).
const refreshFolderSQL = `UPDATE entries SET folder = coalesce(` + activeFolderSQL + `,
		CASE WHEN missing_since = 0 THEN coalesce(user_folder, server_folder) END)
	WHERE resume_id = ?1`

func refreshFolder(ctx context.Context, tx *sql.Tx, resumeID int64) error {
	_, err := tx.ExecContext(ctx, refreshFolderSQL, resumeID)
	return err
}

// applyOptimistic makes the cache show the action as done.
func applyOptimistic(ctx context.Context, tx *sql.Tx, a *Action, now int64) error {
	// A resume the recruiter acted on is not new any more, whatever the
	// service's flag says after the next sync (actedOnSQL).
	if _, err := tx.ExecContext(ctx, "UPDATE entries SET is_new = 0 WHERE resume_id = ? AND is_new = 1", a.ResumeID); err != nil {
		return err
	}
	switch a.Kind {
	case ActionCommentAdd:
		var author string
		err := tx.QueryRowContext(ctx, "SELECT name FROM app_user WHERE singleton = 1").Scan(&author)
		if err != nil && err != sql.ErrNoRows {
			return err
		}
		// The placeholder's id is the negated action id: unique, and never
		// a server id.
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO comments (id, resume_id, text, author, date, own, outbox_id)
			VALUES (?, ?, ?, ?, ?, 1, ?)`, -a.ID, a.ResumeID, textsafe.Clean(strings.TrimSpace(a.Payload.Text)),
			author, now, a.ID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "UPDATE outbox SET local_comment_id = ? WHERE id = ?", -a.ID, a.ID); err != nil {
			return err
		}
		return refreshSearch(ctx, tx, a.ResumeID)
	case ActionCommentDelete:
		if _, err := tx.ExecContext(ctx, "UPDATE comments SET hidden = 1 WHERE id = ?", a.Payload.CommentID); err != nil {
			return err
		}
		return refreshSearch(ctx, tx, a.ResumeID)
	}
	if newFolderOf(a.Kind, a.Payload) != "" {
		return refreshFolder(ctx, tx, a.ResumeID)
	}
	return nil
}

// rollbackOptimistic undoes applyOptimistic; a's state is already final.
func rollbackOptimistic(ctx context.Context, tx *sql.Tx, a *Action) error {
	switch a.Kind {
	case ActionCommentAdd:
		if _, err := tx.ExecContext(ctx, "DELETE FROM comments WHERE id = ? AND outbox_id = ?", -a.ID, a.ID); err != nil {
			return err
		}
		return refreshSearch(ctx, tx, a.ResumeID)
	case ActionCommentDelete:
		if _, err := tx.ExecContext(ctx, `UPDATE comments SET hidden = 0 WHERE id = ? AND NOT EXISTS (
			SELECT 1 FROM outbox WHERE kind = 'comment_delete' AND id <> ? AND state IN ('pending', 'in_flight', 'unknown')
			AND json_extract(payload, '$.comment_id') = ?)`, a.Payload.CommentID, a.ID, a.Payload.CommentID); err != nil {
			return err
		}
		return refreshSearch(ctx, tx, a.ResumeID)
	}
	if newFolderOf(a.Kind, a.Payload) != "" {
		return refreshFolder(ctx, tx, a.ResumeID)
	}
	return nil
}

// confirmOptimistic turns a done action's change into server state.
// created is the comment the server made for a comment_add, when known.
func confirmOptimistic(ctx context.Context, tx *sql.Tx, a *Action, created *Comment, now int64) error {
	switch a.Kind {
	case ActionCommentAdd:
		if created == nil || created.ID <= 0 {
			return nil // the placeholder stays until ReplaceComments brings the real one
		}
		if _, err := tx.ExecContext(ctx, "DELETE FROM comments WHERE id = ?", -a.ID); err != nil {
			return err
		}
		c := *created
		c.ResumeID, c.Own = a.ResumeID, true
		if err := insertComment(ctx, tx, &c); err != nil {
			return err
		}
		return refreshSearch(ctx, tx, a.ResumeID)
	case ActionCommentDelete:
		if _, err := tx.ExecContext(ctx, "DELETE FROM comments WHERE id = ?", a.Payload.CommentID); err != nil {
			return err
		}
		return refreshSearch(ctx, tx, a.ResumeID)
	}
	if folder := newFolderOf(a.Kind, a.Payload); folder != "" {
		// A user folder is kept apart from the lists: no list names it, and
		// the next sync may show the resume under its old status (see
		// keepsUserFolderSQL). It is server_folder too, so that no list's
		// reconciliation hides it when the service lists it nowhere.
		user, userAt := any(nil), int64(0)
		if _, std := StatusForFolder(folder); !std {
			// The move's own event is stamped by the service's clock, which
			// may run a little ahead of this one's.
			user, userAt = folder, now+userFolderSkew
		}
		if _, err := tx.ExecContext(ctx, "UPDATE entries SET server_folder = ?, user_folder = ?, user_folder_at = ? WHERE resume_id = ?",
			folder, user, userAt, a.ResumeID); err != nil {
			return err
		}
		return refreshFolder(ctx, tx, a.ResumeID)
	}
	return nil
}

// userFolderSkew is how far (seconds) the service's clock may run ahead of
// this machine's before a pushed move's own event reads as newer than it.
const userFolderSkew = 120
