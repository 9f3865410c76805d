package overview

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/action"
)

// fakeSource answers with fixed figures and keeps the last query.
type fakeSource struct {
	o    store.Overview
	last store.OverviewQuery
}

func (f *fakeSource) Overview(_ context.Context, q store.OverviewQuery) (store.Overview, error) {
	f.last = q
	return f.o, nil
}

func figures() store.Overview {
	days := make([]time.Time, 30)
	for i := range days {
		days[i] = panetest.Noon().AddDate(0, 0, i-29)
	}
	per := func(step int) []int {
		out := make([]int, 30)
		for i := range out {
			out[i] = (i * step) % 9
		}
		return out
	}
	vs := []store.VacancyFigures{
		{VacancyID: 1, Title: "Водитель погрузчика с очень длинным названием, которое не влезет", Responses: 900, Inbox: 500, Considered: 200,
			Invited: 100, Refused: 90, Folders: map[string]int{"7": 10}, Waiting: 480, WaitingByAge: [4]int{5, 20, 55, 400}, Stale: 30,
			NearLimit: 12, PastLimit: 31,
			PerDay: per(1), Before: 80, FirstActions: 120, MedianFirstAction: 5 * time.Hour},
		{VacancyID: 2, Title: "Бухгалтер", Responses: 3, Inbox: 3, Waiting: 3, WaitingByAge: [4]int{0, 0, 0, 3}, NearLimit: 1, PerDay: make([]int, 30)},
		{VacancyID: 3, Title: "Evil \x1b[31mred\x1b[0m", Responses: 40, Refused: 40, PerDay: per(5), Before: 0, FirstActions: 40, MedianFirstAction: 20 * time.Minute},
	}
	o := store.Overview{Days: days, Vacancies: vs, Total: store.VacancyFigures{PerDay: make([]int, 30)}}
	for _, v := range vs {
		o.Total.Responses += v.Responses
		o.Total.Waiting += v.Waiting
		o.Total.NearLimit += v.NearLimit
		o.Total.PastLimit += v.PastLimit
	}
	return o
}

func loaded(t *testing.T, lang i18n.Lang, ascii bool, w, h int) (*Model, *fakeSource) {
	t.Helper()
	c := panetest.Colour(lang, panetest.Clock(panetest.Noon), panetest.ASCII(ascii))
	src := &fakeSource{o: figures()}
	m := New(c, src, 0)
	m.SetSize(w, h)
	m.Focus()
	msg := m.Open(store.ScopeMine)()
	m.Update(msg)
	return m, src
}

// TestEveryLineIsThePaneWidth: at every width and height, in both
// languages, with or without box characters, the view is exactly the
// pane's size (the root no longer measures), titles cut with an ellipsis.
func TestEveryLineIsThePaneWidth(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, ascii := range []bool{false, true} {
			for _, w := range []int{20, 40, 78, 100, 119, 120, 138, 200} {
				for _, h := range []int{3, 8, 18, 34} {
					t.Run(fmt.Sprintf("%v/ascii=%v/%dx%d", lang, ascii, w, h), func(t *testing.T) {
						m, _ := loaded(t, lang, ascii, w, h)
						view := m.View()
						panetest.Frame(t, view, w, h)
						for _, l := range strings.Split(view, "\n") {
							if ascii && strings.ContainsAny(ansi.Strip(l), "▁▂▃▄▅▆▇█▏▎▍▌▋▊▉▓░▒") {
								t.Fatalf("a block character on an ASCII terminal: %q", ansi.Strip(l))
							}
							if strings.Contains(l, "\x1b[31m") {
								t.Fatalf("the title's escape reached the screen: %q", l)
							}
						}
					})
				}
			}
		}
	}
}

