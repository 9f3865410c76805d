package statusbar

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/panetest"
)

// The meter speaks only when the budget runs low (a fifth of it left) and
// when the login has less than a day: at 25 of 120 nothing, at 24 the
// figure; at a day and a minute nothing, under a day the lifetime.
func TestMeterOnlyWhenLow(t *testing.T) {
	m := newBar(i18n.EN)
	m.SetSize(140, 2)
	m.SetBudget(25, 120)
	m.SetLogin(now.Add(LoginSoon+time.Minute), true)
	if out := ansi.Strip(m.View()); strings.Contains(out, "left") || strings.Contains(out, "login") {
		t.Fatalf("a budget and a login with room to spare are on the line:\n%s", out)
	}
	m.SetBudget(24, 120)
	m.SetLogin(now.Add(5*time.Hour+12*time.Minute), false)
	out := ansi.Strip(m.View())
	if !strings.Contains(out, "online  •  24 requests left  •  login ends in 5h 12m  •  synced 11:00") {
		t.Fatalf("the meter:\n%s", out)
	}
	m.SetBudget(0, 0) // not known: nothing to say
	m.SetLogin(time.Time{}, false)
	if out := ansi.Strip(m.View()); strings.Contains(out, "left") || strings.Contains(out, "login") {
		t.Errorf("an unknown budget or no login is on the line:\n%s", out)
	}
}

// The lifetime runs on the session's clock, without being told again.
func TestMeterLifetimeFollowsTheClock(t *testing.T) {
	clock := now
	m := newBar(i18n.RU)
	m.c.Now = func() time.Time { return clock }
	m.SetSize(140, 2)
	m.SetLogin(now.Add(2*time.Hour), true)
	if out := ansi.Strip(m.View()); !strings.Contains(out, "вход обновится через 2 ч 0 мин") {
		t.Fatalf("at first:\n%s", out)
	}
	clock = now.Add(2*time.Hour + time.Second)
	if out := ansi.Strip(m.View()); !strings.Contains(out, "вход обновится при следующем запросе") {
		t.Errorf("past its end:\n%s", out)
	}
}

func TestMeterWidthInvariant(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, w := range []int{20, 80, 140} {
			m := newBar(lang)
			m.SetSize(w, 2)
			m.SetBudget(3, 120)
			m.SetLogin(now.Add(40*time.Minute), false)
			panetest.Frame(t, m.View(), w, 2)
		}
	}
}

// A shared budget out of reach (issue 21) is said whatever is left: the
// process runs on a quarter of the minute, so everything is slower.
func TestMeterSaysTheSharedBudgetIsAway(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		m := newBar(lang)
		m.SetSize(160, 2)
		m.SetBudget(30, 30)
		m.SetSharedAway(true)
		want := i18n.For(lang).Meter.SharedAway
		if out := ansi.Strip(m.View()); !strings.Contains(out, want) {
			t.Errorf("%v: the line does not say %q:\n%s", lang, want, out)
		}
		m.SetSharedAway(false)
		if out := ansi.Strip(m.View()); strings.Contains(out, want) {
			t.Errorf("%v: back on the shared budget, still:\n%s", lang, out)
		}
	}
}
