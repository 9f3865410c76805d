package history

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
)

// apps are an applicant's other applications: the same resume to another
// vacancy, another resume months ago to an unknown vacancy, one in a user
// folder.
func apps() []store.Application {
	return []store.Application{
		{ResumeID: 48213377, VacancyID: 5121, Folder: "invited", LastEventAt: at("2026-11-18 10:00")},
		{ResumeID: 47000001, VacancyID: 4000, Folder: "refused", LastEventAt: at("2026-06-02 10:00")},
		{ResumeID: 47000002, Folder: "501", LastEventAt: at("2025-12-30 10:00")},
	}
}

// A repeat applicant's history starts with their other applications:
// when, where they are now, the vacancy by title, the other resume.
func TestOtherApplications(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, sz := range [][2]int{{60, 20}, {120, 36}} {
			t.Run(fmt.Sprintf("%v_%dx%d", lang, sz[0], sz[1]), func(t *testing.T) {
				c := newCommon(lang)
				m := loaded(c, sz[0], sz[1])
				m.SetVacancies([]store.Vacancy{{ID: 5121, Profession: "Программист Go"}})
				m.SetApplications(48213377, apps())
				out := ansi.Strip(m.View())
				panetest.Frame(t, m.View(), sz[0], sz[1])
				golden.RequireEqual(t, out)
				for _, want := range []string{"Программист Go", "#4000", c.Text.Folders.Invited, c.Text.Folders.Refused,
					fmt.Sprintf(c.Text.Narrow.OtherResume, 47000001), "#501"} {
					if !strings.Contains(out, want) {
						t.Errorf("no %q:\n%s", want, out)
					}
				}
				if strings.Contains(out, fmt.Sprintf(c.Text.Narrow.OtherResume, 48213377)) {
					t.Error("the resume shown is named as another")
				}
			})
		}
	}
	// Another resume's history starts without them.
	m := loaded(newCommon(i18n.EN), 60, 20)
	m.SetApplications(48213377, apps())
	m.SetEvents(1, events())
	if strings.Contains(ansi.Strip(m.View()), "Other applications") {
		t.Error("the previous applicant's applications stayed")
	}
}
