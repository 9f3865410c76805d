package i18n

import (
	"fmt"
	"time"
)

// ClockText says that this machine's clock and the service's disagree
// (issue 26 §7): hrdesk measures a login's life on this machine's clock,
// so the difference is harmless, but it is the likely cause of anything
// odd about times, and worth a word once.
type ClockText struct {
	// Ahead and Behind are "%s" how far (Text.ClockSkew words it):
	// "this machine's clock is 10 days ahead of the service's".
	Ahead, Behind string
	// Why follows them where there is room (a command's standard error).
	Why string
	// DaysOne…MinutesMany are "%d" of each unit; Text.ClockSkew picks the
	// largest whole one and the plural form.
	DaysOne, DaysFew, DaysMany          string
	HoursOne, HoursFew, HoursMany       string
	MinutesOne, MinutesFew, MinutesMany string
	// SecondsOne…SecondsMany are "%d" seconds, for Text.Elapsed.
	SecondsOne, SecondsFew, SecondsMany string
}

func englishClock() ClockText {
	return ClockText{
		Ahead: "this machine's clock is %s ahead of the service's", Behind: "this machine's clock is %s behind the service's",
		Why:     "hrdesk measures token lifetimes on this machine's clock",
		DaysOne: "%d day", DaysFew: "%d days", DaysMany: "%d days",
		HoursOne: "%d hour", HoursFew: "%d hours", HoursMany: "%d hours",
		MinutesOne: "%d minute", MinutesFew: "%d minutes", MinutesMany: "%d minutes",
		SecondsOne: "%d second", SecondsFew: "%d seconds", SecondsMany: "%d seconds",
	}
}

func russianClock() ClockText {
	return ClockText{
		Ahead: "часы этого компьютера спешат на %s относительно часов сервиса", Behind: "часы этого компьютера отстают на %s от часов сервиса",
		Why:     "hrdesk отсчитывает срок входа по часам этого компьютера",
		DaysOne: "%d день", DaysFew: "%d дня", DaysMany: "%d дней",
		HoursOne: "%d час", HoursFew: "%d часа", HoursMany: "%d часов",
		MinutesOne: "%d минуту", MinutesFew: "%d минуты", MinutesMany: "%d минут",
		SecondsOne: "%d секунду", SecondsFew: "%d секунды", SecondsMany: "%d секунд",
	}
}

// ClockSkew says how this machine's clock differs from the service's,
// ahead being how far it is ahead (negative: behind), in the largest whole
// unit: days from two days, hours from two hours, else minutes.
func (t *Text) ClockSkew(ahead time.Duration) string {
	format := t.Clock.Ahead
	if ahead < 0 {
		format, ahead = t.Clock.Behind, -ahead
	}
	c := t.Clock
	one, few, many, size := c.MinutesOne, c.MinutesFew, c.MinutesMany, time.Minute
	switch {
	case ahead >= 48*time.Hour:
		one, few, many, size = c.DaysOne, c.DaysFew, c.DaysMany, 24*time.Hour
	case ahead >= 2*time.Hour:
		one, few, many, size = c.HoursOne, c.HoursFew, c.HoursMany, time.Hour
	}
	n := int(ahead / size)
	return fmt.Sprintf(format, fmt.Sprintf(Plural(t.Lang, n, one, few, many), n))
}

// Elapsed words how long ago something happened (`hrdesk status`'s last
// sync), whole units rounded down: seconds under a minute, minutes under
// two hours, hours under two days, then days. "25 seconds", never "0s"
// 25 s later, nor "1m0s" at 67 s (issue 28 §5). Less than nothing (a
// clock set back) is 0 seconds.
func (t *Text) Elapsed(d time.Duration) string {
	c := t.Clock
	d = max(d, 0)
	one, few, many, size := c.SecondsOne, c.SecondsFew, c.SecondsMany, time.Second
	switch {
	case d >= 48*time.Hour:
		one, few, many, size = c.DaysOne, c.DaysFew, c.DaysMany, 24*time.Hour
	case d >= 2*time.Hour:
		one, few, many, size = c.HoursOne, c.HoursFew, c.HoursMany, time.Hour
	case d >= time.Minute:
		one, few, many, size = c.MinutesOne, c.MinutesFew, c.MinutesMany, time.Minute
	}
	n := int(d / size)
	return fmt.Sprintf(Plural(t.Lang, n, one, few, many), n)
}
