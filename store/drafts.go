package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Draft is the recruiter's unsent text of one dialog (issue 26 §6): Key
// names the dialog and what it is about ("invite:1042", "selection:0"),
// Body is its fields as the workstation wrote them (JSON), SavedAt when
// they last changed. The store keeps it as given: text typed by the
// recruiter is cleaned where it is shown and in Enqueue, where it is sent.
type Draft struct {
	Key     string
	Body    string
	SavedAt time.Time
}

// MaxDraftBytes bounds one draft: a letter is a few kilobytes, and a row
// the workstation reads back at start must never be a reason to stall.
const MaxDraftBytes = 1 << 20

// maxDrafts bounds how many drafts a start reads back, newest first.
const maxDrafts = 1000

// ErrDraftTooLarge refuses a draft over MaxDraftBytes.
var ErrDraftTooLarge = errors.New("store: draft too large")

// SaveDraft keeps d, replacing the draft of its key.
func (s *Store) SaveDraft(ctx context.Context, d Draft) error {
	if d.Key == "" {
		return errors.New("store: draft without a key")
	}
	if len(d.Body) > MaxDraftBytes {
		return ErrDraftTooLarge
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO drafts (key, body, saved_at) VALUES (?, ?, ?)
			ON CONFLICT (key) DO UPDATE SET body = excluded.body, saved_at = excluded.saved_at`, d.Key, d.Body, unix(d.SavedAt))
		return err
	})
	if err != nil {
		return fmt.Errorf("store: save draft: %w", err)
	}
	return nil
}

// DeleteDraft forgets the draft of key (sent, or discarded); none is fine.
func (s *Store) DeleteDraft(ctx context.Context, key string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM drafts WHERE key = ?`, key)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: delete draft: %w", err)
	}
	return nil
}

// Drafts returns the drafts kept, newest first: at most maxDrafts, none
// over MaxDraftBytes (a row written by something else is not read whole).
// They are read on the counts' reader (Store.c), open at start anyway:
// read at start beside the list's first screenful, on the pool they opened
// a second reader, whose schema parse was part of the first frame's CPU
// (issue 28 §7).
func (s *Store) Drafts(ctx context.Context) ([]Draft, error) {
	rows, err := s.c.QueryContext(ctx, `SELECT key, body, saved_at FROM drafts
		WHERE length(CAST(body AS BLOB)) <= ? ORDER BY saved_at DESC LIMIT ?`, MaxDraftBytes, maxDrafts)
	if err != nil {
		return nil, fmt.Errorf("store: drafts: %w", err)
	}
	defer rows.Close()
	var out []Draft
	for rows.Next() {
		var d Draft
		var at int64
		if err := rows.Scan(&d.Key, &d.Body, &at); err != nil {
			return nil, fmt.Errorf("store: drafts: %w", err)
		}
		d.SavedAt = fromUnix(at)
		out = append(out, d)
	}
	return out, rows.Err()
}
