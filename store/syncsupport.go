package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"hrdesk/textsafe"
)

// Requeue puts an in-flight action back to pending when the request provably
// never reached the server (offline, refused before sending, rate limited):
// sending it again is safe whatever its kind. The optimistic change stays.
func (s *Store) Requeue(ctx context.Context, id int64, msg string) error {
	return s.transition(ctx, id, []ActionState{StateInFlight}, StatePending, textsafe.Clean(msg), nil)
}

// ServerFolderCount counts the entries the server last listed in folder with
// a last event in [from, to], as the server would count them: for ScopeMine
// the user's own list, for ScopeCompany the company's (which holds the
// user's own too). The sync engine compares it with a list's total to
// notice entries that left the list without an event.
func (s *Store) ServerFolderCount(ctx context.Context, scope Scope, folder string, from, to time.Time) (int, error) {
	query := `SELECT count(*) FROM entries WHERE server_folder = ? AND last_event_at BETWEEN ? AND ?
		AND missing_since = 0`
	args := []any{folder, unix(from), unix(to)}
	if scope == ScopeMine {
		query += " AND scope = ?"
		args = append(args, string(ScopeMine))
	}
	var n int
	if err := s.r.QueryRowContext(ctx, query, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: server folder count: %w", err)
	}
	return n, nil
}

// SplitSyncWindow replaces a window of a run by smaller ones: the engine
// found more than the API's 500 entities in it. Done in one transaction, so a
// sync killed afterwards resumes with the children.
func (s *Store) SplitSyncWindow(ctx context.Context, runID string, parent SyncWindow, children []SyncWindow) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM sync_windows WHERE run_id = ? AND scope = ? AND status = ?
			AND window_from = ? AND window_to = ?`, runID, string(parent.Scope), parent.Status, unix(parent.From), unix(parent.To))
		if err != nil {
			return fmt.Errorf("store: split sync window: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: window %+v of run %s", ErrNotFound, parent, runID)
		}
		for _, w := range children {
			if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO sync_windows (run_id, scope, status, window_from, window_to)
				VALUES (?, ?, ?, ?, ?)`, runID, string(w.Scope), w.Status, unix(w.From), unix(w.To)); err != nil {
				return fmt.Errorf("store: split sync window: %w", err)
			}
		}
		return nil
	})
}

// LeaseHolder returns who holds a lease and until when; "" when nobody.
func (s *Store) LeaseHolder(ctx context.Context, name string) (string, time.Time, error) {
	var owner string
	var until int64
	err := s.r.QueryRowContext(ctx, "SELECT owner, expires_at FROM leases WHERE name = ?", name).Scan(&owner, &until)
	if errors.Is(err, sql.ErrNoRows) {
		return "", time.Time{}, nil
	}
	if err != nil {
		return "", time.Time{}, fmt.Errorf("store: lease %s: %w", name, err)
	}
	return owner, fromUnix(until), nil
}

// BreakLease takes a lease from holder, whom the caller knows to be dead
// (its process is gone); it fails if someone else took it meanwhile.
func (s *Store) BreakLease(ctx context.Context, name, holder, owner string, ttl time.Duration) (bool, error) {
	var got bool
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, "UPDATE leases SET owner = ?, expires_at = ? WHERE name = ? AND owner = ?",
			owner, s.now().Add(ttl).Unix(), name, holder)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		got = n > 0
		return err
	})
	if err != nil {
		return false, fmt.Errorf("store: lease %s: %w", name, err)
	}
	return got, nil
}

// SetResumeContacts stores the resume object a contacts purchase or
// opening returned (4.7): it carries the contacts the cached one lacked.
// Names are filled in where the cache had none.
func (s *Store) SetResumeContacts(ctx context.Context, resumeID int64, raw []byte, first, last, middle string) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		var f, l, m string
		err := tx.QueryRowContext(ctx, "SELECT first_name, last_name, middle_name FROM entries WHERE resume_id = ?", resumeID).Scan(&f, &l, &m)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: resume %d", ErrNotFound, resumeID)
		}
		if err != nil {
			return fmt.Errorf("store: set contacts: %w", err)
		}
		fill := func(have *string, got string) {
			if *have == "" {
				*have = textsafe.Line(got)
			}
		}
		fill(&f, first)
		fill(&l, last)
		fill(&m, middle)
		if err := replaceRaw(ctx, tx, resumeID, raw); err != nil {
			return fmt.Errorf("store: set contacts: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE entries SET contacts_bought = 1, first_name = ?, last_name = ?,
			middle_name = ? WHERE resume_id = ?`, f, l, m, resumeID); err != nil {
			return fmt.Errorf("store: set contacts: %w", err)
		}
		// Open contacts bring a phone and an e-mail: a stronger identity.
		var town string
		var age int
		var at, responded int64
		if err := tx.QueryRowContext(ctx, `SELECT e.town, e.age, e.last_event_at, coalesce(p.responded_at, 0)
			FROM entries e LEFT JOIN entry_facts p USING (resume_id) WHERE e.resume_id = ?`, resumeID).Scan(&town, &age, &at, &responded); err != nil {
			return fmt.Errorf("store: set contacts: %w", err)
		}
		if err := writeFacts(ctx, tx, resumeID, factsOf(raw, f, l, m, town, age, fromUnix(at), responded)); err != nil {
			return err
		}
		return refreshSearch(ctx, tx, resumeID)
	})
}

// replaceRaw swaps a resume's raw JSON in its body, keeping the search texts.
func replaceRaw(ctx context.Context, tx *sql.Tx, resumeID int64, raw []byte) error {
	var frame []byte
	err := tx.QueryRowContext(ctx, "SELECT body FROM entry_frames WHERE resume_id = ?", resumeID).Scan(&frame)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	b, err := decodeBody(frame)
	if err != nil {
		return damagedBody(resumeID, err)
	}
	b.raw = cleanRaw(raw)
	_, err = tx.ExecContext(ctx, upsertBodySQL, resumeID, encodeBody(b))
	return err
}
