package store

import (
	"slices"
	"testing"
	"time"
)

// TestOverviewListsOpenVacanciesNobodyAnswered: a published vacancy
// without a response is on the overview, named and at zero (a vacancy
// that dried up is what the screen is for); closed and archived ones
// without responses are not; one with responses is named whatever its
// state, and --vacancy narrows to a silent one as well.
func TestOverviewListsOpenVacanciesNobodyAnswered(t *testing.T) {
	s, _ := openTest(t)
	if err := s.UpsertVacancies(ctx, []Vacancy{
		{ID: 5, Profession: "Водитель", Published: 1},
		{ID: 8, Profession: "Кладовщик", Published: 1},
		{ID: 9, Profession: "Грузчик", Published: 1, IsArchive: true},
		{ID: 10, Profession: "Курьер", Published: 0},
		{ID: 11, Profession: "Повар", Published: 3, IsArchive: true},
	}); err != nil {
		t.Fatal(err)
	}
	mustUpsert(t, s,
		responded(1, 5, FolderInbox, at(19, 10), time.Time{}, 0),
		responded(2, 11, FolderRefused, at(18, 10), at(18, 11), 80),
	)
	now := at(20, 12)
	o := overviewAt(t, s, OverviewQuery{Scope: ScopeMine, Now: now, Location: time.UTC})
	if ids := vacancyIDs(o); !slices.Equal(ids, []int64{5, 8, 11}) {
		t.Fatalf("vacancies %v, want [5 8 11]: the answered ones and the open one nobody answered", ids)
	}
	for id, title := range map[int64]string{5: "Водитель", 8: "Кладовщик", 11: "Повар"} {
		if f := figuresOf(t, o, id); f.Title != title {
			t.Errorf("vacancy %d titled %q, want %q", id, f.Title, title)
		}
	}
	silent := figuresOf(t, o, 8)
	if silent.Responses != 0 || silent.Waiting != 0 || silent.WaitingByAge != [WaitingAges]int{} || silent.Stale != 0 ||
		len(silent.PerDay) != 30 || silent.InWindow() != 0 || silent.Before != 0 || silent.FirstActions != 0 {
		t.Errorf("the silent vacancy's figures: %+v, want all zero over 30 days", silent)
	}
	if o.Total.Responses != 2 || o.Total.InWindow() != 2 {
		t.Errorf("total %+v, want the 2 responses", o.Total)
	}
	o = overviewAt(t, s, OverviewQuery{Scope: ScopeMine, Now: now, Location: time.UTC, VacancyID: 8})
	if ids := vacancyIDs(o); !slices.Equal(ids, []int64{8}) || o.Vacancies[0].Title != "Кладовщик" || o.Total.Responses != 0 {
		t.Errorf("--vacancy 8: %+v, want vacancy 8 alone at zero", o.Vacancies)
	}
}
