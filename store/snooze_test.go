package store

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// fourInInbox is four resumes in the inbox, 4 the newest.
func fourInInbox(t *testing.T, s *Store) {
	t.Helper()
	mustUpsert(t, s, entry(1, FolderInbox, 1), entry(2, FolderInbox, 2), entry(3, FolderInbox, 3), entry(4, FolderInbox, 4))
}

func count(t *testing.T, s *Store, q ListQuery) int {
	t.Helper()
	n, err := s.CountEntries(ctx, q)
	if err != nil {
		t.Fatalf("count %+v: %v", q, err)
	}
	return n
}

func TestSnoozeHidesFromListAndCounts(t *testing.T) {
	s, clock := openTest(t)
	fourInInbox(t, s)
	if err := s.Snooze(ctx, []int64{3, 4}, clock.t.Add(24*time.Hour), clock.t); err != nil {
		t.Fatal(err)
	}
	if got := list(t, s, ListQuery{Folder: FolderInbox}); !slices.Equal(got, []int64{2, 1}) {
		t.Errorf("inbox = %v, want the two not snoozed", got)
	}
	for name, q := range map[string]ListQuery{
		"kept":     {Folder: FolderInbox},
		"search":   {Folder: FolderInbox, Search: "водитель"},
		"salary":   {Folder: FolderInbox, SalaryFrom: 1},
		"everyone": {},
	} {
		if n := count(t, s, q); n != 2 {
			t.Errorf("%s: count %d, want 2", name, n)
		}
	}
	snoozed, err := s.SnoozedCounts(ctx, ScopeAll, clock.t)
	if err != nil {
		t.Fatal(err)
	}
	counts, err := s.FolderCounts(ctx, ScopeAll)
	if err != nil {
		t.Fatal(err)
	}
	if c := LessSnoozed(counts, snoozed)[0]; c.Folder != FolderInbox || c.Total != 2 || c.Snoozed != 2 {
		t.Errorf("inbox counted %+v, want 2 and 2 snoozed", c)
	}
	per, err := s.SnoozedPerVacancy(ctx, ScopeAll, clock.t)
	if err != nil || per[7] != 2 {
		t.Errorf("snoozed per vacancy %v, %v; want 2 of vacancy 7", per, err)
	}
	about := ListQuery{Folder: FolderInbox, Filter: &Filter{All: [][]Cond{{{Kind: CondSnoozed, At: clock.t}}}}}
	if got := list(t, s, about); !slices.Equal(got, []int64{4, 3}) {
		t.Errorf("snoozed = %v, want 4 3", got)
	}
	if n := count(t, s, about); n != 2 {
		t.Errorf("snoozed counted %d, want 2", n)
	}
}

func TestSnoozeWakesWhenDueFirstAndMarked(t *testing.T) {
	s, clock := openTest(t)
	fourInInbox(t, s)
	until := clock.t.Add(24 * time.Hour)
	if err := s.Snooze(ctx, []int64{1}, until, clock.t); err != nil {
		t.Fatal(err)
	}
	if at, ok, err := s.NextWake(ctx, clock.t); err != nil || !ok || !at.Equal(until) {
		t.Errorf("next wake %v %v %v, want %v", at, ok, err, until)
	}
	if got := list(t, s, ListQuery{Folder: FolderInbox, WokenFirst: true}); !slices.Equal(got, []int64{4, 3, 2}) {
		t.Errorf("before its time: %v", got)
	}
	clock.t = until
	if _, ok, _ := s.NextWake(ctx, clock.t); ok {
		t.Error("a wake still ahead after the last one came")
	}
	if due, err := s.DueSnoozes(ctx, clock.t); err != nil || !slices.Equal(due, []int64{1}) {
		t.Errorf("due %v, %v", due, err)
	}
	rows := mustRows(t, s, ListQuery{Folder: FolderInbox, WokenFirst: true})
	if got := ids(rows); !slices.Equal(got, []int64{1, 4, 3, 2}) || !rows[0].Woken || rows[1].Woken {
		t.Errorf("woken = %v (marks %v %v), want 1 first and marked", got, rows[0].Woken, rows[1].Woken)
	}
	// A first page holds the woken and the rest up to its limit, no more.
	if got := list(t, s, ListQuery{Folder: FolderInbox, WokenFirst: true, Limit: 2}); !slices.Equal(got, []int64{1, 4}) {
		t.Errorf("first page of 2 = %v, want 1 4", got)
	}
	if got := list(t, s, ListQuery{Folder: FolderInbox, WokenFirst: true, Offset: 1, Limit: 2}); !slices.Equal(got, []int64{4, 3}) {
		t.Errorf("second page = %v, want 4 3", got)
	}
	if got := list(t, s, ListQuery{Folder: FolderInbox, WokenFirst: true, SortBy: SortBySalary, Offset: 3}); !slices.Equal(got, []int64{2}) {
		t.Errorf("ranged page = %v, want 2", got)
	}
	if n := count(t, s, ListQuery{Folder: FolderInbox}); n != 4 {
		t.Errorf("count when due %d, want 4", n)
	}
	for id, want := range map[int64]int{1: 0, 4: 1, 2: 3} {
		if row, ok, err := s.ListPosition(ctx, ListQuery{Folder: FolderInbox, WokenFirst: true}, id); err != nil || !ok || row != want {
			t.Errorf("%d is at row %d (%v %v), want %d", id, row, ok, err, want)
		}
	}
	// The recruiter acts on it: the mark ends.
	if _, err := s.Enqueue(ctx, Action{ResumeID: 1, Kind: ActionCommentAdd, Payload: ActionPayload{Text: "позвонить"}}); err != nil {
		t.Fatal(err)
	}
	if due, _ := s.DueSnoozes(ctx, clock.t); len(due) != 0 {
		t.Errorf("still woken after an action: %v", due)
	}
}

