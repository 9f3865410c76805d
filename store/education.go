package store

import (
	"context"
	"encoding/json"
	"fmt"

	"hrdesk/textsafe"
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
	rows, err := s.r.QueryContext(ctx, `SELECT g.education, g.n, g.sample FROM (`+inner+`) g ORDER BY g.education`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: education counts: %w", err)
	}
	var out []EducationCount
	var samples []int64
	for rows.Next() {
		var c EducationCount
		var sample int64
		if err := rows.Scan(&c.ID, &c.Total, &sample); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: education counts: %w", err)
		}
		out, samples = append(out, c), append(samples, sample)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: education counts: %w", err)
	}
	// The dictionary's title, from one resume of each level: a handful of
	// bodies, read after the counts so the query stays on the indexes.
	for i, id := range samples {
		out[i].Title = s.educationTitle(ctx, id)
	}
	return out, nil
}

// educationTitle is the education level's title in one resume's body ("" if
// it cannot be read: the count is still right, the picker shows the id).
func (s *Store) educationTitle(ctx context.Context, resumeID int64) string {
	var frame []byte
	if err := s.r.QueryRowContext(ctx, "SELECT body FROM entry_frames WHERE resume_id = ?", resumeID).Scan(&frame); err != nil {
		return ""
	}
	b, err := decodeBody(frame)
	if err != nil {
		return ""
	}
	var doc struct {
		Education struct {
			Title string `json:"title"`
		} `json:"education"`
	}
	if json.Unmarshal(b.raw, &doc) != nil {
		return ""
	}
	return textsafe.Line(doc.Education.Title)
}
