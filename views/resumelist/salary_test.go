package resumelist

import (
	"hrdesk/internal/testkit/panetest"
	"strings"
	"testing"
	"time"

	"hrdesk/i18n"
	"hrdesk/store"
)

// Issue 28 §5: a salary left open by the applicant (0 in the service's
// answer) reads "by agreement" in the salary column, as in the resume
// pane; it was a blank cell. The column's words fit its 13 cells whole.
func TestSalaryByAgreementIsSaid(t *testing.T) {
	for _, tc := range []struct {
		lang i18n.Lang
		want string
	}{{i18n.EN, "by agreement"}, {i18n.RU, "договорная"}} {
		src := &rows{all: []store.EntryRow{
			{ResumeID: 1, DisplayName: "Anna", Folder: "inbox", ServerFolder: "inbox", LastEventAt: listNow},
			{ResumeID: 2, DisplayName: "Boris", Folder: "inbox", ServerFolder: "inbox", Salary: 50000, Currency: "rub", LastEventAt: listNow},
		}}
		c := panetest.Plain(tc.lang, panetest.Clock(func() time.Time { return listNow }))
		m := New(c, src)
		m.SetSize(100, 5)
		m.Focus()
		drain(t, m, m.ShowFolder("inbox", "Inbox"))
		out := lines(t, m, 100, 5)
		var anna, boris string
		for _, l := range out {
			switch {
			case strings.Contains(l, "Anna"):
				anna = l
			case strings.Contains(l, "Boris"):
				boris = l
			}
		}
		if !strings.Contains(anna, tc.want) || strings.Contains(boris, tc.want) {
			t.Errorf("%v: want %q on Anna's row only:\n%s", tc.lang, tc.want, strings.Join(out, "\n"))
		}
	}
}
