package overview

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/action"
)

// teamSource is a fakeSource that also reads the figures by recruiter.
type teamSource struct {
	fakeSource
	by    store.ByRecruiter
	limit time.Duration
	q     store.OverviewQuery
}

func (s *teamSource) Recruiters(_ context.Context, q store.OverviewQuery, limit time.Duration) (store.ByRecruiter, error) {
	s.q, s.limit = q, limit
	return s.by, nil
}

// team is three recruiters and the responses nobody is known to own.
func team() store.ByRecruiter {
	o := figures()
	o.Days = o.Days[23:]
	rs := []store.RecruiterFigures{
		{RecruiterID: 7001, Name: "Анна Смирнова", Vacancies: []int64{1, 2},
			Figures: store.VacancyFigures{Responses: 903, Inbox: 503, Considered: 200, Invited: 100, Refused: 90, Waiting: 483,
				WaitingByAge: [4]int{5, 20, 55, 403}, NearLimit: 14, PastLimit: 61, FirstActions: 120, MedianFirstAction: 5 * time.Hour},
			Current:  store.PeriodFigures{Responses: 40, Invited: 9, Refused: 4, Waiting: 12, Answered: [3]int{20, 25, 27}, Due: [3]int{36, 33, 30}},
			Previous: store.PeriodFigures{Responses: 31, Invited: 10, Refused: 2, Waiting: 5, Answered: [3]int{20, 24, 30}, Due: [3]int{30, 30, 30}}},
		{RecruiterID: 7002, Name: "Пётр Коллегов \x1b[31mred", Vacancies: []int64{3},
			Figures: store.VacancyFigures{Responses: 40, Refused: 40, FirstActions: 40, MedianFirstAction: 20 * time.Minute},
			Current: store.PeriodFigures{Responses: 6, Refused: 6, Answered: [3]int{6, 6, 6}, Due: [3]int{6, 6, 6}}},
		{RecruiterID: 7003, Vacancies: []int64{4}},
		{RecruiterID: 0, Vacancies: []int64{0, 77}, Figures: store.VacancyFigures{Responses: 2, Inbox: 2, Waiting: 2, WaitingByAge: [4]int{0, 0, 0, 2},
			PastLimit: 2}},
	}
	by := store.ByRecruiter{Overview: o, Recruiters: rs}
	t := &by.Overview.Total
	for _, r := range rs {
		f := r.Figures
		t.Responses, t.Inbox, t.Considered, t.Invited, t.Refused = t.Responses+f.Responses, t.Inbox+f.Inbox,
			t.Considered+f.Considered, t.Invited+f.Invited, t.Refused+f.Refused
		t.Waiting, t.FirstActions = t.Waiting+f.Waiting, t.FirstActions+f.FirstActions
		t.NearLimit, t.PastLimit = t.NearLimit+f.NearLimit, t.PastLimit+f.PastLimit
		for i := range t.WaitingByAge {
			t.WaitingByAge[i] += f.WaitingByAge[i]
		}
	}
	t.MedianFirstAction = 4 * time.Hour
	by.Comparison.Current.Total = store.PeriodFigures{Responses: 46, Invited: 9, Refused: 10, Waiting: 12, PastLimit: 7,
		Answered: [3]int{26, 31, 33}, Due: [3]int{42, 39, 36}}
	by.Comparison.Previous.Total = store.PeriodFigures{Responses: 31, Invited: 10, Refused: 2, Waiting: 5, PastLimit: 4,
		Answered: [3]int{20, 24, 30}, Due: [3]int{30, 30, 30}}
	return by
}

