package resumelist

import (
	"hrdesk/internal/testkit/panetest"
	"strings"
	"testing"
	"time"

	"hrdesk/i18n"
	"hrdesk/store"
	"hrdesk/views/criteria"
)

// The list beside the resume names each response's vacancy (issue 28 §4:
// at 120 columns with the resume open the list had no vacancy column):
// below 70 columns (the list beside the resume at 120 and 140) the vacancy
// takes the profession's place, which the resume beside names; with one
// vacancy, or narrowed to one, the profession is back. From 92 columns both show; between,
// the profession (80 and 100 columns show the list alone, 78 and 98 wide).
func TestTheVacancyColumnBesideTheResume(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, c := range []struct {
			w                   int
			vacancy, profession bool
		}{{49, true, false}, {60, true, false}, {69, true, false}, {70, false, true}, {78, false, true}, {93, true, true}, {98, true, true}} {
			src := &rows{all: []store.EntryRow{
				{ResumeID: 1, DisplayName: "Фамилия Имя", Profession: "Повар", VacancyID: 77, Folder: "inbox", ServerFolder: "inbox", LastEventAt: listNow},
				{ResumeID: 2, DisplayName: "Anna Smith", Profession: "Cook", VacancyID: 78, Folder: "inbox", ServerFolder: "inbox", LastEventAt: listNow},
			}}
			cm := panetest.Plain(lang, panetest.Clock(func() time.Time { return listNow }))
			m := New(cm, src)
			m.SetSize(c.w, 6)
			m.SetVacancies([]store.Vacancy{{ID: 77, Profession: "Водитель"}, {ID: 78, Profession: "Driver"}})
			drain(t, m, m.ShowFolder("inbox", "Inbox"))
			out := strings.Join(lines(t, m, c.w, 6), "\n")
			cols := m.c.Text.Columns
			if got := strings.Contains(out, cols.Vacancy) && strings.Contains(out, "Водитель") && strings.Contains(out, "Driver"); got != c.vacancy {
				t.Errorf("%s/%d: the vacancy column shows: %v, want %v:\n%s", lang, c.w, got, c.vacancy, out)
			}
			if got := strings.Contains(out, cols.Profession) && strings.Contains(out, "Повар"); got != c.profession {
				t.Errorf("%s/%d: the profession column shows: %v, want %v:\n%s", lang, c.w, got, c.profession, out)
			}
			if !strings.Contains(out, "Фамилия Имя") || !strings.Contains(out, "Anna Smith") {
				t.Errorf("%s/%d: a name is cut:\n%s", lang, c.w, out)
			}
			if c.w < vacancyInstead {
				m.SetVacancies([]store.Vacancy{{ID: 77, Profession: "Водитель"}})
				if out := strings.Join(lines(t, m, c.w, 6), "\n"); !strings.Contains(out, cols.Profession) {
					t.Errorf("%s/%d: with one vacancy, nothing to tell apart, the list names it on every row:\n%s", lang, c.w, out)
				}
				m.SetVacancies([]store.Vacancy{{ID: 77, Profession: "Водитель"}, {ID: 78, Profession: "Driver"}})
				drain(t, m, m.SetCriteria(criteria.Set{VacancyID: 77}))
				if out := strings.Join(lines(t, m, c.w, 6), "\n"); !strings.Contains(out, cols.Profession) || strings.Contains(out, cols.Vacancy+" ") {
					t.Errorf("%s/%d: narrowed to one vacancy, the list still names it on every row:\n%s", lang, c.w, out)
				}
			}
		}
	}
}