func TestSnoozeWokenEarlyByANewResponse(t *testing.T) {
	s, clock := openTest(t)
	fourInInbox(t, s)
	if err := s.Snooze(ctx, []int64{1, 2}, clock.t.Add(72*time.Hour), clock.t); err != nil {
		t.Fatal(err)
	}
	// The sync writes 1 again as it was (an old response) and 2 with a
	// response after the snooze.
	answered := entry(2, FolderInbox, 2)
	at := clock.t.Add(time.Hour)
	answered.Events = append(answered.Events, Event{VacancyID: 7, Type: 10, DateEvent: at})
	mustUpsert(t, s, entry(1, FolderInbox, 1), answered)
	clock.t = at.Add(time.Minute)
	if got := list(t, s, ListQuery{Folder: FolderInbox, WokenFirst: true}); !slices.Equal(got, []int64{2, 4, 3}) {
		t.Errorf("after a response = %v, want 2 woken first, 1 still snoozed", got)
	}
}

func TestSnoozeHoldsAcrossRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache.db")
	s, clock := openAt(t, path)
	fourInInbox(t, s)
	if err := s.Snooze(ctx, []int64{4}, clock.t.Add(time.Hour), clock.t); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, clock = openAt(t, path)
	if got := list(t, s, ListQuery{Folder: FolderInbox}); !slices.Equal(got, []int64{3, 2, 1}) {
		t.Errorf("reopened: %v, want 4 still snoozed", got)
	}
	if err := s.Unsnooze(ctx, []int64{4}); err != nil {
		t.Fatal(err)
	}
	if n := count(t, s, ListQuery{Folder: FolderInbox}); n != 4 {
		t.Errorf("woken now: count %d, want 4", n)
	}
}

// A profile's view counts the snoozed of its scope only, as its folders.
func TestSnoozedCountsInTheViewsScope(t *testing.T) {
	s, clock := openTest(t)
	theirs := entry(5, FolderInbox, 5)
	theirs.Scope = ScopeCompany
	mustUpsert(t, s, entry(1, FolderInbox, 1), theirs)
	if err := s.Snooze(ctx, []int64{1, 5}, clock.t.Add(time.Hour), clock.t); err != nil {
		t.Fatal(err)
	}
	mine := Scoped(s, ScopeMine)
	counts, err := mine.SnoozedCounts(ctx, ScopeAll, clock.t)
	if err != nil || counts[FolderInbox].Total != 1 {
		t.Errorf("mine counts %v, %v; want the own one", counts, err)
	}
	per, err := mine.SnoozedPerVacancy(ctx, ScopeAll, clock.t)
	if err != nil || per[7] != 1 {
		t.Errorf("mine per vacancy %v, %v; want the own one", per, err)
	}
}

// With a resume snoozed the list's plans still walk the order's index: the
// snoozed are a small list asked per row (TestQueryPlans' cases).
func TestQueryPlansWhileSnoozed(t *testing.T) {
	s, clock := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1), entry(2, FolderInbox, 2))
	if err := s.Snooze(ctx, []int64{2}, clock.t.Add(time.Hour), clock.t); err != nil {
		t.Fatal(err)
	}
	snoozed := &Filter{All: [][]Cond{{{Kind: CondSnoozed, At: clock.t}}}}
	for _, tc := range []struct {
		q     ListQuery
		index string
	}{
		{ListQuery{}, "entries_date"},
		{ListQuery{Folder: FolderInbox, Offset: 45000}, "entries_folder_date"},
		{ListQuery{Folder: FolderInbox, SortBy: SortBySalary}, "entries_folder_salary "},
		{ListQuery{Folder: FolderInbox, Scope: ScopeMine, Search: "иван"}, "entries_folder_date"},
		{ListQuery{Folder: FolderInbox, Filter: everyCond}, "entries_folder_date"},
		{ListQuery{Folder: FolderInbox, Filter: snoozed}, "entries_folder_date"},
	} {
		s.plan.drivenBelow = 0
		for _, plan := range explainPages(t, s, tc.q) {
			if !strings.Contains(plan+" ", tc.index) || strings.Contains(plan, "TEMP B-TREE") || !strings.Contains(plan, "snoozes") {
				t.Errorf("%+v:\n%s", tc.q, plan)
			}
		}
	}
}

// The snoozed leave a folder's new ones too: what is left new is the
// folder's new less the snoozed new (never below 0).
func TestLessSnoozedTakesTheNewOnesOut(t *testing.T) {
	counts := []FolderCount{{Folder: FolderInbox, Total: 5, New: 3}, {Folder: FolderConsidered, Total: 1, New: 0}}
	snoozed := map[string]FolderCount{FolderInbox: {Folder: FolderInbox, Total: 2, New: 1}, FolderConsidered: {Total: 3, New: 2}}
	got := LessSnoozed(counts, snoozed)
	want := []FolderCount{{Folder: FolderInbox, Total: 3, New: 2, Snoozed: 2}, {Folder: FolderConsidered, Total: 0, New: 0, Snoozed: 3}}
	if !slices.Equal(got, want) {
		t.Errorf("LessSnoozed = %+v, want %+v", got, want)
	}
}
