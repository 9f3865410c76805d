package statusbar

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/session/feed"
)

// stretched is a reading of polls every every, past a poll_interval of a
// minute, sharing recruiters sharing the service's limit.
func stretched(every time.Duration, sharing int) feed.Meter {
	return feed.Meter{Polls: feed.Cadence{Every: every, Configured: time.Minute, Sharing: sharing}}
}

// The meter speaks only when the budget runs low (a fifth of it left) and
// when the login has less than a day: at 25 of 120 nothing, at 24 the
// figure; at a day and a minute nothing, under a day the lifetime.
func TestMeterOnlyWhenLow(t *testing.T) {
	m := newBar(i18n.EN)
	m.SetSize(140, 2)
	m.Update(feed.Meter{Left: 25, Limit: 120, LoginEnds: panetest.Noon().Add(LoginSoon + time.Minute), Renews: true})
	if out := ansi.Strip(m.View()); strings.Contains(out, "left") || strings.Contains(out, "login") {
		t.Fatalf("a budget and a login with room to spare are on the line:\n%s", out)
	}
	m.Update(feed.Meter{Left: 24, Limit: 120, LoginEnds: panetest.Noon().Add(5*time.Hour + 12*time.Minute)})
	out := ansi.Strip(m.View())
	if !strings.Contains(out, "online  •  24 requests left  •  login ends in 5h 12m  •  synced 11:00") {
		t.Fatalf("the meter:\n%s", out)
	}
	m.Update(feed.Meter{}) // not known: nothing to say
	if out := ansi.Strip(m.View()); strings.Contains(out, "left") || strings.Contains(out, "login") {
		t.Errorf("an unknown budget or no login is on the line:\n%s", out)
	}
}

// The lifetime runs on the session's clock, without being told again.
func TestMeterLifetimeFollowsTheClock(t *testing.T) {
	clock := panetest.Noon()
	m := newBar(i18n.RU)
	m.c.Now = func() time.Time { return clock }
	m.SetSize(140, 2)
	m.Update(feed.Meter{LoginEnds: panetest.Noon().Add(2 * time.Hour), Renews: true})
	if out := ansi.Strip(m.View()); !strings.Contains(out, "вход обновится через 2 ч 0 мин") {
		t.Fatalf("at first:\n%s", out)
	}
	clock = panetest.Noon().Add(2*time.Hour + time.Second)
	if out := ansi.Strip(m.View()); !strings.Contains(out, "вход обновится при следующем запросе") {
		t.Errorf("past its end:\n%s", out)
	}
}

func TestMeterWidthInvariant(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, w := range []int{20, 80, 140} {
			m := newBar(lang)
			m.SetSize(w, 2)
			m.Update(feed.Meter{Left: 3, Limit: 120, LoginEnds: panetest.Noon().Add(40 * time.Minute)})
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
		m.Update(feed.Meter{Left: 30, Limit: 30, SharedAway: true})
		want := i18n.For(lang).Meter.SharedAway
		if out := ansi.Strip(m.View()); !strings.Contains(out, want) {
			t.Errorf("%v: the line does not say %q:\n%s", lang, want, out)
		}
		m.Update(feed.Meter{Left: 30, Limit: 30})
		if out := ansi.Strip(m.View()); strings.Contains(out, want) {
			t.Errorf("%v: back on the shared budget, still:\n%s", lang, out)
		}
	}
}

// Polls stretched by the recruiters sharing the limit (issue 21 §2) are
// said with why, in whole minutes from two minutes on; polls at
// poll_interval are not said at all.
func TestStatusSaysPollsAreStretched(t *testing.T) {
	cases := []struct {
		lang    i18n.Lang
		every   time.Duration
		sharing int
		want    string
	}{
		{i18n.EN, 3 * time.Minute, 40, "online  •  synced 11:00  •  new responses checked every 3 min: 40 recruiters share the service's limit"},
		{i18n.EN, 100 * time.Second, 100, "new responses checked every 100 s: 100 recruiters share the service's limit"},
		{i18n.EN, 4 * time.Minute, 1, "new responses checked every 4 min: 1 recruiter shares the service's limit"},
		{i18n.RU, 3 * time.Minute, 40, "новые отклики проверяются раз в 3 мин: лимит сервиса делят 40 рекрутеров"},
		{i18n.RU, 61 * time.Second, 61, "новые отклики проверяются раз в 61 с: лимит сервиса делит 61 рекрутер"},
		{i18n.RU, 150 * time.Second, 122, "новые отклики проверяются раз в 3 мин: лимит сервиса делят 122 рекрутера"},
	}
	for _, c := range cases {
		m := newBar(c.lang)
		m.SetSize(200, 2)
		m.Update(stretched(c.every, c.sharing))
		if out := ansi.Strip(m.View()); !strings.Contains(out, c.want) {
			t.Errorf("%v, every %s for %d: the line does not say %q:\n%s", c.lang, c.every, c.sharing, c.want, out)
		}
		m.Update(feed.Meter{Polls: feed.Cadence{Every: time.Minute, Configured: time.Minute, Sharing: c.sharing}})
		if out := ansi.Strip(m.View()); strings.Contains(out, "new responses") || strings.Contains(out, "отклики") {
			t.Errorf("%v: polls at poll_interval are on the line:\n%s", c.lang, out)
		}
	}
	for _, w := range []int{20, 80, 200} {
		m := newBar(i18n.RU)
		m.SetSize(w, 2)
		m.Update(stretched(3*time.Minute, 40))
		panetest.Frame(t, m.View(), w, 2)
	}
}
