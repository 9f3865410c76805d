package dialogs

import (
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/views/action"
)

// snoozeAt is the snooze dialog about resume 7 at the clock's moment at.
func snoozeAt(at time.Time) *SnoozeDialog {
	c := panetest.Plain(i18n.EN, panetest.At(at))
	d := NewSnoozeDialog(c, []int64{7})
	d.SetSize(80, 24)
	return d
}

// until is the moment d's answer to keys puts the resume aside until; ok
// false when it gave none.
func until(t *testing.T, d *SnoozeDialog, keys ...string) (time.Time, bool) {
	t.Helper()
	a := drive(d, keys...)
	s, ok := a.(action.Snooze)
	if ok && (len(s.ResumeIDs) != 1 || s.ResumeIDs[0] != 7) {
		t.Errorf("snoozes %v, want resume 7", s.ResumeIDs)
	}
	return s.Until, ok
}

// Each choice is its moment in the clock's zone: the day's ones at 10:00,
// Monday the next one (a week on, on a Monday), a typed date at 10:00 or
// its time; wake now is no moment (issue 31 §4).
func TestSnoozeChoices(t *testing.T) {
	msk := time.FixedZone("MSK", 3*3600)
	friday := time.Date(2026, 11, 20, 23, 30, 0, 0, msk)
	monday := time.Date(2026, 11, 23, 9, 0, 0, 0, msk)
	for _, tc := range []struct {
		name string
		now  time.Time
		keys []string
		want time.Time
	}{
		{"tomorrow", friday, []string{"enter"}, time.Date(2026, 11, 21, 10, 0, 0, 0, msk)},
		{"in 3 days", friday, []string{"down", "enter"}, friday.AddDate(0, 0, 3)},
		{"Monday", friday, []string{"down", "down", "enter"}, time.Date(2026, 11, 23, 10, 0, 0, 0, msk)},
		{"Monday on a Monday", monday, []string{"down", "down", "enter"}, time.Date(2026, 11, 30, 10, 0, 0, 0, msk)},
		{"a date", friday, strings.Split("2026-12-01", ""), time.Date(2026, 12, 1, 10, 0, 0, 0, msk)},
		{"a date and time", friday, strings.Split("2026-12-01 14:30", ""), time.Date(2026, 12, 1, 14, 30, 0, 0, msk)},
	} {
		keys := tc.keys
		if strings.HasPrefix(tc.name, "a date") {
			keys = append(append([]string{}, keys...), "enter")
			for i, k := range keys {
				if k == " " {
					keys[i] = "space"
				}
			}
		}
		got, ok := until(t, snoozeAt(tc.now), keys...)
		if !ok || !got.Equal(tc.want) || got.Location() != msk {
			t.Errorf("%s: %v (%v), want %v", tc.name, got, ok, tc.want)
		}
	}
	if got, ok := until(t, snoozeAt(friday), "down", "down", "down", "down", "enter"); !ok || !got.IsZero() {
		t.Errorf("wake now: %v %v, want no moment", got, ok)
	}
	if a := drive(snoozeAt(friday), "esc"); a != (action.Close{}) {
		t.Errorf("esc: %+v", a)
	}
}

// A date that is none, or gone, is said under the field and snoozes
// nothing; backspace mends it.
func TestSnoozeDateMistakes(t *testing.T) {
	now := panetest.Noon()
	for _, tc := range []struct{ typed, says string }{
		{"2026-13-01", "write a date as"},
		{"2026-11-19", "that moment has passed"},
	} {
		d := snoozeAt(now)
		if _, ok := until(t, d, append(strings.Split(tc.typed, ""), "enter")...); ok {
			t.Errorf("%s snoozed", tc.typed)
		}
		if view := ansi.Strip(d.View()); !strings.Contains(view, tc.says) || !strings.Contains(view, tc.typed) {
			t.Errorf("%s: the dialog does not say %q:\n%s", tc.typed, tc.says, view)
		}
	}
	d := snoozeAt(now)
	drive(d, strings.Split("2026-11-29", "")...)
	d.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	if got, ok := until(t, d, "8", "enter"); !ok || got.Day() != 28 {
		t.Errorf("mended: %v %v, want the 28th", got, ok)
	}
}

// aMoment is a moment as the dialog shows one.
var aMoment = regexp.MustCompile(`\d{4}-\d{2}-\d{2} \d{2}:\d{2}`)

// A digit, 0 to 9, typed on any row starts the date there; a sign does
// only on the date's row; the field takes "2006-01-02 15:04" and no more.
// The three choices of a fixed moment show it; the date's row and wake now
// show none of their own.
func TestSnoozeDateTyping(t *testing.T) {
	now := panetest.Noon()
	for _, digit := range []string{"0", "9"} {
		d := snoozeAt(now)
		drive(d, digit)
		if d.list.Cursor != snoozeDate || d.date != digit {
			t.Errorf("%s on the first row: cursor %d, date %q; want the date's row with %q", digit, d.list.Cursor, d.date, digit)
		}
	}
	d := snoozeAt(now)
	drive(d, "-")
	if d.list.Cursor == snoozeDate || d.date != "" {
		t.Errorf("- on the first row: cursor %d, date %q; want nothing typed", d.list.Cursor, d.date)
	}
	typed := append(strings.Split("2026-12-01", ""), "space")
	typed = append(append(typed, strings.Split("14:305", "")...), "enter")
	if got, ok := until(t, snoozeAt(now), typed...); !ok || got.Hour() != 14 || got.Minute() != 30 {
		t.Errorf("a 17th character typed: %v %v, want 14:30 (the field full at 16)", got, ok)
	}
	view := ansi.Strip(snoozeAt(now).View())
	for _, want := range []string{"2026-11-21 10:00", "2026-11-23 12:00", "2026-11-23 10:00"} {
		if !strings.Contains(view, want) {
			t.Errorf("the choices do not show %s:\n%s", want, view)
		}
	}
	for _, l := range strings.Split(view, "\n") {
		if (strings.Contains(l, "a date:") || strings.Contains(l, "wake now")) && aMoment.MatchString(l) {
			t.Errorf("a row without a moment of its own shows one: %q", l)
		}
	}
}