// withTeam is the screen at w×h showing the recruiters.
func withTeam(t *testing.T, lang i18n.Lang, w, h int) (*Model, *teamSource) {
	t.Helper()
	c := panetest.Colour(lang, panetest.Clock(panetest.Noon))
	src := &teamSource{fakeSource: fakeSource{o: figures()}, by: team()}
	m := New(c, src, 48*time.Hour)
	m.SetRecruiterNames(map[int64]string{7003: "Ольга (склад)"})
	m.SetSize(w, h)
	m.Focus()
	m.Update(m.Open(store.ScopeAll)())
	_, cmd := m.Update(panetest.Key(t, "T"))
	if cmd == nil || !m.ByRecruiter() {
		t.Fatal("the key by recruiter loads nothing")
	}
	m.Update(cmd())
	return m, src
}

// TestTheTeamAtEverySize (issue 30 §1): the view by recruiter at 80×24 and
// 140×40, EN and RU: each recruiter on two lines, named by [recruiters],
// the service's word or the id; the team on top; the week against the one
// before at the foot; every line the pane's width. The goldens hold what
// each size shows.
func TestTheTeamAtEverySize(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, size := range [][2]int{{80, 24}, {140, 40}} {
			t.Run(fmt.Sprintf("%v_%dx%d", lang, size[0], size[1]), func(t *testing.T) {
				m, src := withTeam(t, lang, size[0], size[1])
				drawn := m.View()
				panetest.Frame(t, drawn, size[0], size[1])
				view := ansi.Strip(drawn)
				words := m.c.Text.Overview.Team
				for _, want := range []string{"Анна Смирнова", "Ольга (склад)", words.NoOwner, words.All, "903", "76%", "100%", "(−1)", "79% (−1)",
					fmt.Sprintf(words.Change, 46, "+15"), fmt.Sprintf(words.Change, 7, "+3"), strings.Split(words.Limits, " · ")[0]} {
					if !strings.Contains(view, want) {
						t.Errorf("no %q in\n%s", want, view)
					}
				}
				if strings.Contains(m.View(), "[31mred") || src.q.Scope != store.ScopeAll || src.q.Days != 7 || src.limit != 48*time.Hour {
					t.Errorf("escape shown, or asked %+v with limit %v", src.q, src.limit)
				}
				golden.RequireEqual(t, []byte(view))
			})
		}
	}
}

// TestTheTeamsKeys: down moves to a recruiter, enter narrows the list to
// their vacancies (in the list's one search language, the responses
// without a vacancy left out), the key again and esc go back to the
// vacancies.
func TestTheTeamsKeys(t *testing.T) {
	m, _ := withTeam(t, i18n.EN, 80, 24)
	if a, _ := m.Update(panetest.Key(t, "enter")); a != (action.Search{Text: "vacancy:1 or vacancy:2", Done: true}) {
		t.Errorf("enter on the first recruiter: %#v", a)
	}
	for range 3 {
		m.Update(panetest.Key(t, "j"))
	}
	if a, _ := m.Update(panetest.Key(t, "enter")); a != (action.Search{Text: "vacancy:77", Done: true}) {
		t.Errorf("enter on the unknown owner's: %#v", a)
	}
	if _, cmd := m.Update(panetest.Key(t, "esc")); m.ByRecruiter() || cmd == nil {
		t.Error("esc did not go back to the vacancies")
	}
	if view := ansi.Strip(m.View()); !strings.Contains(view, "Бухгалтер") {
		t.Errorf("the vacancies after esc:\n%s", view)
	}
}

// The workstation's pane at 80 columns is 78 wide (the screen's box takes
// two): every head and figure of a recruiter's second line is whole there
// (the last share was cut to "≤…" when every cell was seven wide).
func TestTheTeamWholeInThePaneAt80(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		m, _ := withTeam(t, lang, 78, 24)
		view := ansi.Strip(m.View())
		w := m.c.Text.Overview.Team
		for _, want := range []string{w.Near, w.Past, w.Today, w.Older, w.First, w.Within1, w.Within3, w.Within7, "92%", "100%  100%  100%"} {
			if !strings.Contains(view, want) {
				t.Errorf("%v: %q is not whole at 78 columns:\n%s", lang, want, view)
			}
		}
	}
}
