package dialogs

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/action"
	"hrdesk/views/common"
)

// SnoozeDialog asks until when resumes are put aside (issue 31 §4): until
// tomorrow 10:00, in three days, until Monday 10:00, a date typed, or wake
// them now. Times are in the clock's zone (the recruiter's), from its
// moment when the dialog opened; each choice shows the moment it means.
type SnoozeDialog struct {
	c     *common.Common
	ids   []int64
	about string
	now   time.Time
	list  common.List
	date  string // what is typed in the date's field
	err   string // why the typed date is no moment
	width int
}

// The dialog's rows, in order.
const (
	snoozeTomorrow = iota
	snoozeInDays
	snoozeMonday
	snoozeDate
	snoozeWake
	snoozeRows
)

// snoozeHour is the hour the day choices wake at: the working day's start.
const snoozeHour = 10

// NewSnoozeDialog asks about ids, at c's clock's moment.
func NewSnoozeDialog(c *common.Common, ids []int64) *SnoozeDialog {
	return &SnoozeDialog{c: c, ids: ids, now: c.Now()}
}

// About names the one applicant the dialog acts on, for its title.
func (d *SnoozeDialog) About(name string) { d.about = name }

// SetSize implements Dialog.
func (d *SnoozeDialog) SetSize(w, h int) { d.width = boxWidth(w) }

// at is the moment of row i; ok false for the date's row while its text
// is no moment (d.err says why).
func (d *SnoozeDialog) at(i int) (time.Time, bool) {
	day := func(t time.Time) time.Time {
		return time.Date(t.Year(), t.Month(), t.Day(), snoozeHour, 0, 0, 0, d.now.Location())
	}
	switch i {
	case snoozeTomorrow:
		return day(d.now.AddDate(0, 0, 1)), true
	case snoozeInDays:
		return d.now.AddDate(0, 0, 3), true
	case snoozeMonday:
		ahead := (int(time.Monday) - int(d.now.Weekday()) + 7) % 7
		if ahead == 0 {
			ahead = 7 // today is Monday: the next one
		}
		return day(d.now.AddDate(0, 0, ahead)), true
	case snoozeDate:
		return d.typed()
	}
	return time.Time{}, true // wake now
}

// typed is the date's field read as a moment; d.err says why it is none.
func (d *SnoozeDialog) typed() (time.Time, bool) {
	text := strings.TrimSpace(d.date)
	t, err := time.ParseInLocation("2006-01-02 15:04", text, d.now.Location())
	if err != nil {
		t, err = time.ParseInLocation(time.DateOnly, text, d.now.Location())
		t = t.Add(snoozeHour * time.Hour)
	}
	switch {
	case err != nil:
		d.err = d.c.Text.Snooze().BadDate
		return time.Time{}, false
	case !t.After(d.now):
		d.err = d.c.Text.Snooze().Past
		return time.Time{}, false
	}
	d.err = ""
	return t, true
}

// Update implements Dialog.
func (d *SnoozeDialog) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	k := d.c.Keys
	switch {
	case key.Matches(km, k.DialogCancel):
		return action.Close{}, nil
	case key.Matches(km, k.DialogConfirm):
		if until, ok := d.at(d.list.Cursor); ok {
			return action.Snooze{ResumeIDs: d.ids, Until: until}, nil
		}
		return nil, nil
	case d.edit(km):
		return nil, nil
	}
	d.list.Navigate(km, &k, snoozeRows, snoozeRows)
	return nil, nil
}

// edit types into the date's field: a digit, '-', ':' or a space (a
// digit from any row goes there), backspace on its row; ok says km was.
func (d *SnoozeDialog) edit(km tea.KeyPressMsg) bool {
	if km.Code == tea.KeyBackspace && d.list.Cursor == snoozeDate {
		if d.date != "" {
			d.date = d.date[:len(d.date)-1]
		}
		d.err = ""
		return true
	}
	text := km.Text
	if km.Code == tea.KeySpace {
		text = " "
	}
	if len(text) != 1 || !strings.Contains("0123456789-: ", text) || len(d.date) >= len("2006-01-02 15:04") {
		return false
	}
	if d.list.Cursor != snoozeDate && !(text[0] >= '0' && text[0] <= '9') {
		return false
	}
	d.list.Cursor, d.date, d.err = snoozeDate, d.date+text, ""
	return true
}

// View implements Dialog.
func (d *SnoozeDialog) View() string {
	t, st := d.c.Text.Snooze(), d.c.Styles
	inner := innerWidth(d.c, d.width)
	labels := [snoozeRows]string{t.Tomorrow, t.InDays, t.Monday, t.Date + " " + d.field(), t.WakeNow}
	var body []string
	for i, label := range labels {
		line := " " + label
		if i < snoozeDate {
			at, _ := d.at(i)
			line += "  " + st.Muted.Render(at.Format("2006-01-02 15:04"))
		}
		if i == d.list.Cursor {
			line = st.List.Selected.Render(d.c.Fit(line, inner))
		}
		body = append(body, line)
	}
	if d.err != "" {
		body = append(body, "", st.Error.Render(" "+d.err))
	}
	k := d.c.Keys
	hint := fmt.Sprintf(t.Hint, keyLabel(k.Down)+"/"+keyLabel(k.Up), keyLabel(k.DialogConfirm), keyLabel(k.DialogCancel))
	return frame(d.c, d.width, title(d.c, t.Title, d.ids, d.about), body, hint)
}

// field is the date's field: what is typed, or the form it takes.
func (d *SnoozeDialog) field() string {
	if d.date == "" {
		return "[" + d.c.Text.Snooze().Format + "]"
	}
	return "[" + d.date + "_]"
}
