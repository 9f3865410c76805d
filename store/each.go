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
// without, only the list's columns and the entry's own. Each call gets a
// detail of its own, which fn may keep, except its RawJSON: every body is
// decoded into one buffer, valid until fn returns (a new 5 KB buffer per
// resume was garbage an export of 80,000 made 400 MB of).
func (s *Store) EachEntry(ctx context.Context, q ListQuery, bodies bool, fn func(EntryDetail) error) error {
	extra, joins := ", e.contacts_bought, e.synced_at, e.missing_since, NULL", ""
	if bodies {
		extra, joins = ", e.contacts_bought, e.synced_at, e.missing_since, f.body", " LEFT JOIN entry_frames f ON f.resume_id = e.resume_id"
	}
	w, ok, err := s.where(ctx, &q, false)
	if !ok || err != nil {
		return err
	}
	defer w.release()
	rows, err := s.r.QueryContext(ctx, q.allSQL(w, extra, joins), w.args...)
	if err != nil {
		return fmt.Errorf("store: entries: %w", err)
	}
	defer rows.Close()
	var plain []byte // the body being given, reused
	for rows.Next() {
		var d EntryDetail
		var synced, missing int64
		var frame sql.RawBytes // decoded before the next row: not copied
		if err := scanEntryRow(rows, &d.EntryRow, &d.ContactsBought, &synced, &missing, &frame); err != nil {
			return err
		}
		d.SyncedAt, d.MissingSince = fromUnix(synced), fromUnix(missing)
		if bodies {
			if plain, err = d.fillBodyInto(frame, plain); err != nil {
				return err
			}
		}
		if err := fn(d); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: entries: %w", err)
	}
	return nil
}
