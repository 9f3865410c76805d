package store

import (
	"slices"
	"testing"
	"time"
)

// filterCache holds one entry per condition the query language can say,
// each unlike the others in that one respect.
func filterCache(t *testing.T) *Store {
	t.Helper()
	s, _ := openTest(t)
	day := func(d int) time.Time { return baseTime.Add(time.Duration(d) * 24 * time.Hour) }
	e1 := entry(1, FolderInbox, 1) // salary 50000, age 30, Москва, by the applicant
	e2 := entry(2, FolderConsidered, 2)
	e2.Salary, e2.Age, e2.Town = 0, 0, "Нижний Новгород" // salary by agreement, age unknown
	e2.Events[0].Type = 30                               // by subscription
	e3 := entry(3, FolderInvited, 10)
	e3.Salary, e3.IsNew, e3.ContactsBought = 150000, true, true
	e3.Events[0].Type = 40 // found by the recruiter
	e3.RawJSON = []byte(`{"id":3,"education":{"id":2,"title":"высшее"}}`)
	e4 := entry(4, "12", 20) // a user folder; answered two vacancies: a repeat
	e4.Age = 45
	e4.Events = append(e4.Events, Event{VacancyID: 8, Type: 10, DateEvent: day(20)})
	e4.Skills = "погрузчик"
	mustUpsert(t, s, e1, e2, e3, e4)
	if err := s.ReplaceComments(ctx, 2, []Comment{{ID: 5, ResumeID: 2, Text: "звонил", Date: day(3)}}); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestFilterEachCondition: each condition selects what it says, its
// negation the rest, and `or` across fields either; the count agrees.
func TestFilterEachCondition(t *testing.T) {
	s := filterCache(t)
	day := func(d int) time.Time { return baseTime.Add(time.Duration(d) * 24 * time.Hour) }
	one := func(c Cond) *Filter { return &Filter{All: [][]Cond{{c}}} }
	for _, tc := range []struct {
		name string
		f    *Filter
		want []int64 // newest first
	}{
		{"salary from", one(Cond{Kind: CondSalary, Lo: 60000}), []int64{3}},
		{"salary to leaves out by agreement", one(Cond{Kind: CondSalary, Hi: 60000}), []int64{4, 1}},
		{"not a salary range takes by agreement", one(Cond{Kind: CondSalary, Lo: 60000, Not: true}), []int64{4, 2, 1}},
		{"salary below every one", one(Cond{Kind: CondSalary, Hi: -1}), nil},
		{"age", one(Cond{Kind: CondAge, Lo: 40, Hi: 50}), []int64{4}},
		{"folder", one(Cond{Kind: CondFolder, Text: "12"}), []int64{4}},
		{"vacancies", one(Cond{Kind: CondVacancies, IDs: []int64{8, 99}}), []int64{4}},
		{"town folded", one(Cond{Kind: CondTown, Text: "нижний  НОВГОРОД"}), []int64{2}},
		{"source", one(Cond{Kind: CondSource, IDs: []int64{30, 40}}), []int64{3, 2}},
		{"education", one(Cond{Kind: CondEducation, IDs: []int64{2}}), []int64{3}},
		{"new", one(Cond{Kind: CondNew}), []int64{3}},
		{"stale", one(Cond{Kind: CondStale, At: day(5)}), []int64{2}},
		{"has comment", one(Cond{Kind: CondHasComment}), []int64{2}},
		{"has contacts", one(Cond{Kind: CondHasContacts}), []int64{3}},
		{"repeat", one(Cond{Kind: CondRepeat}), []int64{4}},
		{"waited since before", one(Cond{Kind: CondEventBefore, At: day(5)}), []int64{2, 1}},
		{"event since", one(Cond{Kind: CondEventSince, At: day(5)}), []int64{4, 3}},
		{"responded since", one(Cond{Kind: CondRespondedSince, At: day(10)}), []int64{4, 3}},
		{"responded before", one(Cond{Kind: CondRespondedBefore, At: day(10)}), []int64{2, 1}},
		{"text", one(Cond{Kind: CondText, Text: "погрузчик"}), []int64{4}},
		{"text prefix", one(Cond{Kind: CondText, Text: "погруз", Prefix: true}), []int64{4}},
		{"text whole word", one(Cond{Kind: CondText, Text: "погруз"}), nil},
		{"not text", one(Cond{Kind: CondText, Text: "погрузчик", Not: true}), []int64{3, 2, 1}},
		{"no searchable word", one(Cond{Kind: CondText, Text: "+-"}), nil},
		{"or across fields", &Filter{All: [][]Cond{{{Kind: CondNew}, {Kind: CondHasComment}}}}, []int64{3, 2}},
		{"and of ors", &Filter{All: [][]Cond{{{Kind: CondNew}, {Kind: CondHasComment}}, {{Kind: CondSalary, Lo: 1}}}}, []int64{3}},
		{"negated or-member", &Filter{All: [][]Cond{{{Kind: CondFolder, Text: "inbox", Not: true}, {Kind: CondNew}}}}, []int64{4, 3, 2}},
		{"empty filter", &Filter{}, []int64{4, 3, 2, 1}},
	} {
		q := ListQuery{Filter: tc.f}
		if got := list(t, s, q); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
		if n, err := s.CountEntries(ctx, q); err != nil || n != len(tc.want) {
			t.Errorf("%s: count %d (%v), want %d", tc.name, n, err, len(tc.want))
		}
	}
}

// TestFilterBesideTheOtherFields: a filter narrows what folder, search
// and the recruiter's filters kept, in any order and page.
func TestFilterBesideTheOtherFields(t *testing.T) {
	s := filterCache(t)
	f := &Filter{All: [][]Cond{{{Kind: CondHasComment, Not: true}}}}
	for _, tc := range []struct {
		name string
		q    ListQuery
		want []int64
	}{
		{"search", ListQuery{Search: "Петров", Filter: f}, []int64{4, 3, 1}},
		{"folder", ListQuery{Folder: FolderConsidered, Filter: f}, nil},
		{"salary order", ListQuery{SortBy: SortBySalary, Filter: f}, []int64{3, 4, 1}},
		{"age order ascending", ListQuery{SortBy: SortByAge, Ascending: true, Filter: f}, []int64{1, 3, 4}},
		{"salary field", ListQuery{SalaryFrom: 1, Filter: f}, []int64{4, 3, 1}},
	} {
		if got := list(t, s, tc.q); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
		if n, err := s.CountEntries(ctx, tc.q); err != nil || n != len(tc.want) {
			t.Errorf("%s: count %d (%v), want %d", tc.name, n, err, len(tc.want))
		}
	}
}
