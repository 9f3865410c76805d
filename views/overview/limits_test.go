package overview

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
)

// The limits per stage ([sla], issue 30 §2) go with both reads: the
// vacancies' and the recruiters'.
func TestLimitsGoWithBothReads(t *testing.T) {
	c := panetest.Colour(i18n.EN, panetest.Clock(panetest.Noon))
	src := &teamSource{fakeSource: fakeSource{o: figures()}, by: team()}
	limits := store.Limits{store.FolderInbox: 48 * time.Hour, "1001": 72 * time.Hour}
	m := New(c, src, 0)
	m.SetLimits(limits)
	m.SetSize(100, 20)
	m.Update(m.Open(store.ScopeAll)())
	if !reflect.DeepEqual(src.last.Limits, limits) {
		t.Errorf("the vacancies' read got limits %v, want %v", src.last.Limits, limits)
	}
	m.Focus()
	_, cmd := m.Update(panetest.Key(t, "T"))
	if cmd == nil {
		t.Fatal("the key by recruiter loads nothing")
	}
	m.Update(cmd())
	if !reflect.DeepEqual(src.q.Limits, limits) {
		t.Errorf("the recruiters' read got limits %v, want %v", src.q.Limits, limits)
	}
}

// fieldsAfter are the last n fields of the line holding s, "" when none.
func fieldsAfter(lines []string, s string, n int) string {
	for _, l := range lines {
		if strings.Contains(l, s) {
			f := strings.Fields(l)
			return strings.Join(f[max(len(f)-n, 0):], " ")
		}
	}
	return ""
}

// TestNearAndPastAtEverySize (issue 30 §2): the stale column became the
// resumes near and past their stage's limit, beside the waiting ones, each
// vacancy's and the sum's; the legend at the foot says what they count,
// wrapped whole. At 80×24 and 140×40, EN and RU; the goldens hold what
// each size shows.
func TestNearAndPastAtEverySize(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, size := range [][2]int{{80, 24}, {140, 40}} {
			t.Run(fmt.Sprintf("%v_%dx%d", lang, size[0], size[1]), func(t *testing.T) {
				m, _ := loaded(t, lang, false, size[0], size[1])
				drawn := m.View()
				panetest.Frame(t, drawn, size[0], size[1])
				view := ansi.Strip(drawn)
				lines := strings.Split(view, "\n")
				o := m.c.Text.Overview
				if got, want := fieldsAfter(lines[1:2], o.ShortWaiting, 3), o.ShortWaiting+" "+o.ShortNear+" "+o.ShortPast; got != want {
					t.Errorf("heads end %q, want %q", got, want)
				}
				if got := fieldsAfter(lines, o.All, 3); got != "483 13 31" {
					t.Errorf("the sum's waiting, near, past: %q, want 483 13 31", got)
				}
				if got := fieldsAfter(lines, "Бухгалтер", 3); got != "3 1 0" {
					t.Errorf("Бухгалтер's waiting, near, past: %q, want 3 1 0", got)
				}
				legend := strings.Join(lines[len(lines)-m.footLines():], "\n")
				if !strings.Contains(legend, fmt.Sprintf(o.Abbrev, o.ShortPast, o.Past)) || !strings.Contains(legend, fmt.Sprintf(o.Abbrev, o.ShortNear, o.Near)) {
					t.Errorf("the legend does not say what near and past count:\n%s", legend)
				}
				golden.RequireEqual(t, []byte(view))
			})
		}
	}
}

// The view by recruiter: near and past their stage's limit open each
// recruiter's second line (and the team's: the fixture's team adds the
// recruiters to the vacancies' sum, 13 + 14 near, 31 + 61 + 2 past), and
// the foot says what they count.
func TestTheTeamsNearAndPast(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {140, 40}, {160, 24}} {
		m, _ := withTeam(t, i18n.RU, size[0], size[1])
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		w := m.c.Text.Overview.Team
		cells := func(name string) []string {
			for i, l := range lines {
				if strings.Contains(l, name) {
					if m.teamPer() == 1 {
						return strings.Fields(strings.TrimPrefix(strings.TrimSpace(l), name))[teamFirst:]
					}
					if i+1 < len(lines) {
						return strings.Fields(lines[i+1])
					}
				}
			}
			return nil
		}
		for name, want := range map[string]string{w.All: "27 94", "Анна Смирнова": "14 61", w.NoOwner: "0 2", w.Recruiter: w.Near + " " + w.Past} {
			if got := cells(name); len(got) < 2 || strings.Join(got[:2], " ") != want {
				t.Errorf("%dx%d: %s's cells %v, want near and past %s first", size[0], size[1], name, got, want)
			}
		}
		if !strings.Contains(strings.Join(lines, "\n"), strings.Split(w.Limits, " · ")[0]) {
			t.Errorf("%dx%d: the foot does not say what near and past count", size[0], size[1])
		}
	}
}
