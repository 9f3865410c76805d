package store

import "testing"

// Issue 28 §3, tried by hand: in the company's scope the vacancy dialog
// (v) listed a colleague's vacancies as "#49000001" while the overview
// named them. VacancyCounts names them from the company's vacancies; an
// own vacancy keeps its own title.
func TestVacancyCountsNameAColleaguesVacancy(t *testing.T) {
	s, _ := openTest(t)
	own, theirs := entry(1, "inbox", 1), entry(2, "inbox", 2)
	theirs.Events[0].VacancyID = 49000001
	mustUpsert(t, s, own, theirs)
	if err := s.ReplaceCompanyVacancies(ctx, []CompanyVacancy{{ID: 49000001, Profession: "Курьер", OwnerID: 7002, Published: 1},
		{ID: 7, Profession: "не та", OwnerID: 7001}}); err != nil {
		t.Fatal(err)
	}
	if err := s.ReplaceVacancies(ctx, []Vacancy{{ID: 7, Profession: "Водитель", RawJSON: []byte(`{}`)}}); err != nil {
		t.Fatal(err)
	}
	vc, err := s.VacancyCounts(ctx, ScopeAll, "")
	titles := map[int64]string{}
	for _, c := range vc {
		titles[c.VacancyID] = c.Title
	}
	if err != nil || titles[49000001] != "Курьер" || titles[7] != "Водитель" {
		t.Errorf("titles %v (%v), want 49000001 Курьер and 7 Водитель", titles, err)
	}
}
