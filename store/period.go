package store

import (
	"context"
	"fmt"
	"time"
)

// Week over week (issue 30 §3): a period's responses as a cohort, and the
// same figures of the period before, of the same length. Every figure is
// what was known at the period's end, so a period that ended a week ago
// is not flattered by the actions that came after it: an action at or
// after the end is not yet an action, an event then reached no stage.

// AnswerDays are the spans of PeriodFigures.Answered: a response answered
// within 1, 3 and 7 days.
var AnswerDays = [3]int{1, 3, 7}

// PeriodQuery says whose responses and which period: [From, To).
type PeriodQuery struct {
	Scope    Scope
	From, To time.Time
	// Limit is how long a response may wait unanswered (0: no limit). The
	// seam of issue 30 §2: until the limits per stage land, the caller
	// passes stale_after, the one limit the config has.
	Limit time.Duration
	// VacancyID narrows to one vacancy (0: all).
	VacancyID int64
}

// PeriodFigures are the figures of the responses received in a period.
type PeriodFigures struct {
	// Responses were received in the period; of them, Considered, Invited
	// and Refused reached that stage (an event of its type) before its end.
	Responses, Considered, Invited, Refused int
	// Waiting had no action of the recruiter by the end; PastLimit of them
	// had waited longer than the query's Limit then.
	Waiting, PastLimit int
	// FirstActions were acted on before the end, after MedianFirstAction
	// (to the minute) in the middle.
	FirstActions      int
	MedianFirstAction time.Duration
	// Answered[i] were acted on within AnswerDays[i] days; Due[i] are the
	// responses that had those days before the end, or were answered
	// within them: the share is Answered/Due, not flattered or blamed by
	// the responses of the last hours.
	Answered, Due [len(AnswerDays)]int

	delays map[int64]int
}

// AnsweredShare is Answered[i]/Due[i], false when none were due.
func (p PeriodFigures) AnsweredShare(i int) (float64, bool) {
	if p.Due[i] == 0 {
		return 0, false
	}
	return float64(p.Answered[i]) / float64(p.Due[i]), true
}

// add sums f into p; the median is read again by finish.
func (p *PeriodFigures) add(f *PeriodFigures) {
	p.Responses += f.Responses
	p.Considered += f.Considered
	p.Invited += f.Invited
	p.Refused += f.Refused
	p.Waiting += f.Waiting
	p.PastLimit += f.PastLimit
	for i := range p.Answered {
		p.Answered[i] += f.Answered[i]
		p.Due[i] += f.Due[i]
	}
	for k, n := range f.delays {
		if p.delays == nil {
			p.delays = map[int64]int{}
		}
		p.delays[k] += n
	}
}

func (p *PeriodFigures) finish() { p.FirstActions, p.MedianFirstAction = median(p.delays) }

// Period is a period's figures per vacancy and in total.
type Period struct {
	From, To  time.Time
	ByVacancy map[int64]PeriodFigures
	Total     PeriodFigures
}

// Stages a cohort's events reach (bits of periodSQL's last column).
const (
	reachedConsidered = 1 << iota
	reachedInvited
	reachedRefused
)

// periodSQL reads every response of [?1, ?2) with the stages its events
// reached before its period's end: ?2 for the responses from ?3 on, ?4 for
// the ones before (Compare's two periods in one pass). The responses are a
// range of migration 18's index, named (without statistics SQLite takes an
// index on the scope and looks every entry of it up, the 440 ms of issue
// 20); their events are looked up by key in the key's order: in the order
// of arrival the lookups land all over the events' table (148 ms at 100k
// for a week and the one before, 89 in order, two passes).
const periodSQL = `SELECT e.vacancy_id, e.arrived_at, e.acted_at,
		(SELECT coalesce(max(v.type = 70) + 2 * max(v.type = 60) + 4 * max(v.type = 80), 0) FROM events v
			WHERE v.resume_id = e.resume_id AND v.type IN (60, 70, 80) AND v.date_event >= e.arrived_at
				AND v.date_event < CASE WHEN e.arrived_at >= ?3 THEN ?2 ELSE ?4 END)
	FROM (SELECT resume_id, vacancy_id, arrived_at, acted_at, scope FROM entries INDEXED BY entries_arrived
		WHERE folder IS NOT NULL AND arrived_at > 0 AND arrived_at >= ?1 AND arrived_at < ?2 ORDER BY resume_id) e
	WHERE 1`

// Period reads the figures of the responses received in [q.From, q.To).
func (s *Store) Period(ctx context.Context, q PeriodQuery) (Period, error) {
	cur, _, err := s.periods(ctx, q, q)
	return cur, err
}