// TestKeys: the waiting ones first, s reorders, / filters by title, enter
// asks for the vacancy's responses, esc clears the filter then leaves; the
// query carries the scope and config's stale rule.
func TestKeys(t *testing.T) {
	m, src := loaded(t, i18n.EN, false, 100, 20)
	if src.last.Scope != store.ScopeMine || !src.last.StaleBefore.Equal(panetest.Noon().Add(-7*24*time.Hour)) {
		t.Fatalf("query %+v", src.last)
	}
	order := func() []int64 {
		var ids []int64
		for _, f := range m.shown {
			ids = append(ids, f.VacancyID)
		}
		return ids
	}
	if got := order(); got[0] != 1 || got[1] != 2 || got[2] != 3 {
		t.Fatalf("by waiting: %v", got)
	}
	key := func(s string) action.Action {
		var msg tea.KeyPressMsg
		switch s {
		case "enter":
			msg = tea.KeyPressMsg{Code: tea.KeyEnter}
		case "esc":
			msg = tea.KeyPressMsg{Code: tea.KeyEscape}
		default:
			msg = tea.KeyPressMsg{Code: []rune(s)[0], Text: s}
		}
		a, _ := m.Update(msg)
		return a
	}
	key("s")
	if got := order(); got[0] != 1 || got[1] != 3 || got[2] != 2 {
		t.Fatalf("by responses: %v", got)
	}
	key("s")
	if got := order(); got[0] != 3 || got[1] != 2 || got[2] != 1 { // Evil, Бухгалтер, Водитель
		t.Fatalf("by name: %v", got)
	}
	key("/")
	for _, r := range "бух" {
		key(string(r))
	}
	key("enter")
	if got := order(); len(got) != 1 || got[0] != 2 {
		t.Fatalf("filtered: %v", got)
	}
	if a := key("enter"); a != (action.ShowVacancy{VacancyID: 2}) {
		t.Fatalf("enter asked %#v", a)
	}
	if a := key("esc"); a != nil || len(m.shown) != 3 {
		t.Fatalf("esc with a filter: %#v, %d shown", a, len(m.shown))
	}
	if a := key("esc"); a != (action.Leave{}) {
		t.Fatalf("esc asked %#v", a)
	}
}

// TestPictures: bars in eighths, the stacked funnel's parts (the
// sparkline and the trend: package spark).
func TestPictures(t *testing.T) {
	g := theme.New(true).Glyphs
	if b := bar(g, 1, 2, 3); b != "█▌ " {
		t.Fatalf("half of 3 cells: %q", b)
	}
	if b := bar(g, 1, 1000, 3); b != "▏  " {
		t.Fatalf("one response of 1000 must show: %q", b)
	}
	if p := split([]int{1, 1, 1, 0}, 2); p[0]+p[1]+p[2]+p[3] != 2 {
		t.Fatalf("split %v", p)
	}
}

// TestScreenLoadsThroughItsSource: shown, the screen reads the figures of
// the scope it is shown for through its own source, and reads them again,
// of that scope, when the root says the cache changed.
func TestScreenLoadsThroughItsSource(t *testing.T) {
	c := panetest.Colour(i18n.EN, panetest.Clock(panetest.Noon))
	src := &fakeSource{o: figures()}
	m := New(c, src, 0)
	m.SetSize(100, 30)
	run := func(msg tea.Msg) {
		t.Helper()
		_, cmd := m.Update(msg)
		if cmd != nil {
			m.Update(cmd())
		}
	}
	run(Show{Scope: store.ScopeCompany})
	if src.last.Scope != store.ScopeCompany || len(m.shown) != 3 {
		t.Fatalf("shown for the company: read %v, %d vacancies; want the company's 3", src.last.Scope, len(m.shown))
	}
	src.last = store.OverviewQuery{}
	src.o.Vacancies = src.o.Vacancies[:1]
	run(action.CacheChanged{})
	if len(m.shown) != 1 || src.last.Scope != store.ScopeCompany {
		t.Fatalf("after the cache changed: %d vacancies of %q; want 1 of the company", len(m.shown), src.last.Scope)
	}
}
