package store

import "time"

// Analytics is what an export for analytics adds to a resume (issue 30
// §4), read with it by EachEntry: the response, where it came from, who
// owns its vacancy, and the recruiter's first action on it.
type Analytics struct {
	// ArrivedAt is the response: its newest event by which resumes reach
	// the recruiter (entries.arrived_at, migration 12); zero: none.
	ArrivedAt time.Time
	// ArrivalType is that event's type (section 6): 10 sent by the
	// applicant, 20 or 50 copied from a colleague, 30 by subscription,
	// 40 found by self; 0: none.
	ArrivalType int
	// ActedAt is the recruiter's first action at or after the response
	// (entries.acted_at); zero: none yet.
	ActedAt time.Time
	// ActionType is that action's type: 60 invited, 70 to consideration,
	// 80 rejected, 90 letter, 100 sent to e-mail, 110 moved; 0: none.
	ActionType int
	// VacancyTitle is the vacancy's title, from the company's list or the
	// own catalogue; "" when the cache has neither.
	VacancyTitle string
	// OwnerID is the vacancy's owner, the recruiter: the company's list's
	// id_user, or the signed-in user for an own vacancy; 0: unknown.
	OwnerID int64
}

// analyticsColumns read Analytics after an entry's columns: the types of
// the events at arrived_at and acted_at (an entry has a few events, read
// by its primary key), the vacancy's title and owner.
const analyticsColumns = `, e.arrived_at,
	coalesce((SELECT v.type FROM events v WHERE v.resume_id = e.resume_id AND e.arrived_at > 0
		AND v.type IN (10, 20, 30, 40, 50) AND v.date_event = e.arrived_at ORDER BY v.seq DESC LIMIT 1), 0),
	e.acted_at,
	coalesce((SELECT v.type FROM events v WHERE v.resume_id = e.resume_id AND e.acted_at > 0
		AND v.type IN (60, 70, 80, 90, 100, 110) AND v.date_event = e.acted_at ORDER BY v.seq LIMIT 1), 0),
	coalesce((SELECT cv.profession FROM company_vacancies cv WHERE cv.id = e.vacancy_id),
		(SELECT vc.profession FROM vacancies vc WHERE vc.id = e.vacancy_id), ''),
	coalesce((SELECT cv.owner_id FROM company_vacancies cv WHERE cv.id = e.vacancy_id),
		(SELECT u.id FROM app_user u WHERE EXISTS (SELECT 1 FROM vacancies vc WHERE vc.id = e.vacancy_id)), 0)`

// analyticsScan is a row's Analytics as scanned.
type analyticsScan struct {
	arrived, acted int64
	a              Analytics
}

// dest are the scan's destinations, in analyticsColumns' order.
func (s *analyticsScan) dest() []any {
	return []any{&s.arrived, &s.a.ArrivalType, &s.acted, &s.a.ActionType, &s.a.VacancyTitle, &s.a.OwnerID}
}

// value is the Analytics scanned.
func (s *analyticsScan) value() Analytics {
	s.a.ArrivedAt, s.a.ActedAt = fromUnix(s.arrived), fromUnix(s.acted)
	return s.a
}
