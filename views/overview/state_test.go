package overview

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
)

// withStates is figures() with the vacancies open, closed and archived,
// and one the cache cannot name.
func withStates() store.Overview {
	o := figures()
	o.Vacancies[0].State = store.VacancyOpen
	o.Vacancies[1].State = store.VacancyClosed
	o.Vacancies[2].State = store.VacancyArchived
	o.Vacancies = append(o.Vacancies, store.VacancyFigures{VacancyID: 49000006, Responses: 2, Inbox: 2, PerDay: make([]int, 30)})
	return o
}

// lineOf is the first line of the view holding s.
func lineOf(view, s string) string {
	for _, l := range strings.Split(ansi.Strip(view), "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}

// Issue 28 §3: the overview shows each vacancy's state beside its title,
// in the recruiter's language, at the end of the title's column; a
// vacancy the cache cannot name has none, and a column too narrow for both
// keeps the title.
func TestEachVacancyShowsItsState(t *testing.T) {
	for _, tc := range []struct {
		lang                   i18n.Lang
		open, closed, archived string
	}{
		{i18n.EN, "open", "closed", "archived"},
		{i18n.RU, "открыта", "закрыта", "в архиве"},
	} {
		for _, w := range []int{80, 100, 140, 200} {
			c := panetest.Common(tc.lang, panetest.Clock(panetest.Noon))
			m := New(c, &fakeSource{o: withStates()}, 0)
			m.SetSize(w, 30)
			m.Focus()
			m.Update(m.Open(store.ScopeAll)())
			view := m.View()
			for title, state := range map[string]string{"Водитель": tc.open, "Бухгалтер": tc.closed, "Evil": tc.archived} {
				l := lineOf(view, title)
				at := strings.Index(l, title)
				end := 2 + m.layout().title // the state ends the title's column
				if at < 0 || !strings.Contains(l, state) || len([]rune(l)) < end ||
					strings.TrimSpace(string([]rune(l)[end-m.stateW:end])) != state {
					t.Errorf("%v at %d: %s's line does not end its title's column with %q:\n%q", tc.lang, w, title, state, l)
				}
			}
			l := lineOf(view, "#49000006")
			for _, s := range []string{tc.open, tc.closed, tc.archived} {
				if l == "" || strings.Contains(l, s) {
					t.Errorf("%v at %d: the unnamed vacancy's line %q", tc.lang, w, l)
				}
			}
		}
	}
	// Too narrow for a title and a state: the title stays (67 columns:
	// the title's 11 cells of 60 before the near-the-limit cell).
	m, src := loaded(t, i18n.EN, true, 67, 20)
	src.o = withStates()
	m.Update(m.Reload()())
	if l := lineOf(m.View(), "Бухгалтер"); l == "" || strings.Contains(l, "closed") || m.layout().title != 11 {
		t.Errorf("at 67 columns, a title of %d: %q", m.layout().title, l)
	}
}
