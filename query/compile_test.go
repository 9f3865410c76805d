package query

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"hrdesk/store"
)

var now = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

// cache is five responses, each unlike the others in what a term says;
// newest last event first: 1, 5, 3, 2, 4.
func cache(t *testing.T) *store.Store {
	t.Helper()
	s, err := store.Open(filepath.Join(t.TempDir(), "cache.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	mk := func(id int64, folder string, salary int64, age int, town string, typ int, days int, skills string, vacancies ...int64) store.Entry {
		at := now.Add(-time.Duration(days) * 24 * time.Hour)
		e := store.Entry{ResumeID: id, Scope: store.ScopeMine, Folder: folder, FirstName: "Иван",
			LastName: fmt.Sprintf("Петров%d", id), Profession: "Кандидат", Age: age, Salary: salary, Currency: "rub",
			Town: town, Skills: skills, RawJSON: []byte(fmt.Sprintf(`{"id":%d}`, id))}
		for _, v := range vacancies {
			e.Events = append(e.Events, store.Event{VacancyID: v, Type: typ, DateEvent: at})
		}
		return e
	}
	e1 := mk(1, store.FolderInbox, 50000, 25, "Москва", 10, 1, "водитель погрузчика", 7)
	e1.IsNew = true
	e2 := mk(2, store.FolderConsidered, 0, 40, "Тверь", 30, 20, "кладовщик", 7) // salary by agreement; stale
	e3 := mk(3, store.FolderInvited, 120000, 33, "Москва", 40, 10, "бухгалтер", 8)
	e3.Events = append(e3.Events, store.Event{VacancyID: 8, Type: 60, DateEvent: now.Add(-3 * 24 * time.Hour)})
	e3.ContactsBought = true
	e3.RawJSON = []byte(`{"id":3,"education":{"id":2,"title":"высшее"}}`)
	e4 := mk(4, "12", 90000, 0, "Санкт-Петербург", 20, 30, "грузчик", 7, 8) // two vacancies: a repeat
	e5 := mk(5, store.FolderRefused, 70000, 50, "москва", 50, 2, "водитель", 9)
	if err := s.UpsertEntries(context.Background(), []store.Entry{e1, e2, e3, e4, e5}); err != nil {
		t.Fatal(err)
	}
	if err := s.ReplaceComments(context.Background(), 2, []store.Comment{{ID: 1, ResumeID: 2, Text: "звонил", Date: now}}); err != nil {
		t.Fatal(err)
	}
	return s
}

var env = Env{
	Now: now,
	Folder: func(name string) (string, bool) {
		return "12", strings.EqualFold(name, "кадровый резерв")
	},
	Vacancies: func(title string) []int64 {
		if strings.Contains("бухгалтер на склад", strings.ToLower(title)) {
			return []int64{8}
		}
		return nil
	},
}

// run lists what the line selects, every term in the list's own field
// where it has one (fields) or in the Filter, and checks the count.
func run(t *testing.T, s *store.Store, line string, fields bool) []int64 {
	t.Helper()
	qr, err := Parse(line)
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	q := store.ListQuery{Now: env.Now} // the snoozed are hidden at the tests' clock
	if err := qr.compile(line, env, &q, fields); err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	rows, err := s.ListEntries(context.Background(), q)
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	var got []int64
	for _, r := range rows {
		got = append(got, r.ResumeID)
	}
	if n, err := s.CountEntries(context.Background(), q); err != nil || n != len(got) {
		t.Errorf("%q: count %d (%v), the list %d", line, n, err, len(got))
	}
	return got
}

// TestEachTermSelectsWhatItSays runs every term, negation and `or` over a
// real cache, with the list's own fields and with the Filter alone: both
// select the same resumes.
func TestEachTermSelectsWhatItSays(t *testing.T) {
	s := cache(t)
	for _, tc := range []struct {
		line string
		want []int64
	}{
		{"водитель", []int64{1, 5}},
		{"водит", []int64{1, 5}}, // still typing: a prefix, as the / line does
		{"водит ", nil},          // a whole word
		{`"водитель погрузчика"`, []int64{1}},
		{"+", nil}, // no searchable word: nothing, as the / line says
		{"salary>=60000", []int64{5, 3, 4}},
		{"зп<80000", []int64{1, 5}}, // by agreement is no salary
		{"salary:60000-100000", []int64{5, 4}},
		{"salary>70000", []int64{3, 4}},
		{"salary<=70000", []int64{1, 5}},
		{"salary<1", nil},
		{"salary<70000", []int64{1}}, // 5 asks exactly 70000
		{"age<25", nil},
		{"age<=25", []int64{1}},
		{"age>50", nil},
		{"-salary>=60000", []int64{1, 2}}, // not that salary: by agreement is among them
		{"salary>=60000 salary<100000", []int64{5, 4}},
		{"salary<100000 salary<=70000 salary>=1", []int64{1, 5}}, // the narrower bound wins
		{"age>=20 age>=30 age<=45 age<100", []int64{3, 2}},
		{"age:30-45", []int64{3, 2}},
		{"возраст>=40", []int64{5, 2}},
		{"folder:considered", []int64{2}},
		{"папка:входящие", []int64{1}},
		{`folder:"Кадровый резерв"`, []int64{4}},
		{"vacancy:8", []int64{3, 4}},
		{`vacancy:"бухгалтер"`, []int64{3, 4}},
		{"town:москва", []int64{1, 5, 3}},
		{`город:"Санкт-Петербург"`, []int64{4}},
		{"source:applicant", []int64{1}},
		{"source:subscription", []int64{2}},
		{"source:found", []int64{3}},
		{"source:colleague", []int64{5, 4}},
		{"edu:higher", []int64{3}},
		{"new", []int64{1}},
		{"stale", []int64{2}},
		{"has:comment", []int64{2}},
		{"has:contacts", []int64{3}},
		{"repeat", []int64{4}},
		{"waited>2d", []int64{3, 2, 4}},
		{"waited<2d", []int64{1}}, // 5 has waited two days to the second
		{"waited<=2d", []int64{1, 5}},
		{"waited>=2d", []int64{5, 3, 2, 4}},
		{"responded<=2d", []int64{1, 5}},
		{"responded<2d", []int64{1}},
		{"responded<7d", []int64{1, 5}},
		{"responded>7d", []int64{3, 2, 4}},
		{"responded>=2026-11-18", []int64{1, 5}}, // the whole day: 5 at its noon
		{"responded>2026-11-18", []int64{1}},
		{"responded<=2026-11-10", []int64{3, 2, 4}},
		{"responded<2026-11-10", []int64{2, 4}},
		{"responded>=2026-11-01 responded<=2026-11-18", []int64{5, 3}},
		{"-responded>=2026-11-18", []int64{3, 2, 4}},
		{"responded>=2026-11-19 or responded<2026-10-22", []int64{1, 4}},
		{"-new", []int64{5, 3, 2, 4}},
		{"-town:москва", []int64{2, 4}},
		{"town:москва -водитель", []int64{3}},
		{"new or has:comment", []int64{1, 2}},
		{"водитель or бухгалтер", []int64{1, 5, 3}},
		{"folder:inbox or folder:refused", []int64{1, 5}},
		{"-водитель salary>=60000", []int64{3, 4}},
		{"salary>=100000 or age>=45 -folder:refused", []int64{3}},
		{"vacancy:7 vacancy:8", []int64{4}},
		{"", []int64{1, 5, 3, 2, 4}},
	} {
		for _, fields := range []bool{true, false} {
			if got := run(t, s, tc.line, fields); !slices.Equal(got, tc.want) {
				t.Errorf("%q (fields %v): %v, want %v", tc.line, fields, got, tc.want)
			}
		}
	}
}

// TestCompileUsesTheListsFields: a positive term alone sets the field the
// list's plans are made for, not a Filter.
func TestCompileUsesTheListsFields(t *testing.T) {
	line := "водит salary>=1 age<30 folder:inbox vacancy:7 edu:higher new stale responded<7d"
	qr, err := Parse(line)
	if err != nil {
		t.Fatal(err)
	}
	var q store.ListQuery
	if err := qr.Compile(line, env, &q); err != nil {
		t.Fatal(err)
	}
	want := store.ListQuery{Search: "водит ", SalaryFrom: 1, AgeTo: 29, Folder: "inbox", VacancyID: 7, Education: 2,
		OnlyNew: true, StaleBefore: now.Add(-7 * 24 * time.Hour), RespondedFrom: now.Add(-7*24*time.Hour + time.Second)}
	if q != want {
		t.Errorf("compiled %+v, want %+v", q, want)
	}
}

// TestCompileErrors: a name nothing has is a mistake at its term.
func TestCompileErrors(t *testing.T) {
	for _, tc := range []struct {
		line string
		code Code
		col  int
	}{
		{"водитель folder:архив", UnknownFolder, 9},
		{`new or vacancy:"космонавт"`, UnknownVacancy, 7},
		{`-folder:"нет такой"`, UnknownFolder, 0},
	} {
		qr, err := Parse(tc.line)
		if err != nil {
			t.Fatal(err)
		}
		var q store.ListQuery
		err = qr.Compile(tc.line, env, &q)
		var e *Error
		if !errors.As(err, &e) || e.Code != tc.code || e.Col != tc.col {
			t.Errorf("%q: %v, want code %d at %d", tc.line, err, tc.code, tc.col)
		}
	}
}

// TestCompileSnoozed: `snoozed` lists the resumes put aside, which every
// other query leaves out (issue 31 §4).
func TestCompileSnoozed(t *testing.T) {
	s := cache(t)
	if err := s.Snooze(context.Background(), []int64{3}, now.Add(24*time.Hour), now); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		line string
		want []int64
	}{
		{"snoozed", []int64{3}},
		{"отложено town:москва", []int64{3}},
		{"snoozed new", nil},
		{"-snoozed", []int64{1, 5, 2, 4}},
		{"town:москва", []int64{1, 5}},
	} {
		for _, fields := range []bool{true, false} {
			if got := run(t, s, tc.line, fields); !slices.Equal(got, tc.want) {
				t.Errorf("%q (fields %v): %v, want %v", tc.line, fields, got, tc.want)
			}
		}
	}
}
