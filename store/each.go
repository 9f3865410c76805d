package store

import (
	"context"
	"database/sql"
	"fmt"
)

// EachEntry calls fn with every entry q selects (all of them: Offset and
// Limit are ignored), in q's order, reading them in one pass with memory
// that does not grow with the cache: `hrdesk export` of 100,000 resumes.
// With bodies, each detail carries its raw JSON, skills and work history;
// without, only the list's columns and the entry's own; with either, its
// Analytics (analytics.go). Each call gets a
// detail of its own, which fn may keep, except its RawJSON: every body is
// decoded into one buffer, valid until fn returns (a new 5 KB buffer per
// resume was garbage an export of 80,000 made 400 MB of).
func (s *Store) EachEntry(ctx context.Context, q ListQuery, bodies bool, fn func(EntryDetail) error) error {
	extra, joins := ", e.contacts_bought, e.synced_at, e.missing_since, NULL", ""
	if bodies {
		extra, joins = ", e.contacts_bought, e.synced_at, e.missing_since, f.body", " LEFT JOIN entry_frames f ON f.resume_id = e.resume_id"
	}
	extra += analyticsColumns
	w, ok, err := s.where(ctx, &q, false)
	if !ok || err != nil {
		return err
	}
	defer w.release()
	if bodies {
		return s.eachWithBodies(ctx, q.allSQL(w, extra, joins), w.args, fn)
	}
	rows, err := s.r.QueryContext(ctx, q.allSQL(w, extra, joins), w.args...)
	if err != nil {
		return fmt.Errorf("store: entries: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var d EntryDetail
		var synced, missing int64
		var frame sql.RawBytes
		var an analyticsScan
		if err := scanEntryRow(rows, &d.EntryRow, append([]any{&d.ContactsBought, &synced, &missing, &frame}, an.dest()...)...); err != nil {
			return err
		}
		d.SyncedAt, d.MissingSince, d.Analytics = fromUnix(synced), fromUnix(missing), an.value()
		if err := fn(d); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: entries: %w", err)
	}
	return nil
}

// eachBatch is how many rows the reader hands the decoder at a time, and
// eachAhead how many batches it may read ahead: memory stays a few
// hundred KB whatever the cache holds.
const eachBatch, eachAhead = 64, 2

// eachRow is one row read, its compressed body copied out of SQLite's
// buffer so the reader can go on.
type eachRow struct {
	d     EntryDetail
	frame []byte
}

type eachBatchMsg struct {
	rows []eachRow
	err  error
}

// eachWithBodies reads the rows on one goroutine while this one
// decompresses the bodies and calls fn, in order: reading the rows (SQLite
// and the body frames, in date order) and decompressing them were each
// about half of an export's CPU, one after the other on one core.
func (s *Store) eachWithBodies(ctx context.Context, query string, args []any, fn func(EntryDetail) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	batches := make(chan eachBatchMsg, eachAhead)
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer close(batches)
		send := func(b eachBatchMsg) bool {
			select {
			case batches <- b:
				return true
			case <-ctx.Done():
				return false
			}
		}
		rows, err := s.r.QueryContext(ctx, query, args...)
		if err != nil {
			send(eachBatchMsg{err: fmt.Errorf("store: entries: %w", err)})
			return
		}
		defer rows.Close()
		batch := make([]eachRow, 0, eachBatch)
		for rows.Next() {
			var r eachRow
			var synced, missing int64
			var frame sql.RawBytes
			var an analyticsScan
			if err := scanEntryRow(rows, &r.d.EntryRow, append([]any{&r.d.ContactsBought, &synced, &missing, &frame}, an.dest()...)...); err != nil {
				send(eachBatchMsg{rows: batch, err: err})
				return
			}
			r.d.SyncedAt, r.d.MissingSince, r.d.Analytics = fromUnix(synced), fromUnix(missing), an.value()
			r.frame = append([]byte(nil), frame...)
			if batch = append(batch, r); len(batch) == eachBatch {
				if !send(eachBatchMsg{rows: batch}) {
					return
				}
				batch = make([]eachRow, 0, eachBatch)
			}
		}
		if err := rows.Err(); err != nil {
			send(eachBatchMsg{rows: batch, err: fmt.Errorf("store: entries: %w", err)})
			return
		}
		send(eachBatchMsg{rows: batch})
	}()
	err := func() error {
		var plain []byte // the body being given, reused
		for b := range batches {
			for _, r := range b.rows {
				var err error
				if plain, err = r.d.fillBodyInto(r.frame, plain); err != nil {
					return err
				}
				if err := fn(r.d); err != nil {
					return err
				}
			}
			if b.err != nil {
				return b.err
			}
		}
		return nil
	}()
	cancel() // the reader stops if fn ended it early
	<-done
	return err
}
