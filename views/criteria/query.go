package criteria

import (
	"maps"
	"slices"
	"time"

	"hrdesk/query"
)

// Query is the filters as terms of the query language, in chip order:
// what the `/` line would say for them. A period of dates is
// responded>=FROM responded<=TO; a period of the last N days is not a
// term (the language's `responded<7d` counts hours back from now, the
// chip's "7 days" calendar days: it stays a chip), and an education level
// the dictionary does not name has no word either.
func (s Set) Query() query.Query {
	var q query.Query
	add := func(t query.Term) { q.Clauses = append(q.Clauses, query.Clause{t}) }
	amount := func(f query.Field, lo, hi int64) {
		switch {
		case lo > 0 && hi > 0:
			add(query.Term{Field: f, Op: query.Range, N: lo, M: hi})
		case lo > 0:
			add(query.Term{Field: f, Op: query.GE, N: lo})
		case hi > 0:
			add(query.Term{Field: f, Op: query.LE, N: hi})
		}
	}
	if r := s.Responded; r.Days == 0 {
		if !r.From.IsZero() {
			add(query.Term{Field: query.Responded, Op: query.GE, N: day(r.From), Unit: query.Date})
		}
		if !r.To.IsZero() {
			add(query.Term{Field: query.Responded, Op: query.LE, N: day(r.To), Unit: query.Date})
		}
	}
	amount(query.Salary, s.SalaryFrom, s.SalaryTo)
	amount(query.Age, s.AgeFrom, s.AgeTo)
	if s.OnlyNew {
		add(query.Term{Field: query.New})
	}
	if s.Stale {
		add(query.Term{Field: query.Stale})
	}
	if s.VacancyID > 0 {
		add(query.Term{Field: query.Vacancy, N: s.VacancyID})
	}
	for name, id := range query.EducationID {
		if id == s.Education {
			add(query.Term{Field: query.Edu, Text: name})
		}
	}
	return q
}

// FromQuery takes into base the terms of q that a filter of the set says
// exactly and base has not set: positive, alone in their clause (salary,
// age, new, stale, a vacancy by id, education). The rest is q without
// them, the line's text still to show.
func FromQuery(base Set, q query.Query) (Set, query.Query) {
	s := base
	rest := query.Query{Typing: q.Typing}
	for i, c := range q.Clauses {
		if len(c) == 1 && !c[0].Not && s.take(c[0]) {
			if i == len(q.Clauses)-1 {
				rest.Typing = false
			}
			continue
		}
		rest.Clauses = append(rest.Clauses, c)
	}
	if len(rest.Clauses) == 0 {
		rest.Typing = false
	}
	return s, rest
}

// take sets the filter t says, when s has none of its kind; false leaves
// t to the line.
func (s *Set) take(t query.Term) bool {
	switch t.Field {
	case query.Salary:
		lo, hi, ok := amountBounds(t)
		if !ok || s.Has(Salary) {
			return false
		}
		s.SalaryFrom, s.SalaryTo = lo, hi
	case query.Age:
		lo, hi, ok := amountBounds(t)
		if !ok || s.Has(Age) {
			return false
		}
		s.AgeFrom, s.AgeTo = lo, hi
	case query.Responded:
		return s.takeResponded(t)
	case query.New:
		s.OnlyNew = true
	case query.Stale:
		s.Stale = true
	case query.Vacancy:
		if t.Text != "" || t.N <= 0 || s.Has(Vacancy) {
			return false
		}
		s.VacancyID = t.N
	case query.Edu:
		if s.Has(Education) {
			return false
		}
		s.Education = query.EducationID[t.Text]
	default:
		return false
	}
	return true
}

// day is a calendar day as a Date term's N (yyyymmdd).
func day(t time.Time) int64 {
	return int64(t.Year())*10000 + int64(t.Month())*100 + int64(t.Day())
}

// takeResponded sets an end of the period a dated responded term says,
// when the period is not the last N days and that end is open.
func (s *Set) takeResponded(t query.Term) bool {
	if t.Unit != query.Date || s.Responded.Days > 0 {
		return false
	}
	at := time.Date(int(t.N/10000), time.Month(t.N/100%100), int(t.N%100), 0, 0, 0, 0, time.UTC)
	switch {
	case (t.Op == query.GE || t.Op == query.GT) && s.Responded.From.IsZero():
		if t.Op == query.GT {
			at = at.AddDate(0, 0, 1)
		}
		s.Responded.From = at
	case (t.Op == query.LE || t.Op == query.LT) && s.Responded.To.IsZero():
		if t.Op == query.LT {
			at = at.AddDate(0, 0, -1)
		}
		s.Responded.To = at
	default:
		return false
	}
	return true
}

// amountBounds is a salary's or age's term as the set's bounds (0 open);
// false when the set cannot say it (a bound at or below zero).
func amountBounds(t query.Term) (lo, hi int64, ok bool) {
	switch t.Op {
	case query.GE:
		lo = t.N
	case query.GT:
		lo = t.N + 1
	case query.LE:
		hi = t.N
	case query.LT:
		hi = t.N - 1
	case query.Range:
		lo, hi = t.N, t.M
	default:
		return 0, 0, false
	}
	if lo <= 0 && hi <= 0 {
		return 0, 0, false // salary<1: below every value, no filter of the set
	}
	return max(lo, 0), max(hi, 0), true
}

// Unsaid is what of s the query language cannot say: a period of the last
// N days, an education level the dictionary has no word for. It stays a
// chip beside the line; the rest of s is the line's terms.
func (s Set) Unsaid() Set {
	var u Set
	if s.Responded.Days > 0 {
		u.Responded = s.Responded
	}
	if s.Education != 0 && !slices.Contains(slices.Collect(maps.Values(query.EducationID)), s.Education) {
		u.Education = s.Education
	}
	return u
}

// Line is the `/` line of the chips s and the line's other terms rest: s's
// terms first, in chip order, then rest, in canonical form. Parsed and
// read by FromQuery onto s.Unsaid(), it gives s and rest back (the filter
// dialog applied writes it; the line edited gives the chips).
func Line(s Set, rest query.Query) string {
	q := s.Query()
	q.Clauses = append(q.Clauses, rest.Clauses...)
	text := q.String()
	if !rest.Typing && len(rest.Clauses) > 0 || len(rest.Clauses) == 0 && text != "" {
		text += " " // no word is being typed: none is a prefix
	}
	return text
}
