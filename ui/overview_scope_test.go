package ui

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"hrdesk/i18n"
	"hrdesk/store"
)

// colleagueFixture is the overview's fixture with a colleague's closed
// vacancy, its responses in the company's list and its name among the
// company's vacancies, as a company sync leaves them.
func colleagueFixture(t *testing.T) *store.Store {
	t.Helper()
	st := overviewFixture(t)
	ctx := context.Background()
	var theirs []store.Entry
	for i := range 5 {
		at := testNow.Add(-time.Duration(10+i) * time.Hour)
		theirs = append(theirs, store.Entry{ResumeID: int64(7000 + i), Scope: store.ScopeCompany, Folder: store.FolderInbox,
			FirstName: "Коллега", LastName: fmt.Sprint("К", i), Events: []store.Event{{VacancyID: 49000006, Type: 10, DateEvent: at}},
			RawJSON: []byte(`{}`)})
	}
	if err := st.UpsertEntries(ctx, theirs); err != nil {
		t.Fatal(err)
	}
	if err := st.ReplaceCompanyVacancies(ctx, []store.CompanyVacancy{
		{ID: 49000006, Profession: "Водитель-экспедитор", OwnerID: 7002, Published: 0},
		{ID: 501, Profession: "Программист Go", OwnerID: 7001, Published: 1},
	}); err != nil {
		t.Fatal(err)
	}
	return st
}

// Issue 28 §3: C did nothing on the overview. It switches the scope there
// as on the triage screen: the figures, the box's title and the status
// line follow, and a colleague's vacancy shows by its name and state.
func TestScopeKeyOnTheOverview(t *testing.T) {
	st := colleagueFixture(t)
	m := newModelIn(t, store.Scoped(st, store.ScopeMine), i18n.EN, 140, 40)
	press(t, m, "8")
	if out := screen(m); strings.Contains(out, "Водитель-экспедитор") || strings.Contains(out, "#49000006") {
		t.Fatalf("the own overview shows the colleague's vacancy:\n%s", out)
	}
	press(t, m, "C")
	out := screen(m)
	if m.mode != paneOverview || !strings.Contains(out, "Overview · company") || !strings.Contains(out, "showing the company's responses") {
		t.Fatalf("C on the overview:\n%s", out)
	}
	if !regexp.MustCompile(`Водитель-экспеди\S* +closed `).MatchString(out) || strings.Contains(out, "#49000006") {
		t.Errorf("the colleague's vacancy by its name and state:\n%s", out)
	}
	press(t, m, "C")
	if out := screen(m); strings.Contains(out, "Водитель-экспедитор") || strings.Contains(out, "Overview · company") ||
		!strings.Contains(out, "showing your own responses") {
		t.Errorf("C again, the own overview:\n%s", out)
	}
}
