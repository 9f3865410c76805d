package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// Sync state lives in the cache file, so it commits with the data it describes:
//
//   - sync_cursors: per (scope, status), how far the list was fetched
//     (FetchedUntil, a last-event time) and when the last full and
//     incremental syncs finished.
//   - sync_runs + sync_windows: the checkpoint of the running sync. The
//     engine plans its windows (the API returns at most 500 entities per
//     query, so a folder is fetched in date windows), marks each done as
//     it completes, and after kill -9 asks UnfinishedSyncRun for the
//     windows left. FinishSyncRun advances the cursors and drops the plan.
//   - leases: which process of a profile syncs and sends the outbox.
//   - sync_meta: free key-value settings of the engine.

// Sync kinds of a run.
const (
	SyncFull        = "full"
	SyncIncremental = "incremental"
)

// SyncCursor is the state of one (scope, status) list.
type SyncCursor struct {
	Scope             Scope
	Status            int
	FetchedUntil      time.Time
	LastFullAt        time.Time
	LastIncrementalAt time.Time
}

// SyncWindow is one query of a run: a list over last-event times [From, To].
type SyncWindow struct {
	Scope   Scope
	Status  int
	From    time.Time
	To      time.Time
	Done    bool
	Fetched int // entries fetched, for the report
}

// SyncRun is a planned sync and its progress.
type SyncRun struct {
	ID        string
	Kind      string
	StartedAt time.Time
	Windows   []SyncWindow
}

// Remaining returns the windows not done yet.
func (r SyncRun) Remaining() []SyncWindow {
	var out []SyncWindow
	for _, w := range r.Windows {
		if !w.Done {
			out = append(out, w)
		}
	}
	return out
}

// SyncCursor returns a list's cursor; zero times when never synced.
func (s *Store) SyncCursor(ctx context.Context, scope Scope, status int) (SyncCursor, error) {
	c := SyncCursor{Scope: scope, Status: status}
	var until, full, incr int64
	err := s.r.QueryRowContext(ctx, `SELECT fetched_until, last_full_at, last_incremental_at FROM sync_cursors
		WHERE scope = ? AND status = ?`, string(scope), status).Scan(&until, &full, &incr)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return c, fmt.Errorf("store: sync cursor: %w", err)
	}
	c.FetchedUntil, c.LastFullAt, c.LastIncrementalAt = fromUnix(until), fromUnix(full), fromUnix(incr)
	return c, nil
}

// SaveSyncCursor stores a list's cursor.
func (s *Store) SaveSyncCursor(ctx context.Context, c SyncCursor) error {
	return s.write(ctx, func(tx *sql.Tx) error { return saveCursor(ctx, tx, c) })
}

func saveCursor(ctx context.Context, tx *sql.Tx, c SyncCursor) error {
	_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO sync_cursors (scope, status, fetched_until, last_full_at,
		last_incremental_at) VALUES (?, ?, ?, ?, ?)`, string(c.Scope), c.Status, unix(c.FetchedUntil),
		unix(c.LastFullAt), unix(c.LastIncrementalAt))
	return err
}

// StartSyncRun records the plan of a new run, replacing any unfinished one.
func (s *Store) StartSyncRun(ctx context.Context, kind string, windows []SyncWindow) (SyncRun, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return SyncRun{}, err
	}
	run := SyncRun{ID: hex.EncodeToString(b[:]), Kind: kind, StartedAt: time.Unix(s.now().Unix(), 0)}
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "DELETE FROM sync_runs"); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO sync_runs (run_id, kind, started_at) VALUES (?, ?, ?)",
			run.ID, kind, run.StartedAt.Unix()); err != nil {
			return err
		}
		for _, w := range windows {
			w.Done, w.Fetched = false, 0
			if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO sync_windows (run_id, scope, status, window_from, window_to)
				VALUES (?, ?, ?, ?, ?)`, run.ID, string(w.Scope), w.Status, unix(w.From), unix(w.To)); err != nil {
				return err
			}
			run.Windows = append(run.Windows, w)
		}
		return nil
	})
	if err != nil {
		return SyncRun{}, fmt.Errorf("store: start sync run: %w", err)
	}
	return run, nil
}

