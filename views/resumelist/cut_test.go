package resumelist

import (
	"strings"
	"testing"

	"hrdesk/config"
	"hrdesk/i18n"
	"hrdesk/store"
	"hrdesk/views/common"
	"hrdesk/views/criteria"
)

// Every filter set shows as a chip, the vacancy's too: when the chips are
// too many for the line, the longest is cut with the ellipsis instead of
// the last chips falling off the end (issue 19 §2.8). At the list's width
// in a 120×40 window (49) and at 80×24 (78), EN and RU.
func TestEveryChipShowsWhenCrowded(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, w := range []int{49, 78} {
			m, _ := narrowList(t, lang, w, 8)
			m.SetVacancies([]store.Vacancy{{ID: 77, Profession: "Ведущий инженер-конструктор отдела главного механика"}})
			drain(t, m, m.SetCriteria(criteria.Set{Responded: config.Responded{Days: 7}, SalaryFrom: 80000, OnlyNew: true, VacancyID: 77}))
			top := lines(t, m, w, 8)[0]
			n := &m.c.Text.Narrow
			vacancy, _, _ := strings.Cut(n.Vacancy, "%")
			if got := strings.Count(top, "["); got != 4 {
				t.Errorf("%s/%d: %d chips of 4: %q", lang, w, got, top)
			}
			if w < 78 {
				vacancy = string([]rune(vacancy)[:3]) // the narrow pane cuts every chip
			}
			for _, want := range []string{"[" + string([]rune(n.OnlyNew)[:3]), "[" + vacancy} {
				if !strings.Contains(top, want) {
					t.Errorf("%s/%d: %q is not among the chips: %q", lang, w, want, top)
				}
			}
			if !strings.Contains(top, m.c.Styles.Glyphs.Ellipsis+"]") {
				t.Errorf("%s/%d: no chip was cut with the ellipsis: %q", lang, w, top)
			}
		}
	}
}

// A saved view over every folder adds the Folder column; Name and
// Profession keep a readable width, less important columns giving way
// first (issue 19 §2.8: Profession was one letter). At the list's width in
// a 120×40 window (49) and at 80×24 (78), sorted by each order, EN and RU.
func TestNameAndProfessionKeepTheirWidth(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, w := range []int{49, 78} {
			for _, sort := range []store.SortField{store.SortByDate, store.SortBySalary, store.SortByAge} {
				m, _ := narrowList(t, lang, w, 8)
				m.c.UserFolders = append(m.c.UserFolders, common.UserFolder{ID: "501", Name: "Кадровый резерв 2026"})
				drain(t, m, m.ShowView(criteria.View{Everywhere: true, SortBy: sort}, "All"))
				cols := m.columns()
				if len(cols) < 2 || cols[0].width < 10 || cols[1].width < 10 {
					t.Errorf("%s/%d/sort %d: name %d, profession %d columns: %q", lang, w, sort, cols[0].width, cols[1].width,
						lines(t, m, w, 8)[0])
				}
				head := lines(t, m, w, 8)[0]
				if !strings.Contains(head, m.c.Text.Narrow.Folder) {
					t.Errorf("%s/%d: the Folder column went: %q", lang, w, head)
				}
			}
		}
	}
}
