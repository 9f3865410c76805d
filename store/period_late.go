package store

import (
	"cmp"
	"context"
	"fmt"
	"slices"
)

// lateEventsSQL packs, for each [id, arrived, end] of ?1, what the
// response's events from its arrival to its period's end came to, as
// migration 21's cohort_mark does over all of them (periodSQL's number).
const lateEventsSQL = `SELECT j.key,
		(SELECT coalesce(max(v.type = 70) + 2 * max(v.type = 60) + 4 * max(v.type = 80), 0)
				+ 8 * coalesce(max(CASE WHEN v.type IN (10, 20, 30, 40, 50, 60, 70, 80, 110) THEN v.date_event * 8 +
					CASE v.type WHEN 70 THEN 2 WHEN 60 THEN 3 WHEN 80 THEN 4 WHEN 110 THEN 5 ELSE 1 END END) % 8, 1)
				+ 64 * coalesce(max(v.date_event), 0)
			FROM events v
			WHERE v.resume_id = json_extract(j.value, '$[0]') AND v.date_event >= json_extract(j.value, '$[1]')
				AND v.date_event < json_extract(j.value, '$[2]'))
	FROM json_each(?1) j`

// countLate reads the events before the end of the responses that had one
// at or after it (a week before's response acted on since; kept marks say
// what all the events came to) and counts them, adding the moved ones to
// moved. Few: looked up by key in the key's order, after the pass (in the
// order of arrival the lookups land all over the events' table).
func (s *Store) countLate(ctx context.Context, late, moved []pendingRow) ([]pendingRow, error) {
	if len(late) == 0 {
		return moved, nil
	}
	slices.SortFunc(late, func(a, b pendingRow) int { return cmp.Compare(a.r.id, b.r.id) })
	list := []byte{'['}
	for i, p := range late {
		if i > 0 {
			list = append(list, ',')
		}
		list = fmt.Appendf(list, "[%d,%d,%d]", p.r.id, p.r.arrived, p.q.To.Unix())
	}
	list = append(list, ']')
	rows, err := s.r.QueryContext(ctx, lateEventsSQL, string(list))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var i int
		var packed int64
		if err := rows.Scan(&i, &packed); err != nil {
			return nil, err
		}
		if i >= 0 && i < len(late) {
			late[i].r.packed = packed
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, p := range late {
		moved = p.count(moved)
	}
	return moved, nil
}
