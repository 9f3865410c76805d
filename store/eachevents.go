package store

import (
	"context"
	"fmt"
)

// ResumeEvents is one resume's events in time order (ties in the
// service's order), for `export --events` (issue 30 §4).
type ResumeEvents struct {
	ResumeID                        int64
	FirstName, LastName, MiddleName string
	Events                          []Event
}

// EachResumeEvents calls fn with the events of every entry q selects
// (Offset, Limit, order and search are ignored; by resume id), one resume
// at a time: memory holds one resume's few events whatever the cache's size.
func (s *Store) EachResumeEvents(ctx context.Context, q ListQuery, fn func(ResumeEvents) error) error {
	q.Search = ""
	w, ok, err := s.where(ctx, &q, false)
	if !ok || err != nil {
		return err
	}
	defer w.release()
	rows, err := s.r.QueryContext(ctx, `SELECT e.resume_id, e.first_name, e.last_name, e.middle_name,
		v.vacancy_id, v.type, v.date_event, v.text, v.date_text, v.type_title, v.description
		FROM entries e JOIN events v ON v.resume_id = e.resume_id`+w.clause+
		" ORDER BY e.resume_id, v.date_event, v.seq", w.args...)
	if err != nil {
		return fmt.Errorf("store: events: %w", err)
	}
	defer rows.Close()
	var cur ResumeEvents
	for rows.Next() {
		var r ResumeEvents
		var ev Event
		var at int64
		if err := rows.Scan(&r.ResumeID, &r.FirstName, &r.LastName, &r.MiddleName,
			&ev.VacancyID, &ev.Type, &at, &ev.Text, &ev.Date, &ev.TypeTitle, &ev.Description); err != nil {
			return fmt.Errorf("store: events: %w", err)
		}
		ev.DateEvent = fromUnix(at)
		if r.ResumeID != cur.ResumeID && len(cur.Events) > 0 {
			if err := fn(cur); err != nil {
				return err
			}
			cur = ResumeEvents{}
		}
		if len(cur.Events) == 0 {
			r.Events = cur.Events[:0]
			cur = r
		}
		cur.Events = append(cur.Events, ev)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: events: %w", err)
	}
	if len(cur.Events) > 0 {
		return fn(cur)
	}
	return nil
}
