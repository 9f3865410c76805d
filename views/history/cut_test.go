package history

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/store"
)

// An event's title, its vacancy and the other applications' heading end
// with the ellipsis when the pane cuts them (issue 19 §2.8): at the detail
// pane's width in a 120×40 window, EN and RU.
func TestTitlesCutEndWithEllipsis(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		c := newCommon(lang)
		m := New(c)
		m.SetSize(40, 12)
		m.SetVacancies([]store.Vacancy{{ID: 5120, Profession: "Ведущий инженер-конструктор отдела главного механика"}})
		m.SetEvents(1, []store.Event{{Type: 60, VacancyID: 5120, DateEvent: at("2026-11-19 17:45"),
			TypeTitle: "Приглашение на собеседование в головной офис компании"}})
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		for _, l := range lines[:2] {
			if !strings.HasSuffix(l, c.Styles.Glyphs.Ellipsis) {
				t.Errorf("%s: cut without the ellipsis: %q", lang, l)
			}
		}
	}
}

// An other application's line keeps the other resume's id whole at the
// detail pane's width in a 140×40 window; the vacancy's title gives way
// ("resume #…" was cut instead).
func TestOtherResumeIDStaysWhole(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		c := newCommon(lang)
		m := New(c)
		m.SetSize(50, 10)
		m.SetVacancies([]store.Vacancy{{ID: 5121, Profession: "Ведущий программист Go в отдел платёжных систем"}})
		m.SetApplications(48213377, []store.Application{{ResumeID: 47000001, VacancyID: 5121, Folder: "refused", LastEventAt: at("2026-06-02 10:00")}})
		line := strings.Split(ansi.Strip(m.View()), "\n")[1]
		if !strings.Contains(line, "47000001") || !strings.Contains(line, c.Text.Folders.Refused) || !strings.Contains(line, "Веду") {
			t.Errorf("%s: %q", lang, line)
		}
	}
}
