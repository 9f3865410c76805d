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
