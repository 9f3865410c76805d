package triage_test

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
)

// Issue 28 §3, tried by hand: in the company's scope the overview named a
// colleague's vacancy ("Курьер") while the list beside it showed
// "#49000002" in its vacancy column, and the history "Vacancy: #49000002".
// The list and the history name the colleagues' vacancies the cache knows.
func TestTheCompanysListNamesAColleaguesVacancy(t *testing.T) {
	src := cache(t, 6)
	ctx := context.Background()
	var es []store.Entry
	for i, e := range []int64{100, 101, 102, 103, 104, 105} {
		en, err := src.Entry(ctx, e)
		if err != nil {
			t.Fatal(err)
		}
		vac := []int64{49000001, 49000002}[i%2]
		es = append(es, store.Entry{ResumeID: en.ResumeID, Scope: store.ScopeMine, Folder: store.FolderInbox,
			FirstName: "Имя", LastName: "Фамилия", Profession: "Повар", LastEventAt: en.LastEventAt,
			Events:  []store.Event{{VacancyID: vac, Type: 10, DateEvent: en.LastEventAt, TypeTitle: "Отклик соискателя"}},
			RawJSON: []byte(`{"profession":"Повар"}`)})
	}
	if err := src.UpsertEntries(ctx, es); err != nil {
		t.Fatal(err)
	}
	if err := src.ReplaceCompanyVacancies(ctx, []store.CompanyVacancy{{ID: 49000001, Profession: "Водитель-экспедитор", OwnerID: 7002},
		{ID: 49000002, Profession: "Курьер", OwnerID: 7002, Published: 1}}); err != nil {
		t.Fatal(err)
	}
	m := screen(t, src, 140, 30)
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "Курьер") || !strings.Contains(view, "Водитель-экспедитор") || strings.Contains(view, "#4900000") {
		t.Errorf("the list does not name the colleague's vacancies:\n%s", view)
	}
	panetest.Keys(t, m, "tab", "tab") // the history
	if view := ansi.Strip(m.View()); !strings.Contains(view, "Vacancy: Курьер") && !strings.Contains(view, "Vacancy: Водитель-экспедитор") {
		t.Errorf("the history does not name the colleague's vacancy:\n%s", view)
	}
}
