package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"time"
)

// Reconciliation notices entries that left a server list: an entry moved
// on the website shows up in another folder's list (its upsert moves it),
// one deleted or moved to a user folder shows up in none.
//
//	rec, _ := st.BeginReconcile(ctx, ReconcileWindow{ScopeMine, FolderInbox, from, to})
//	for each page of the list for that folder and window: rec.Upsert(ctx, page)
//	res, _ := rec.Finish(ctx) // only after every page was fetched
//
// Finish hides (folder NULL, missing_since set) the entries of that scope,
// server folder and last-event window that no Upsert of the reconciliation
// saw, except those with an unfinished outbox action. A hidden entry comes
// back when any later upsert lists it (it moved and its new folder was
// synced later); PurgeMissing deletes the ones that stay missing. The token
// is stored, so a sync restarted after kill -9 continues with
// ResumeReconcile.

// ReconcileWindow is one folder's list, over last-event times [From, To]
// (a zero To means no upper bound).
type ReconcileWindow struct {
	Scope  Scope
	Folder string
	From   time.Time
	To     time.Time
}

// Reconcile is an open reconciliation.
type Reconcile struct {
	Token  string
	Window ReconcileWindow
	s      *Store
}

// ReconcileResult says what Finish did.
type ReconcileResult struct {
	Missing int // entries no longer listed, now hidden
}

// BeginReconcile starts a reconciliation of one window.
func (s *Store) BeginReconcile(ctx context.Context, w ReconcileWindow) (*Reconcile, error) {
	if (w.Scope != ScopeMine && w.Scope != ScopeCompany) || !ValidFolder(w.Folder) {
		return nil, fmt.Errorf("store: reconcile window %+v", w)
	}
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, err
	}
	r := &Reconcile{Token: hex.EncodeToString(b[:]), Window: w, s: s}
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO reconciles (token, scope, folder, window_from, window_to, started_at)
			VALUES (?, ?, ?, ?, ?, ?)`, r.Token, string(w.Scope), w.Folder, unix(w.From), unix(w.To), s.now().Unix())
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: begin reconcile: %w", err)
	}
	return r, nil
}

// ResumeReconcile reopens a reconciliation begun before a restart.
func (s *Store) ResumeReconcile(ctx context.Context, token string) (*Reconcile, error) {
	r := &Reconcile{Token: token, s: s}
	var scope string
	var from, to int64
	err := s.r.QueryRowContext(ctx, "SELECT scope, folder, window_from, window_to FROM reconciles WHERE token = ?", token).
		Scan(&scope, &r.Window.Folder, &from, &to)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: reconciliation %s", ErrNotFound, token)
	}
	if err != nil {
		return nil, fmt.Errorf("store: resume reconcile: %w", err)
	}
	r.Window.Scope, r.Window.From, r.Window.To = Scope(scope), fromUnix(from), fromUnix(to)
	return r, nil
}

// Upsert is UpsertEntries that also marks the entries seen by this reconciliation.
func (r *Reconcile) Upsert(ctx context.Context, entries []Entry) error {
	return r.s.upsertEntries(ctx, entries, r.Token)
}

// unseenWhere picks the window's entries this reconciliation did not see,
// except those with an unfinished outbox action: what Finish hides.
const unseenWhere = `scope = ? AND server_folder = ? AND last_event_at BETWEEN ? AND ? AND missing_since = 0
	AND (seen_token IS NULL OR seen_token <> ?)
	AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.resume_id = entries.resume_id
		AND o.state IN ('pending', 'in_flight', 'unknown'))`

func (r *Reconcile) unseenArgs() []any {
	to := int64(math.MaxInt64)
	if !r.Window.To.IsZero() {
		to = r.Window.To.Unix()
	}
	return []any{string(r.Window.Scope), r.Window.Folder, unix(r.Window.From), to, r.Token}
}

// Unseen counts what Finish would hide now. Before any Upsert it is what
// the cache holds in the window: the sync compares the two before it
// trusts a list that would empty a folder (issue 26 §4).
func (r *Reconcile) Unseen(ctx context.Context) (int, error) {
	var n int
	if err := r.s.r.QueryRowContext(ctx, "SELECT count(*) FROM entries WHERE "+unseenWhere, r.unseenArgs()...).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: reconcile unseen: %w", err)
	}
	return n, nil
}

// Abandon closes the reconciliation without hiding anything: its list was
// not read whole, or not trusted.
func (r *Reconcile) Abandon(ctx context.Context) error {
	return r.s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "DELETE FROM reconciles WHERE token = ?", r.Token)
		return err
	})
}

// Finish hides the window's entries this reconciliation did not see and
// closes it.
func (r *Reconcile) Finish(ctx context.Context) (ReconcileResult, error) {
	var res ReconcileResult
	err := r.s.write(ctx, func(tx *sql.Tx) error {
		args := append([]any{r.s.now().Unix()}, r.unseenArgs()...)
		out, err := tx.ExecContext(ctx, "UPDATE entries SET folder = NULL, missing_since = ? WHERE "+unseenWhere, args...)
		if err != nil {
			return err
		}
		n, err := out.RowsAffected()
		if err != nil {
			return err
		}
		res.Missing = int(n)
		_, err = tx.ExecContext(ctx, "DELETE FROM reconciles WHERE token = ?", r.Token)
		return err
	})
	if err != nil {
		return res, fmt.Errorf("store: finish reconcile: %w", err)
	}
	return res, nil
}

// PurgeMissing deletes entries missing from the server since before
// (with their events, bodies, vacancy links and search documents).
func (s *Store) PurgeMissing(ctx context.Context, before time.Time) (int, error) {
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM comments WHERE resume_id IN (
			SELECT resume_id FROM entries WHERE missing_since > 0 AND missing_since < ?)`, before.Unix()); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM entries WHERE missing_since > 0 AND missing_since < ?
			AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.resume_id = entries.resume_id
				AND o.state IN ('pending', 'in_flight', 'unknown'))`, before.Unix())
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: purge missing: %w", err)
	}
	return int(n), nil
}
