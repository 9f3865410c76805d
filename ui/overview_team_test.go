package ui

import (
	"strings"
	"testing"

	"hrdesk/i18n"
	"hrdesk/store"
)

// Issue 30 §1: T on the overview shows the company's recruiters, and
// enter opens the list on the responses of the recruiter's vacancies (a
// search of the list's one language), on the triage screen.
func TestTheTeamOpensARecruitersResponses(t *testing.T) {
	st := colleagueFixture(t)
	m := newModelIn(t, store.Scoped(st, store.ScopeCompany), i18n.EN, 140, 40)
	press(t, m, "8", "T")
	out := screen(m)
	if m.mode != paneOverview || !m.overviewPane().ByRecruiter() || !strings.Contains(out, "By recruiter") {
		t.Fatalf("T on the overview:\n%s", out)
	}
	for range 5 { // to the colleague, 7002
		if r, ok := m.overviewPane().SelectedRecruiter(); !ok || r.RecruiterID == 7002 {
			break
		}
		press(t, m, "j")
	}
	press(t, m, "enter")
	if got := m.triage.List().SearchText(); m.mode != paneTriage || got != "vacancy:49000006" {
		t.Fatalf("enter: mode %v, the list's search %q\n%s", m.mode, got, screen(m))
	}
}
