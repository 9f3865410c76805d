package store

import (
	"slices"
	"testing"
	"time"
)

// Issue 28 §3: in company scope a colleague's vacancy had no title
// (`#49000006` on the overview, "" in `report --json`) and no state. The
// company's vacancies name it, with its state; an own vacancy's row is the
// newer word on one of the own; a colleague's open vacancy nobody answered
// is the company's figure, not the recruiter's own; what no table names is
// an unnamed vacancy, for the sync to read the company's again.
func TestTheCompanysVacanciesNameAColleaguesVacancy(t *testing.T) {
	s, _ := openTest(t)
	if err := s.UpsertVacancies(ctx, []Vacancy{
		{ID: 5, Profession: "Водитель", Published: 1},
		{ID: 6, Profession: "Курьер", Published: 0},
	}); err != nil {
		t.Fatal(err)
	}
	colleague := func(id, vac int64) Entry {
		e := responded(id, vac, FolderInbox, at(19, 10), time.Time{}, 0)
		e.Scope = ScopeCompany
		return e
	}
	mustUpsert(t, s, responded(1, 5, FolderInbox, at(19, 10), time.Time{}, 0), responded(2, 6, FolderInbox, at(19, 11), time.Time{}, 0),
		colleague(3, 49000006), colleague(4, 49000006), colleague(5, 49000007))
	if got, err := s.UnnamedVacancies(ctx); err != nil || !slices.Equal(got, []int64{49000006, 49000007}) {
		t.Fatalf("unnamed vacancies before the company's: %v, %v", got, err)
	}
	if err := s.ReplaceCompanyVacancies(ctx, []CompanyVacancy{
		{ID: 5, Profession: "Водитель (старое название)", OwnerID: 7001, Published: 0},
		{ID: 49000006, Profession: "Водитель-экспедитор", OwnerID: 7002, Published: 3},
		{ID: 49000008, Profession: "Грузчик", OwnerID: 7002, Published: 1},
		{ID: 49000009, Profession: "Повар", OwnerID: 7002, Published: 0},
	}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.UnnamedVacancies(ctx); err != nil || !slices.Equal(got, []int64{49000007}) {
		t.Errorf("unnamed vacancies after the company's: %v, %v", got, err)
	}
	now := at(20, 12)
	o := overviewAt(t, s, OverviewQuery{Scope: ScopeAll, Now: now, Location: time.UTC})
	if ids := vacancyIDs(o); !slices.Equal(ids, []int64{5, 6, 49000006, 49000007, 49000008}) {
		t.Fatalf("company scope lists %v: the answered ones and the company's open one nobody answered", ids)
	}
	for id, want := range map[int64]VacancyFigures{
		5:        {Title: "Водитель", State: VacancyOpen},
		6:        {Title: "Курьер", State: VacancyClosed},
		49000006: {Title: "Водитель-экспедитор", State: VacancyArchived},
		49000007: {Title: "", State: VacancyUnknown},
		49000008: {Title: "Грузчик", State: VacancyOpen},
	} {
		if f := figuresOf(t, o, id); f.Title != want.Title || f.State != want.State {
			t.Errorf("vacancy %d: %q in state %d, want %q in state %d", id, f.Title, f.State, want.Title, want.State)
		}
	}
	if f := figuresOf(t, o, 49000006); f.Responses != 2 || f.Inbox != 2 {
		t.Errorf("the colleague's vacancy counts %d responses, want 2", f.Responses)
	}
	mine := overviewAt(t, s, OverviewQuery{Scope: ScopeMine, Now: now, Location: time.UTC})
	if ids := vacancyIDs(mine); !slices.Equal(ids, []int64{5, 6}) {
		t.Errorf("the own scope lists %v, want the own vacancies [5 6]", ids)
	}
	// The company's list is replaced whole; the own catalogue stays apart.
	if err := s.ReplaceCompanyVacancies(ctx, []CompanyVacancy{{ID: 49000007, Profession: "Кладовщик", OwnerID: 7003, Published: 1}}); err != nil {
		t.Fatal(err)
	}
	got, err := s.CompanyVacancies(ctx)
	if err != nil || len(got) != 1 || got[0] != (CompanyVacancy{ID: 49000007, Profession: "Кладовщик", OwnerID: 7003, Published: 1}) {
		t.Errorf("the company's vacancies after a second read: %+v, %v", got, err)
	}
	own, err := s.Vacancies(ctx)
	if err != nil || len(own) != 2 {
		t.Errorf("the own vacancies: %+v, %v", own, err)
	}
}

// StateOf reads the contract's published and is_archive as the vacancies
// screen does: 1 open, 0 closed access, 3 or is_archive archived.
func TestVacancyStateOf(t *testing.T) {
	for _, tc := range []struct {
		published int
		archived  bool
		want      VacancyState
	}{{1, false, VacancyOpen}, {0, false, VacancyClosed}, {3, false, VacancyArchived}, {1, true, VacancyArchived}, {0, true, VacancyArchived}} {
		if got := StateOf(tc.published, tc.archived); got != tc.want {
			t.Errorf("StateOf(%d, %v) = %d, want %d", tc.published, tc.archived, got, tc.want)
		}
	}
}
