package criteria

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"hrdesk/config"
	"hrdesk/i18n"
	"hrdesk/store"
)

var now = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

func every() Set {
	return Set{Responded: config.Responded{Days: 7}, SalaryFrom: 80000, AgeFrom: 25, AgeTo: 40, OnlyNew: true,
		Stale: true, VacancyID: 501, Education: 2}
}

// Each filter reads in both languages, in chip order, its ranges and
// periods in words.
func TestChips(t *testing.T) {
	names := Names{Vacancy: func(int64) string { return "Программист Go" }}
	for lang, want := range map[i18n.Lang][]string{
		i18n.EN: {"responded 7 days", "salary from 80,000", "age 25–40", "new only", "stale", "vacancy: Программист Go", "education: higher"},
		i18n.RU: {"отклик 7 дней", "зарплата от 80 000", "возраст 25–40", "только новые", "без движения", "вакансия: Программист Go", "образование: высшее"},
	} {
		t.Run(fmt.Sprint(lang), func(t *testing.T) {
			tx := i18n.For(lang)
			names.Education = func(id int64) string { return EducationTitle(tx, id, "") }
			var got []string
			for _, c := range every().Chips(tx, now, names) {
				got = append(got, c.Label)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%q\nwant %q", got, want)
			}
		})
	}
	tx := i18n.For(i18n.EN)
	for r, want := range map[config.Responded]string{
		{Days: 1}: "today",
		{From: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC), To: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)}: "1 Nov–20 Nov",
		{To: time.Date(2025, 11, 20, 0, 0, 0, 0, time.UTC)}:                                                     "to 20.11.2025",
	} {
		if got := Period(tx, r, now); got != want {
			t.Errorf("%+v: %q, want %q", r, got, want)
		}
	}
	if got := EducationTitle(tx, 9, "Два высших\x1b[2J"); got != "Два высших" {
		t.Errorf("a level the dictionary lacks, from the cache, cleaned: %q", got)
	}
}

// A set narrows a list query, and the last chip comes off first.
func TestApplyAndRemove(t *testing.T) {
	var q store.ListQuery
	every().Apply(&q, now, 48*time.Hour)
	if q.RespondedFrom != time.Date(2026, 11, 14, 0, 0, 0, 0, time.UTC) || q.SalaryFrom != 80000 || q.AgeTo != 40 ||
		!q.OnlyNew || q.VacancyID != 501 || q.Education != 2 || !q.StaleBefore.Equal(now.Add(-48*time.Hour)) {
		t.Errorf("%+v", q)
	}
	s := every()
	kinds := s.Kinds()
	if len(kinds) != 7 || kinds[6] != Education {
		t.Fatalf("kinds %v", kinds)
	}
	for _, k := range kinds {
		s = s.Without(k)
	}
	if s != (Set{}) {
		t.Errorf("every chip off leaves %+v", s)
	}
	Set{}.Apply(&q, now, 0)
	if q.OnlyNew || !q.StaleBefore.IsZero() || !q.RespondedFrom.IsZero() {
		t.Errorf("an empty set still narrows: %+v", q)
	}
}

// The list's marker agrees with the store's stale filter: waiting in
// Considered or Invited, there by the server's account, no event since.
func TestIsStale(t *testing.T) {
	before := now.Add(-7 * 24 * time.Hour)
	old := now.Add(-8 * 24 * time.Hour)
	for _, c := range []struct {
		r    store.EntryRow
		want bool
	}{
		{store.EntryRow{Folder: "considered", ServerFolder: "considered", LastEventAt: old}, true},
		{store.EntryRow{Folder: "invited", ServerFolder: "invited", LastEventAt: old}, true},
		{store.EntryRow{Folder: "inbox", ServerFolder: "inbox", LastEventAt: old}, false},
		{store.EntryRow{Folder: "considered", ServerFolder: "inbox", LastEventAt: old}, false}, // just moved
		{store.EntryRow{Folder: "considered", ServerFolder: "considered", LastEventAt: now}, false},
	} {
		if got := IsStale(c.r, before); got != c.want {
			t.Errorf("%+v: %v", c.r, got)
		}
	}
}

// A saved view's words become filters and an order.
func TestFromConfig(t *testing.T) {
	s, by, asc, err := FromConfig(config.View{Name: "x", Key: "w", New: true, Salary: "80000-", Responded: "today", Sort: "age asc"})
	if err != nil || !s.OnlyNew || s.SalaryFrom != 80000 || s.Responded.Days != 1 || by != store.SortByAge || !asc {
		t.Errorf("%+v %v %v %v", s, by, asc, err)
	}
}
