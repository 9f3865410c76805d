package store

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"hrdesk/textsafe"
)

// The overview by recruiter (issue 30 §1): in the company's scope, each
// recruiter's vacancies summed. A recruiter is a vacancy's owner (id_user,
// migration 015 for a colleague's, the own vacancy's raw JSON for the
// recruiter's own), named by the vacancy's contact person (4.2 `contact`,
// migration 018). Responses to a vacancy the cache cannot name an owner
// of are recruiter 0's: counted, not lost.

// RecruiterFigures are one recruiter's figures: the overview's, summed
// over their vacancies, and the window's and the window before's as
// cohorts (issue 30 §3).
type RecruiterFigures struct {
	RecruiterID int64  // the vacancies' id_user; 0 when not known
	Name        string // the newest of their vacancies' contact persons, "" when none says
	Vacancies   []int64
	// Figures are VacancyFigures summed (VacancyID 0, no title).
	Figures           VacancyFigures
	Current, Previous PeriodFigures
}

// ByRecruiter is the overview of every recruiter of the scope.
type ByRecruiter struct {
	Overview   Overview
	Comparison Comparison
	// Recruiters are by id, recruiter 0 (no known owner) last.
	Recruiters []RecruiterFigures
}

// Owner is who owns a vacancy, and the name the service gives them.
type Owner struct {
	ID   int64
	Name string
}

// VacancyOwners are the owners of the vacancies the cache knows: the
// company's, then the own ones (the newer word on them; a row without
// id_user is the owner the company's row names, else the signed-in
// user's, who is named as the service names them when their vacancy has
// no contact person).
func (s *Store) VacancyOwners(ctx context.Context) (map[int64]Owner, error) {
	out := map[int64]Owner{}
	var me int64
	var myName string
	err := s.r.QueryRowContext(ctx, `SELECT coalesce((SELECT id FROM app_user WHERE singleton = 1), 0),
		coalesce((SELECT name FROM app_user WHERE singleton = 1), '')`).Scan(&me, &myName)
	if err != nil {
		return nil, fmt.Errorf("store: vacancy owners: %w", err)
	}
	for i, query := range []string{
		"SELECT id, owner_id, contact FROM company_vacancies",
		`SELECT id, CAST(coalesce(CASE WHEN json_valid(raw_json) THEN json_extract(raw_json, '$.id_user') END, 0) AS INTEGER),
			CAST(coalesce(CASE WHEN json_valid(raw_json) THEN json_extract(raw_json, '$.contact') END, '') AS TEXT) FROM vacancies`,
	} {
		rows, err := s.r.QueryContext(ctx, query)
		if err != nil {
			return nil, fmt.Errorf("store: vacancy owners: %w", err)
		}
		for rows.Next() {
			var id, owner int64
			var name string
			if err := rows.Scan(&id, &owner, &name); err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: vacancy owners: %w", err)
			}
			if was, known := out[id]; i == 1 && known {
				// An own vacancy the company's list has too: what its
				// JSON leaves out, the company's row says.
				owner = cmp.Or(max(owner, 0), was.ID)
				name = cmp.Or(name, was.Name)
			}
			if owner <= 0 && i == 1 {
				owner = me
			}
			owner = max(owner, 0) // a negative id is no recruiter
			if owner == me && name == "" {
				name = myName // the service's word on the signed-in user
			}
			out[id] = Owner{ID: owner, Name: textsafe.Line(name)}
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("store: vacancy owners: %w", err)
		}
	}
	return out, nil
}

// Recruiters reads the overview of q and sums it per recruiter, with the
// window's comparison (limit: PeriodQuery.Limit).
func (s *Store) Recruiters(ctx context.Context, q OverviewQuery, limit time.Duration) (ByRecruiter, error) {
	o, err := s.Overview(ctx, q)
	if err != nil {
		return ByRecruiter{}, err
	}
	c, err := s.ComparisonFor(ctx, q, o, limit)
	if err != nil {
		return ByRecruiter{}, err
	}
	owners, err := s.VacancyOwners(ctx)
	if err != nil {
		return ByRecruiter{}, err
	}
	return SumByRecruiter(o, c, owners), nil
}

// SumByRecruiter groups an overview's vacancies, and a comparison's, by
// their owners.
func SumByRecruiter(o Overview, c Comparison, owners map[int64]Owner) ByRecruiter {
	by := map[int64]*RecruiterFigures{}
	get := func(vac int64) *RecruiterFigures {
		own := owners[vac]
		r := by[own.ID]
		if r == nil {
			r = &RecruiterFigures{RecruiterID: own.ID}
			r.Figures.PerDay = make([]int, len(o.Days))
			by[own.ID] = r
		}
		return r
	}
	for i := range o.Vacancies {
		f := &o.Vacancies[i]
		r := get(f.VacancyID)
		r.Vacancies = append(r.Vacancies, f.VacancyID)
		r.Figures.add(f)
		if name := owners[f.VacancyID].Name; name != "" {
			r.Name = name // vacancies come by id: the newest one's word
		}
	}
	for vac, f := range c.Current.ByVacancy {
		get(vac).Current.add(&f)
	}
	for vac, f := range c.Previous.ByVacancy {
		get(vac).Previous.add(&f)
	}
	ids := make([]int64, 0, len(by))
	for id := range by {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b int64) int {
		switch {
		case a == b:
			return 0
		case a == 0:
			return 1
		case b == 0:
			return -1
		case a < b:
			return -1
		}
		return 1
	})
	out := ByRecruiter{Overview: o, Comparison: c}
	for _, id := range ids {
		r := by[id]
		r.Figures.FirstActions, r.Figures.MedianFirstAction = median(r.Figures.delays)
		r.Current.finish()
		r.Previous.finish()
		out.Recruiters = append(out.Recruiters, *r)
	}
	return out
}
