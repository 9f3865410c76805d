package ui

import (
	"strings"
	"testing"
	"time"

	"hrdesk/i18n"
)

// Issue 26 §7: a clock a week off the service's is said on the status
// line, in the terminal's language, once: a later answer on the line is
// not pushed aside by it at the next meter reading.
func TestTheStatusLineSaysTheClockIsOff(t *testing.T) {
	for lang, want := range map[i18n.Lang]string{
		i18n.EN: "this machine's clock is 7 days ahead of the service's",
		i18n.RU: "часы этого компьютера спешат на 7 дней относительно часов сервиса",
	} {
		t.Run(lang.String(), func(t *testing.T) {
			m, b := meterModel(t, lang, 160, 40, Meter{Left: 100, Limit: 120})
			if out := screen(m); strings.Contains(out, want) {
				t.Fatalf("said before the meter knew:\n%s", out)
			}
			b.meter.ClockAhead = 7*24*time.Hour + 3*time.Second
			run(t, m, m.readMeter())
			if out := screen(m); !strings.Contains(out, want) {
				t.Fatalf("the meter knows the clock is a week ahead; the line does not say so:\n%s", out)
			}
			m.status.Say("copied")
			run(t, m, m.readMeter())
			if out := screen(m); strings.Contains(out, want) || !strings.Contains(out, "copied") {
				t.Errorf("said again over a later answer:\n%s", out)
			}
		})
	}
}