// UnfinishedSyncRun returns the run a killed sync left, if any.
func (s *Store) UnfinishedSyncRun(ctx context.Context) (SyncRun, bool, error) {
	var run SyncRun
	var started int64
	err := s.r.QueryRowContext(ctx, "SELECT run_id, kind, started_at FROM sync_runs LIMIT 1").Scan(&run.ID, &run.Kind, &started)
	if errors.Is(err, sql.ErrNoRows) {
		return run, false, nil
	}
	if err != nil {
		return run, false, fmt.Errorf("store: sync run: %w", err)
	}
	run.StartedAt = fromUnix(started)
	rows, err := s.r.QueryContext(ctx, `SELECT scope, status, window_from, window_to, done, fetched FROM sync_windows
		WHERE run_id = ? ORDER BY scope, status, window_from`, run.ID)
	if err != nil {
		return run, false, fmt.Errorf("store: sync run: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var w SyncWindow
		var scope string
		var from, to int64
		if err := rows.Scan(&scope, &w.Status, &from, &to, &w.Done, &w.Fetched); err != nil {
			return run, false, fmt.Errorf("store: sync run: %w", err)
		}
		w.Scope, w.From, w.To = Scope(scope), fromUnix(from), fromUnix(to)
		run.Windows = append(run.Windows, w)
	}
	return run, true, rows.Err()
}

// CompleteSyncWindow marks a window of the run done.
func (s *Store) CompleteSyncWindow(ctx context.Context, runID string, w SyncWindow, fetched int) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE sync_windows SET done = 1, fetched = ?, done_at = ?
			WHERE run_id = ? AND scope = ? AND status = ? AND window_from = ? AND window_to = ?`,
			fetched, s.now().Unix(), runID, string(w.Scope), w.Status, unix(w.From), unix(w.To))
		if err != nil {
			return fmt.Errorf("store: complete sync window: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: window %+v of run %s", ErrNotFound, w, runID)
		}
		return nil
	})
}

// FinishSyncRun ends a run: every list it covered gets its last full or
// incremental time set to the run's start and FetchedUntil advanced to its
// latest window end; the checkpoint is dropped.
func (s *Store) FinishSyncRun(ctx context.Context, runID string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		var kind string
		var started int64
		if err := tx.QueryRowContext(ctx, "SELECT kind, started_at FROM sync_runs WHERE run_id = ?", runID).
			Scan(&kind, &started); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("%w: sync run %s", ErrNotFound, runID)
			}
			return err
		}
		col := "last_incremental_at"
		if kind == SyncFull {
			col = "last_full_at"
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO sync_cursors (scope, status, fetched_until, `+col+`)
			SELECT scope, status, max(window_to), ? FROM sync_windows WHERE run_id = ? GROUP BY scope, status
			ON CONFLICT (scope, status) DO UPDATE SET `+col+` = excluded.`+col+`,
				fetched_until = max(sync_cursors.fetched_until, excluded.fetched_until)`, started, runID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "DELETE FROM sync_runs WHERE run_id = ?", runID)
		return err
	})
	if err != nil && !errors.Is(err, ErrNotFound) {
		return fmt.Errorf("store: finish sync run: %w", err)
	}
	return err
}

// AcquireLease takes or renews the named lease for owner until ttl from
// now; false when another owner holds an unexpired one. Two sessions of a
// profile use it so only one syncs and sends the outbox.
func (s *Store) AcquireLease(ctx context.Context, name, owner string, ttl time.Duration) (bool, error) {
	now := s.now()
	var got bool
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO leases (name, owner, expires_at) VALUES (?, ?, ?)
			ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
			WHERE leases.owner = excluded.owner OR leases.expires_at <= ?`,
			name, owner, now.Add(ttl).Unix(), now.Unix())
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

// ReleaseLease gives the lease up if owner holds it.
func (s *Store) ReleaseLease(ctx context.Context, name, owner string) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "DELETE FROM leases WHERE name = ? AND owner = ?", name, owner)
		return err
	})
}

// SetSyncMeta stores a setting of the sync engine.
func (s *Store) SetSyncMeta(ctx context.Context, key, value string) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT OR REPLACE INTO sync_meta (key, value) VALUES (?, ?)", key, value)
		return err
	})
}

// SyncMeta returns a setting of the sync engine and whether it is set.
func (s *Store) SyncMeta(ctx context.Context, key string) (string, bool, error) {
	var v string
	err := s.r.QueryRowContext(ctx, "SELECT value FROM sync_meta WHERE key = ?", key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("store: sync meta: %w", err)
	}
	return v, true, nil
}
