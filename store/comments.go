package store

import (
	"context"
	"database/sql"
	"fmt"

	"hrdesk/textsafe"
)

func insertComment(ctx context.Context, tx *sql.Tx, c *Comment) error {
	_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO comments (id, resume_id, text, author, date, own)
		VALUES (?, ?, ?, ?, ?, ?)`, c.ID, c.ResumeID, textsafe.Clean(c.Text), textsafe.Line(c.Author),
		unix(c.Date), boolInt(c.Own))
	return err
}

// ReplaceComments sets a resume's comments to what the server listed (4.9).
// Items of other resumes (the list also carries comments on the user's
// other resumes) are skipped. Placeholders of unfinished comment_add
// actions stay, and comments with an unfinished comment_delete stay hidden.
func (s *Store) ReplaceComments(ctx context.Context, resumeID int64, comments []Comment) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM comments WHERE resume_id = ? AND (id > 0 OR outbox_id IS NULL
			OR outbox_id IN (SELECT id FROM outbox WHERE state IN ('done', 'failed', 'cancelled')))`, resumeID); err != nil {
			return err
		}
		for i := range comments {
			c := comments[i]
			if c.ID <= 0 || (c.ResumeID != 0 && c.ResumeID != resumeID) {
				continue
			}
			c.ResumeID = resumeID
			if err := insertComment(ctx, tx, &c); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE comments SET hidden = 1 WHERE resume_id = ? AND id IN (
			SELECT json_extract(payload, '$.comment_id') FROM outbox
			WHERE kind = 'comment_delete' AND resume_id = ? AND state IN ('pending', 'in_flight', 'unknown'))`,
			resumeID, resumeID); err != nil {
			return err
		}
		return refreshSearch(ctx, tx, resumeID)
	})
	if err != nil {
		return fmt.Errorf("store: replace comments of resume %d: %w", resumeID, err)
	}
	return nil
}

// Comments returns a resume's visible comments, oldest first, including
// local ones not yet confirmed (Pending).
func (s *Store) Comments(ctx context.Context, resumeID int64) ([]Comment, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT c.id, c.resume_id, c.text, c.author, c.date, c.own,
		EXISTS (SELECT 1 FROM outbox o WHERE o.id = c.outbox_id AND o.state IN ('pending', 'in_flight', 'unknown'))
		FROM comments c WHERE c.resume_id = ? AND c.hidden = 0 ORDER BY c.date, abs(c.id)`, resumeID)
	if err != nil {
		return nil, fmt.Errorf("store: comments: %w", err)
	}
	defer rows.Close()
	var out []Comment
	for rows.Next() {
		var c Comment
		var date int64
		if err := rows.Scan(&c.ID, &c.ResumeID, &c.Text, &c.Author, &date, &c.Own, &c.Pending); err != nil {
			return nil, fmt.Errorf("store: comments: %w", err)
		}
		c.Date = fromUnix(date)
		out = append(out, c)
	}
	return out, rows.Err()
}
