package store

import (
	"context"
	"fmt"
)

// OutboxEntry is an action as the outbox screen lists it: with the name
// of the applicant it is about, as the cache knows it ("" when the resume
// is not cached).
type OutboxEntry struct {
	Action
	DisplayName string
}

// OutboxEntries lists what the recruiter still has to see through: pending
// (held letters included), sending, failed and not dismissed, unknown;
// oldest first, as they leave.
func (s *Store) OutboxEntries(ctx context.Context) ([]OutboxEntry, error) {
	rows, err := s.r.QueryContext(ctx, "SELECT "+actionColumns+`, last, first, middle FROM (
		SELECT a.*, coalesce(e.last_name, '') AS last, coalesce(e.first_name, '') AS first, coalesce(e.middle_name, '') AS middle
		FROM outbox a LEFT JOIN entries e ON e.resume_id = a.resume_id
		WHERE a.state IN ('pending', 'in_flight', 'unknown') OR (a.state = 'failed' AND a.dismissed = 0))
		ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("store: outbox entries: %w", err)
	}
	defer rows.Close()
	var out []OutboxEntry
	for rows.Next() {
		var e OutboxEntry
		var last, first, middle string
		a, err := scanAction(extraScanner{rows, []any{&last, &first, &middle}})
		if err != nil {
			return nil, err
		}
		e.Action, e.DisplayName = a, displayName(last, first, middle)
		out = append(out, e)
	}
	return out, rows.Err()
}

// extraScanner scans a row whose last columns follow a known set.
type extraScanner struct {
	sc    scanner
	extra []any
}

func (x extraScanner) Scan(dest ...any) error { return x.sc.Scan(append(dest, x.extra...)...) }
