package store

import (
	"context"
	"fmt"
)

// EducationCount is how many entries give one education level.
type EducationCount struct {
	ID    int64  // the job board's dictionary id (API 2.0 §2.10)
	Title string // the title one of those resumes gives, as the service wrote it
	Total int
}

// EducationCounts counts entries per education level in folder ("" = all)
// and scope, lowest id first; entries that give none are left out. The
// title comes from one resume of each level, for ids the contract's
// dictionary does not list.
func (s *Store) EducationCounts(ctx context.Context, scope Scope, folder string) ([]EducationCount, error) {
	inner := `SELECT f.education, count(*) AS n, min(f.resume_id) AS sample FROM entry_facts f
		JOIN entries e ON e.resume_id = f.resume_id WHERE f.education <> 0 AND e.folder IS NOT NULL`
	var args []any
	if folder != "" {
		inner += " AND e.folder = ?"
		args = append(args, folder)
	}
	if scope != ScopeAll {
		inner += " AND e.scope = ?"
		args = append(args, string(scope))
	}
	inner += " GROUP BY f.education"
	rows, err := s.r.QueryContext(ctx, `SELECT g.education, g.n,
		coalesce(json_extract(b.raw_json, '$.education.title'), '') FROM (`+inner+`) g
		LEFT JOIN entry_bodies b ON b.resume_id = g.sample ORDER BY g.education`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: education counts: %w", err)
	}
	defer rows.Close()
	var out []EducationCount
	for rows.Next() {
		var c EducationCount
		var title any
		if err := rows.Scan(&c.ID, &c.Total, &title); err != nil {
			return nil, fmt.Errorf("store: education counts: %w", err)
		}
		if s, ok := title.(string); ok {
			c.Title = s
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
