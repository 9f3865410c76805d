package i18n

import (
	"fmt"
	"time"
)

// MeterText is the status bar's budget meter (issue 11 §7): the requests
// left in this minute's budget when it runs low, the login's lifetime
// when it is under a day.
type MeterText struct {
	// LeftOne, LeftFew and LeftMany are "%d" requests left in this
	// minute's budget; Text.RequestsLeft picks the plural form.
	LeftOne, LeftFew, LeftMany string
	// LoginEnds is the login's lifetime with nothing to renew it, "%s"
	// how long (Text.Lifetime); LoginRenews the same with a refresh token
	// that renews it by itself then.
	LoginEnds, LoginRenews string
	// LoginEnded and LoginRenewing: the lifetime is over, with nothing to
	// renew it, or to be renewed by the next request.
	LoginEnded, LoginRenewing string
	// HoursMinutes ("%d" hours, "%d" minutes), Minutes ("%d") and
	// UnderMinute word a lifetime.
	HoursMinutes, Minutes, UnderMinute string
	// SharedAway: the budget shared through PostgreSQL (budget_url) is
	// not in use — it does not answer, or its table is newer than this
	// hrdesk or missing with no right to create it (`hrdesk status` says
	// which) — and this process runs on a quarter of the minute.
	SharedAway string
	// PollsOne, PollsFew and PollsMany: the live inbox checks less often
	// than poll_interval asks (issue 21 §2), "%s" how often (Seconds or
	// Minutes), "%d" the recruiters sharing the service's limit;
	// Text.PollsStretched picks the plural form.
	PollsOne, PollsFew, PollsMany string
	// Seconds ("%d") words an interval under two minutes.
	Seconds string
}

func englishMeter() MeterText {
	return MeterText{
		LeftOne: "%d request left", LeftFew: "%d requests left", LeftMany: "%d requests left",
		LoginEnds: "login ends in %s", LoginRenews: "login renews in %s",
		LoginEnded: "login ended", LoginRenewing: "login renews on the next request",
		HoursMinutes: "%dh %dm", Minutes: "%d min", UnderMinute: "<1 min",
		SharedAway: "shared request budget not in use (see hrdesk status): a quarter of the minute",
		PollsOne:   "new responses checked every %s: %d recruiter shares the service's limit",
		PollsFew:   "new responses checked every %s: %d recruiters share the service's limit",
		PollsMany:  "new responses checked every %s: %d recruiters share the service's limit",
		Seconds:    "%d s",
	}
}

func russianMeter() MeterText {
	return MeterText{
		LeftOne: "остался %d запрос", LeftFew: "осталось %d запроса", LeftMany: "осталось %d запросов",
		LoginEnds: "вход истечёт через %s", LoginRenews: "вход обновится через %s",
		LoginEnded: "вход истёк", LoginRenewing: "вход обновится при следующем запросе",
		HoursMinutes: "%d ч %d мин", Minutes: "%d мин", UnderMinute: "<1 мин",
		SharedAway: "общий бюджет запросов не используется (см. hrdesk status): четверть минуты",
		PollsOne:   "новые отклики проверяются раз в %s: лимит сервиса делит %d рекрутер",
		PollsFew:   "новые отклики проверяются раз в %s: лимит сервиса делят %d рекрутера",
		PollsMany:  "новые отклики проверяются раз в %s: лимит сервиса делят %d рекрутеров",
		Seconds:    "%d с",
	}
}

// RequestsLeft says n requests are left in this minute's budget: "12
// requests left", "осталось 12 запросов".
func (t *Text) RequestsLeft(n int) string {
	return fmt.Sprintf(Plural(t.Lang, n, t.Meter.LeftOne, t.Meter.LeftFew, t.Meter.LeftMany), n)
}

// Lifetime words what is left of a login, in whole minutes: "5h 12m",
// "40 min", "<1 min".
func (t *Text) Lifetime(d time.Duration) string {
	d = d.Truncate(time.Minute)
	switch h, m := int(d/time.Hour), int(d%time.Hour/time.Minute); {
	case h > 0:
		return fmt.Sprintf(t.Meter.HoursMinutes, h, m)
	case m > 0:
		return fmt.Sprintf(t.Meter.Minutes, m)
	}
	return t.Meter.UnderMinute
}

// LoginLeft says how long the login lasts, left before it ends (zero or
// less: it has ended); renews says a refresh token renews it by itself.
func (t *Text) LoginLeft(left time.Duration, renews bool) string {
	switch {
	case left <= 0 && renews:
		return t.Meter.LoginRenewing
	case left <= 0:
		return t.Meter.LoginEnded
	case renews:
		return fmt.Sprintf(t.Meter.LoginRenews, t.Lifetime(left))
	}
	return fmt.Sprintf(t.Meter.LoginEnds, t.Lifetime(left))
}

// PollsStretched says the live inbox checks for new responses every every,
// less often than poll_interval asks, because n recruiters share the
// service's limit: "new responses checked every 3 min: 40 recruiters share
// the service's limit".
func (t *Text) PollsStretched(every time.Duration, n int) string {
	return fmt.Sprintf(Plural(t.Lang, n, t.Meter.PollsOne, t.Meter.PollsFew, t.Meter.PollsMany), t.interval(every), n)
}

// interval words how often something recurs: "100 s" under two minutes
// (a whole minute as "1 min"), else whole minutes, "3 min".
func (t *Text) interval(d time.Duration) string {
	if d >= 2*time.Minute || d == time.Minute {
		return fmt.Sprintf(t.Meter.Minutes, int(d.Round(time.Minute)/time.Minute))
	}
	return fmt.Sprintf(t.Meter.Seconds, max(int(d.Round(time.Second)/time.Second), 1))
}
