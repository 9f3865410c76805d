package store

import (
	"reflect"
	"testing"
	"time"
)

// comparisonAt is the comparison of the week up to now (report --since 7d).
func comparisonAt(t *testing.T, s *Store, scope Scope, now time.Time, limit time.Duration) Comparison {
	t.Helper()
	q := OverviewQuery{Scope: scope, Now: now, Location: time.UTC, Days: 7}
	o := overviewAt(t, s, q)
	c, err := s.ComparisonFor(ctx, q, o, limit)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestPeriodCohortAndItsEdges (issue 30 §3): the week's responses as a
// cohort, hand-counted, and the week before to the same hour: a response
// exactly at a period's start is that period's, exactly at its end the
// next one's (or, between the two spans, neither's); an action exactly at
// the previous period's end had not happened by it.
func TestPeriodCohortAndItsEdges(t *testing.T) {
	s, _ := openTest(t)
	now := at(20, 12) // the week: the 14th 00:00 to now; the week before: the 7th 00:00 to the 13th 12:00
	considered := responded(5, 5, FolderInvited, at(16, 0), at(16, 1), 70)
	considered.Events = append(considered.Events, Event{VacancyID: 5, Type: 60, DateEvent: at(17, 0)})
	mustUpsert(t, s,
		responded(1, 5, FolderInvited, at(14, 0), at(14, 5), 60), // at the start: this week's; 5 h
		responded(4, 5, FolderRefused, at(15, 0), at(15, 2), 80), // 2 h
		considered, // considered, then invited: 1 h
		responded(6, 6, FolderInbox, at(19, 0), time.Time{}, 0),                      // waiting 36 h: past a day's limit
		responded(7, 6, FolderInbox, at(20, 1), time.Time{}, 0),                      // waiting 11 h
		responded(8, 6, FolderInbox, at(14, 6), at(18, 0), 90),                       // a letter after 3 d 18 h: no stage
		responded(21, 5, FolderInbox, at(7, 0), time.Time{}, 0),                      // the week before's start
		responded(22, 5, FolderInvited, at(12, 0), at(13, 12), 60),                   // invited exactly at its end: not by then
		responded(23, 5, FolderInbox, at(13, 11), time.Time{}, 0),                    // the week before, 1 h before its end
		responded(24, 5, FolderInbox, at(13, 12), time.Time{}, 0),                    // at its end: in neither span
		responded(25, 5, FolderInbox, at(6, 23), time.Time{}, 0),                     // before both
		responded(26, 5, FolderInvited, at(13, 12).Add(-time.Second), at(14, 1), 60), // the week before's; acted after it
	)
	c := comparisonAt(t, s, ScopeMine, now, 24*time.Hour)
	if !c.Current.From.Equal(at(14, 0)) || !c.Current.To.Equal(now) || !c.Previous.From.Equal(at(7, 0)) || !c.Previous.To.Equal(at(13, 12)) {
		t.Fatalf("periods [%v, %v) and [%v, %v)", c.Current.From, c.Current.To, c.Previous.From, c.Previous.To)
	}
	cur := c.Current.Total
	// A day, stale_after's way, is every stage's limit (issue 30 §2): past
	// it are 1 (invited 6 d 7 h before the end), 5 (invited 3 d 12 h), 6
	// (waiting 36 h) and 8 (a letter 2 d 12 h before); not 7 (11 h) nor 4
	// (refused: an end, not a stage).
	want := PeriodFigures{Responses: 6, Considered: 1, Invited: 2, Refused: 1, Waiting: 2, PastLimit: 4,
		FirstActions: 4, MedianFirstAction: 210 * time.Minute, // 1 h, 2 h, 5 h, 90 h
		Answered: [3]int{3, 3, 4}, Due: [3]int{5, 4, 4}}
	if cur.delays = nil; !reflect.DeepEqual(cur, want) {
		t.Errorf("this week\n got %+v\nwant %+v", cur, want)
	}
	prev := c.Previous.Total
	want = PeriodFigures{Responses: 4, Waiting: 4, PastLimit: 2, Due: [3]int{2, 1, 0}} // 21 and 22 (its invite came at the end)
	if prev.delays = nil; !reflect.DeepEqual(prev, want) {
		t.Errorf("the week before\n got %+v\nwant %+v", prev, want)
	}
	if v6 := c.Current.ByVacancy[6]; v6.Responses != 3 || v6.Waiting != 2 || v6.FirstActions != 1 || v6.MedianFirstAction != 90*time.Hour {
		t.Errorf("vacancy 6 this week: %+v", v6)
	}
	if share, ok := cur.AnsweredShare(1); !ok || share != 0.75 {
		t.Errorf("answered within 3 days: %v %v, want 0.75", share, ok)
	}
	if _, ok := (PeriodFigures{}).AnsweredShare(0); ok {
		t.Error("a share of no responses")
	}
	// Without a limit nothing is past it; one vacancy narrows both periods.
	q := OverviewQuery{Scope: ScopeMine, Now: now, Location: time.UTC, Days: 7, VacancyID: 6}
	c, err := s.ComparisonFor(ctx, q, overviewAt(t, s, q), 0)
	if err != nil {
		t.Fatal(err)
	}
	if c.Current.Total.Responses != 3 || c.Current.Total.PastLimit != 0 || c.Previous.Total.Responses != 0 {
		t.Errorf("vacancy 6 without a limit: %+v / %+v", c.Current.Total, c.Previous.Total)
	}
}

// TestPeriodCountsTheScope: the company's responses are the company
// scope's, both the ScopeAll's, none the own scope's.
func TestPeriodCountsTheScope(t *testing.T) {
	s, _ := openTest(t)
	theirs := responded(2, 9, FolderInbox, at(19, 0), time.Time{}, 0)
	theirs.Scope = ScopeCompany
	mustUpsert(t, s, responded(1, 5, FolderInbox, at(19, 0), time.Time{}, 0), theirs)
	for scope, n := range map[Scope]int{ScopeMine: 1, ScopeCompany: 1, ScopeAll: 2} {
		if got := comparisonAt(t, s, scope, at(20, 12), 0).Current.Total.Responses; got != n {
			t.Errorf("scope %s: %d responses, want %d", scope, got, n)
		}
	}
}

// TestPeriodPastEachStagesLimit (issue 30 §2): a response of the period is
// past the limit when, at the period's end, it had waited its stage's limit
// since its last event: exactly the limit is past, a second short is not,
// a second more is; its stage is where its last folder-changing event put
// it (a letter is an event, not a stage), a moved one's the user folder it
// sits in; refused has no limit.
func TestPeriodPastEachStagesLimit(t *testing.T) {
	s, _ := openTest(t)
	now := at(20, 12) // the week: the 14th 00:00 to now
	limits := Limits{FolderInbox: 2 * day, FolderConsidered: 3 * day, FolderInvited: day, "1001": 4 * day}
	then := func(e Entry, typ int, when time.Time) Entry {
		e.Events = append(e.Events, Event{VacancyID: 5, Type: typ, DateEvent: when})
		return e
	}
	moved := func(id int64, when time.Time) Entry {
		e := responded(id, 5, FolderInbox, at(14, 1), when, 110)
		e.UserFolder = "1001"
		return e
	}
	mustUpsert(t, s,
		responded(1, 5, FolderInbox, now.Add(-2*day), time.Time{}, 0),                           // exactly the inbox's limit: past
		responded(2, 5, FolderInbox, now.Add(-2*day+time.Second), time.Time{}, 0),               // a second short: not
		responded(3, 5, FolderInbox, now.Add(-2*day-time.Second), time.Time{}, 0),               // a second more: past
		responded(4, 5, FolderConsidered, at(17, 0), now.Add(-3*day), 70),                       // considered exactly 3 d: past
		responded(5, 5, FolderConsidered, at(17, 0), now.Add(-3*day+time.Second), 70),           // a second short: not
		then(responded(6, 5, FolderInvited, at(14, 0), at(15, 0), 60), 90, now.Add(-time.Hour)), // invited, a letter an hour ago: not
		then(responded(7, 5, FolderInvited, at(14, 0), at(15, 0), 70), 60, now.Add(-day)),       // considered, then invited exactly a day ago: past
		moved(8, now.Add(-4*day)),                                 // moved to 1001 exactly 4 d ago: past
		moved(9, now.Add(-4*day+time.Second)),                     // a second short: not
		responded(10, 5, FolderRefused, at(14, 1), at(14, 2), 80), // refused: never
	)
	q := OverviewQuery{Scope: ScopeMine, Now: now, Location: time.UTC, Days: 7, Limits: limits}
	c, err := s.ComparisonFor(ctx, q, overviewAt(t, s, q), 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Current.Total; got.Responses != 10 || got.PastLimit != 5 {
		t.Errorf("%d responses, %d past their stage's limit; want 10, 5 (1, 3, 4, 7, 8)", got.Responses, got.PastLimit)
	}
	// One stage's limit alone: only the inbox's (1 and 3).
	q.Limits = Limits{FolderInbox: 2 * day}
	if c, err = s.ComparisonFor(ctx, q, overviewAt(t, s, q), 30*day); err != nil || c.Current.Total.PastLimit != 2 {
		t.Errorf("the inbox's limit alone: %d past, want 2 (%v)", c.Current.Total.PastLimit, err)
	}
	// No [sla], or an empty one: stale_after is every stage's limit, a user
	// folder's too: at 4 d only the one moved to 1001 exactly 4 d ago (8).
	for _, none := range []Limits{nil, {}} {
		q.Limits = none
		if c, err = s.ComparisonFor(ctx, q, overviewAt(t, s, q), 4*day); err != nil || c.Current.Total.PastLimit != 1 {
			t.Errorf("stale_after alone (limits %v): %d past, want 1 (%v)", none, c.Current.Total.PastLimit, err)
		}
	}
}