// periods reads two periods of one scope and vacancy in one pass: cur, and
// prev, which ends at or before cur starts (prev == cur: one period).
func (s *Store) periods(ctx context.Context, cur, prev PeriodQuery) (Period, Period, error) {
	if !cur.From.Before(cur.To) || !prev.From.Before(prev.To) {
		return Period{}, Period{}, fmt.Errorf("store: period: [%v, %v) or [%v, %v) is empty", cur.From, cur.To, prev.From, prev.To)
	}
	query, args := periodSQL, []any{prev.From.Unix(), cur.To.Unix(), cur.From.Unix(), prev.To.Unix()}
	if cur.Scope != ScopeAll {
		query, args = query+" AND e.scope = ?5", append(args, string(cur.Scope))
	}
	if cur.VacancyID != 0 {
		query, args = query+fmt.Sprintf(" AND e.vacancy_id = ?%d", len(args)+1), append(args, cur.VacancyID)
	}
	rows, err := s.r.QueryContext(ctx, query, args...)
	if err != nil {
		return Period{}, Period{}, fmt.Errorf("store: period: %w", err)
	}
	defer rows.Close()
	byCur, byPrev := map[int64]*PeriodFigures{}, map[int64]*PeriodFigures{}
	for rows.Next() {
		var vac, arrived, acted int64
		var reached int
		if err := rows.Scan(&vac, &arrived, &acted, &reached); err != nil {
			return Period{}, Period{}, fmt.Errorf("store: period: %w", err)
		}
		q, by := cur, byCur
		switch {
		case arrived >= cur.From.Unix():
		case arrived < prev.To.Unix():
			q, by = prev, byPrev
		default: // between the two periods
			continue
		}
		f := by[vac]
		if f == nil {
			f = &PeriodFigures{}
			by[vac] = f
		}
		f.count(q, arrived, acted, reached)
	}
	if err := rows.Err(); err != nil {
		return Period{}, Period{}, fmt.Errorf("store: period: %w", err)
	}
	return summed(cur, byCur), summed(prev, byPrev), nil
}

// summed is a period of these figures per vacancy, and their sum.
func summed(q PeriodQuery, by map[int64]*PeriodFigures) Period {
	out := Period{From: q.From, To: q.To, ByVacancy: map[int64]PeriodFigures{}}
	for vac, f := range by {
		f.finish()
		out.ByVacancy[vac] = *f
		out.Total.add(f)
	}
	out.Total.finish()
	return out
}

// count adds one response of the period: received at arrived (Unix),
// first acted on at acted (0: never), its events reaching the stages of
// the bits reached.
func (f *PeriodFigures) count(q PeriodQuery, arrived, acted int64, reached int) {
	end := q.To.Unix()
	f.Responses++
	if reached&reachedConsidered != 0 {
		f.Considered++
	}
	if reached&reachedInvited != 0 {
		f.Invited++
	}
	if reached&reachedRefused != 0 {
		f.Refused++
	}
	answered := acted > 0 && acted < end
	if !answered {
		f.Waiting++
		if q.Limit > 0 && end-arrived > int64(q.Limit/time.Second) {
			f.PastLimit++
		}
	} else {
		if f.delays == nil {
			f.delays = map[int64]int{}
		}
		f.delays[(acted-arrived)/60]++
	}
	for i, d := range AnswerDays {
		span := int64(d) * 86400
		in := answered && acted-arrived <= span
		if in {
			f.Answered[i]++
		}
		if in || end-arrived >= span {
			f.Due[i]++
		}
	}
}

// Comparison is a period and the one of the same length just before it.
type Comparison struct {
	Current, Previous Period
}

// Compare reads q's period and the one before it: the same span moved back
// by whole calendar days (`report --since 7d` on a Thursday at two: this
// week's Friday midnight to now against the week before's, to the same
// hour), so a weekday's rhythm compares with itself.
func (s *Store) Compare(ctx context.Context, q PeriodQuery, days int) (Comparison, error) {
	prev := q
	prev.From, prev.To = q.From.AddDate(0, 0, -days), q.To.AddDate(0, 0, -days)
	if prev.To.After(q.From) { // a period longer than its days: the two never overlap
		prev.To = q.From
	}
	cur, before, err := s.periods(ctx, q, prev)
	if err != nil {
		return Comparison{}, err
	}
	return Comparison{Current: cur, Previous: before}, nil
}

// ComparisonFor is the comparison of an overview's window: its first day
// to now, against the days before.
func (s *Store) ComparisonFor(ctx context.Context, q OverviewQuery, o Overview, limit time.Duration) (Comparison, error) {
	if len(o.Days) == 0 {
		return Comparison{}, fmt.Errorf("store: period: an overview without days")
	}
	pq := PeriodQuery{Scope: q.Scope, From: o.Days[0], To: q.Now, Limit: limit, VacancyID: q.VacancyID}
	if !pq.From.Before(pq.To) { // a clock at midnight exactly: the second it is
		pq.To = pq.From.Add(time.Second)
	}
	return s.Compare(ctx, pq, len(o.Days))
}
