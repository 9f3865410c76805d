package i18n

import (
	"testing"
	"time"
)

// The clocks' difference in the largest whole unit, with its plural form.
func TestClockSkew(t *testing.T) {
	for _, tc := range []struct {
		lang Lang
		d    time.Duration
		want string
	}{
		{EN, 10 * 24 * time.Hour, "this machine's clock is 10 days ahead of the service's"},
		{EN, -48 * time.Hour, "this machine's clock is 2 days behind the service's"},
		{EN, 47 * time.Hour, "this machine's clock is 47 hours ahead of the service's"},
		{EN, -2 * time.Hour, "this machine's clock is 2 hours behind the service's"},
		{EN, 119 * time.Minute, "this machine's clock is 119 minutes ahead of the service's"},
		{EN, time.Minute, "this machine's clock is 1 minute ahead of the service's"},
		{EN, -90 * time.Second, "this machine's clock is 1 minute behind the service's"},
		{RU, 7 * 24 * time.Hour, "часы этого компьютера спешат на 7 дней относительно часов сервиса"},
		{RU, -21 * 24 * time.Hour, "часы этого компьютера отстают на 21 день от часов сервиса"},
		{RU, 3 * time.Hour, "часы этого компьютера спешат на 3 часа относительно часов сервиса"},
		{RU, -time.Minute, "часы этого компьютера отстают на 1 минуту от часов сервиса"},
	} {
		if got := For(tc.lang).ClockSkew(tc.d); got != tc.want {
			t.Errorf("%v %v: %q; want %q", tc.lang, tc.d, got, tc.want)
		}
	}
}

// How long ago, for `hrdesk status` (issue 28 §5): whole units rounded
// down, seconds under a minute.
func TestElapsed(t *testing.T) {
	for _, tc := range []struct {
		lang Lang
		d    time.Duration
		want string
	}{
		{EN, 25 * time.Second, "25 seconds"},
		{EN, 1500 * time.Millisecond, "1 second"},
		{EN, -3 * time.Second, "0 seconds"},
		{EN, 59 * time.Second, "59 seconds"},
		{EN, 67 * time.Second, "1 minute"},
		{EN, 119 * time.Minute, "119 minutes"},
		{EN, 2 * time.Hour, "2 hours"},
		{EN, 47*time.Hour + 59*time.Minute, "47 hours"},
		{EN, 50 * time.Hour, "2 days"},
		{RU, 25 * time.Second, "25 секунд"},
		{RU, 22 * time.Second, "22 секунды"},
		{RU, 21 * time.Second, "21 секунду"},
		{RU, 67 * time.Second, "1 минуту"},
		{RU, 5 * time.Hour, "5 часов"},
		{RU, 72 * time.Hour, "3 дня"},
	} {
		if got := For(tc.lang).Elapsed(tc.d); got != tc.want {
			t.Errorf("%v %v: %q; want %q", tc.lang, tc.d, got, tc.want)
		}
	}
}
