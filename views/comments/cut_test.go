package comments

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/store"
)

// A header too long for the pane (issue 19 §2.8) gives up the author's
// name first, with the ellipsis, so the date and the markers stay; at the
// detail pane's width in a 120×40 window and at 80×24's, EN and RU.
func TestHeaderCutEndsWithEllipsis(t *testing.T) {
	long := "Александра Константиновна Преображенская-Верхнеуральская"
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, w := range []int{40, 78} {
			c := newCommon(lang)
			m := New(c)
			m.SetSize(w, 12)
			m.SetComments(resumeID, []store.Comment{{ID: 1, ResumeID: resumeID, Author: long, Own: true, Pending: true,
				Date: at("2026-11-19 18:00"), Text: "Позвонить"}})
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			head := lines[m.noteRows]
			date := c.Text.DateTime(at("2026-11-19 18:00"), fixedNow())
			if !strings.Contains(head, date) {
				t.Errorf("%s/%d: the date is cut off: %q", lang, w, head)
			}
			if w == 78 && !strings.Contains(head, c.Text.Comments.Pending) {
				t.Errorf("%s/%d: the pending marker is cut though the author could give way: %q", lang, w, head)
			}
			if !strings.Contains(head, c.Styles.Glyphs.Ellipsis) {
				t.Errorf("%s/%d: the author is cut without the ellipsis: %q", lang, w, head)
			}
			m.Focus() // the cursor's row is built apart
			head = strings.Split(ansi.Strip(m.View()), "\n")[m.noteRows]
			if !strings.Contains(head, date) || !strings.Contains(head, c.Styles.Glyphs.Ellipsis) {
				t.Errorf("%s/%d: the selected header: %q", lang, w, head)
			}
		}
	}
}

// The note above the comments wraps instead of being cut at the detail
// pane's width in a 120×40 window ("…comments on the applicant's other
// resumes" ended "соис…").
func TestNoteWraps(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		m := loaded(newCommon(lang), 41, 12)
		view := ansi.Strip(m.View())
		flat := strings.Join(strings.Fields(view), " ")
		if !strings.Contains(flat, m.c.Text.Comments.OtherResumes) {
			t.Errorf("%s: the note is cut:\n%s", lang, view)
		}
	}
}
