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
	// Limits are the time limits per stage (issue 30 §2, [sla]): a response
	// is past the limit when, at the period's end, it had waited its
	// stage's limit since its last event before the end (Limits.Mark's
	// rule: exactly the limit is past). Its stage is the folder its last
	// folder-changing event before the end put it in (a moved one's: the
	// user folder it sits in now; a move's event names no folder id); not
	// acted on by the end, it is in the inbox and waits from its arrival.
	// Nil: Limit is every stage's.
	Limits Limits
	// Limit is every stage's limit when Limits is nil (an old stale_after;
	// 0: no limit).
	Limit time.Duration
	// VacancyID narrows to one vacancy (0: all).
	VacancyID int64
}

// PeriodFigures are the figures of the responses received in a period.
type PeriodFigures struct {
	// Responses were received in the period; of them, Considered, Invited
	// and Refused reached that stage (an event of its type) before its end.
	Responses, Considered, Invited, Refused int
	// Waiting had no action of the recruiter by the end; PastLimit had
	// waited their stage's limit then (PeriodQuery.Limits), whichever stage.
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

// The stage a response's last folder-changing event before its period's
// end put it in: periodSQL's codes (bits 3-5 of its last column).
const (
	stageInbox = 1 + iota
	stageConsidered
	stageInvited
	stageRefused
	stageMoved
)

// periodSQL reads every response of [?1, ?2) with what its events came to
// before its period's end (?2 for the responses from ?3 on, ?4 for the
// ones before: Compare's two periods in one pass), packed in one number:
// the stages reached (bits 0-2), the stage its last folder-changing event
// put it in (bits 3-5, stage…) and its last event's time (from bit 6);
// then its id (a moved one's user folder is looked up after the pass:
// countMoved). A response not acted on before the end reached no stage, is
// in the inbox and waits from its arrival (an event that is no action, a
// copy to a colleague, does not answer it). One whose last event came
// before the end (every one, for a period ending now) is its kept number
// (migration 21's cohort_mark: the same over all its events). The rest,
// with an event at or after the end, are -1: their events are read after
// the pass (lateEvents). No event is read in the range: a week and the
// week before took 50-57 ms at 100k when each answered response's events
// were looked up in it (sorted by key for the lookups' sake).
// The responses are a range of migration 21's entries_arrived, named
// (without statistics SQLite takes an index on the scope and looks every
// entry of it up, the 440 ms of issue 20).
const periodSQL = `SELECT e.vacancy_id, e.arrived_at, e.acted_at,
		CASE WHEN e.acted_at = 0 OR e.acted_at >= e.period_end THEN 8 + 64 * e.arrived_at
		WHEN e.cohort_mark < 64 * e.period_end THEN e.cohort_mark
		ELSE -1 END,
		e.resume_id
	FROM (SELECT resume_id, vacancy_id, arrived_at, acted_at, cohort_mark, scope,
			CASE WHEN arrived_at >= ?3 THEN ?2 ELSE ?4 END AS period_end
		FROM entries INDEXED BY entries_arrived
		WHERE folder IS NOT NULL AND arrived_at > 0 AND arrived_at >= ?1 AND arrived_at < ?2) e
	WHERE 1`

// periodRow is one response of periodSQL: received at arrived (Unix),
// first acted on at acted (0: never), its events packed; a moved one's
// user folder (countMoved).
type periodRow struct {
	id, arrived, acted, packed int64
	userFolder                 string
}

// moved says its last folder-changing event before the end was a move.
func (r periodRow) moved() bool { return r.packed>>3&7 == stageMoved }

// pastLimit says it had waited its stage's limit at q's end.
func (r periodRow) pastLimit(q PeriodQuery) bool {
	d := q.limitFor(r.stage())
	return d > 0 && q.To.Unix()-r.lastEvent() >= int64(d/time.Second)
}

func (r periodRow) reached() int { return int(r.packed & 7) }

// lastEvent is the time of its last event before the end.
func (r periodRow) lastEvent() int64 { return max(r.packed>>6, r.arrived) }

// stage is the folder it was in at the end ("": none known).
func (r periodRow) stage() string {
	switch r.packed >> 3 & 7 {
	case stageConsidered:
		return FolderConsidered
	case stageInvited:
		return FolderInvited
	case stageRefused:
		return FolderRefused
	case stageMoved:
		return r.userFolder
	}
	return FolderInbox
}

// limitFor is the limit of a stage: Limits', else Limit for every stage
// but refused (an end, not a stage) and an unknown user folder.
func (q PeriodQuery) limitFor(stage string) time.Duration {
	if q.Limits != nil {
		return q.Limits[stage]
	}
	if stage == "" || stage == FolderRefused {
		return 0
	}
	return q.Limit
}

// userFolderLimited says a user folder may have a limit in q.
func (q PeriodQuery) userFolderLimited() bool {
	if q.Limits == nil {
		return q.Limit > 0
	}
	for f := range q.Limits {
		if _, api := StatusForFolder(f); !api && q.Limits[f] > 0 {
			return true
		}
	}
	return false
}

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
	var late, moved []pendingRow
	for rows.Next() {
		var vac int64
		var r periodRow
		if err := rows.Scan(&vac, &r.arrived, &r.acted, &r.packed, &r.id); err != nil {
			return Period{}, Period{}, fmt.Errorf("store: period: %w", err)
		}
		q, by := cur, byCur
		switch {
		case r.arrived >= cur.From.Unix():
		case r.arrived < prev.To.Unix():
			q, by = prev, byPrev
		default: // between the two periods
			continue
		}
		f := by[vac]
		if f == nil {
			f = &PeriodFigures{}
			by[vac] = f
		}
		if p := (pendingRow{f, q, r}); r.packed < 0 { // an event at or after the end
			late = append(late, p)
		} else {
			moved = p.count(moved)
		}
	}
	if err := rows.Err(); err != nil {
		return Period{}, Period{}, fmt.Errorf("store: period: %w", err)
	}
	if moved, err = s.countLate(ctx, late, moved); err != nil {
		return Period{}, Period{}, fmt.Errorf("store: period: %w", err)
	}
	if err := s.countMoved(ctx, moved); err != nil {
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

// count adds one response of the period.
func (f *PeriodFigures) count(q PeriodQuery, r periodRow) {
	end, arrived, acted, reached := q.To.Unix(), r.arrived, r.acted, r.reached()
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
	if !r.moved() && r.pastLimit(q) { // a moved one's: countMoved
		f.PastLimit++
	}
	answered := acted > 0 && acted < end
	if !answered {
		f.Waiting++
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

// pendingRow is a response of a period counted into f, once what the pass
// could not say is read: its events before the end (countLate), or for a
// moved one, whether its user folder's limit is past (countMoved).
type pendingRow struct {
	f *PeriodFigures
	q PeriodQuery
	r periodRow
}

// count counts it, and adds it to moved when its user folder is to be
// looked up.
func (p pendingRow) count(moved []pendingRow) []pendingRow {
	p.f.count(p.q, p.r)
	if p.r.moved() && p.q.userFolderLimited() {
		return append(moved, p)
	}
	return moved
}

// countMoved reads the user folders the moved responses sit in (a move's
// event names no folder id) and counts those past their folder's limit.
// Few responses are moved: looked up by key after the pass, not read for
// every response of it (a read of each entry's row cost a week's cohorts
// 15 ms of 65 at 100k).
func (s *Store) countMoved(ctx context.Context, moved []pendingRow) error {
	if len(moved) == 0 {
		return nil
	}
	ids := make([]int64, len(moved))
	for i, m := range moved {
		ids[i] = m.r.id
	}
	rows, err := s.r.QueryContext(ctx, `SELECT e.resume_id, coalesce(e.user_folder, '') FROM json_each(?) j
		CROSS JOIN entries e ON e.resume_id = j.value`, idList(ids))
	if err != nil {
		return err
	}
	defer rows.Close()
	folders := map[int64]string{}
	for rows.Next() {
		var id int64
		var folder string
		if err := rows.Scan(&id, &folder); err != nil {
			return err
		}
		folders[id] = folder
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, m := range moved {
		m.r.userFolder = folders[m.r.id]
		if m.r.pastLimit(m.q) {
			m.f.PastLimit++
		}
	}
	return nil
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
// to now, against the days before. Past the limit is by q.Limits, the
// limits per stage, when it has any; else limit is every stage's.
func (s *Store) ComparisonFor(ctx context.Context, q OverviewQuery, o Overview, limit time.Duration) (Comparison, error) {
	if len(o.Days) == 0 {
		return Comparison{}, fmt.Errorf("store: period: an overview without days")
	}
	pq := PeriodQuery{Scope: q.Scope, From: o.Days[0], To: q.Now, Limit: limit, VacancyID: q.VacancyID}
	if len(q.Limits) > 0 {
		pq.Limits = q.Limits
	}
	if !pq.From.Before(pq.To) { // a clock at midnight exactly: the second it is
		pq.To = pq.From.Add(time.Second)
	}
	return s.Compare(ctx, pq, len(o.Days))
}
