package fakeapi

import "testing"

// The demo's colleague owns two vacancies (issue 28 §3): a closed
// "Водитель-экспедитор" and an open "Курьер", each with some of the
// colleague's responses; the recruiter's own responses stay where they
// were, and the colleague's vacancies are not the recruiter's own.
func TestTheDemosColleagueOwnsVacancies(t *testing.T) {
	before := New(Options{Seed: 1})
	s := New(Options{Seed: 1})
	s.AddDemoColleagueVacancies()
	was := map[int64]int64{}
	for _, r := range before.Received() {
		was[r.ResumeID] = r.VacancyID
	}
	theirs := map[int64]int{}
	for _, r := range s.Received() {
		switch {
		case r.Own && r.VacancyID != was[r.ResumeID]:
			t.Errorf("own response %d moved to vacancy %d", r.ResumeID, r.VacancyID)
		case !r.Own && r.VacancyID > colleagueVacancyBase:
			theirs[r.VacancyID]++
		}
	}
	for id, want := range map[int64]struct {
		title     string
		published int64
	}{49000001: {"Водитель-экспедитор", 0}, 49000002: {"Курьер", 1}} {
		v, ok := s.Vacancy(id)
		if !ok || v["profession"] != want.title || num(v["published"]) != want.published || num(v["id_user"]) != colleagueUserID ||
			theirs[id] == 0 || num(v["resumes_all"]) != int64(theirs[id]) {
			t.Errorf("vacancy %d: %v with %d responses, want %q in state %d", id, v, theirs[id], want.title, want.published)
		}
	}
}
