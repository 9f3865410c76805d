package history

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/common"
)

// fixedNow and newCommon are panetest's, shared by every pane's tests.
var (
	fixedNow  = panetest.Now
	newCommon = panetest.Common
)

func at(s string) time.Time {
	t, err := time.Parse("2006-01-02 15:04", s)
	if err != nil {
		panic(err)
	}
	return t
}

// events is a realistic history (oldest first, as the service sends it) and
// a hostile one.
func events() []store.Event {
	return []store.Event{
		{Type: 10, VacancyID: 5120, DateEvent: at("2025-03-02 08:15"), Text: "Резюме получено", TypeTitle: "Отправлено соискателем"},
		{Type: 70, VacancyID: 5120, DateEvent: at("2026-11-12 09:30"), Description: "Перемещено в рассматриваемые"},
		{Type: 60, VacancyID: 5120, DateEvent: at("2026-11-20 08:05"), Text: "Приглашение отправлено",
			Description: "Приглашение на собеседование 25 ноября в 11:00, офис на Таганской. Возьмите паспорт."},
		{Type: 110, DateEvent: at("2026-11-19 17:45")},
		{Type: 130, DateEvent: at("2026-11-19 17:40"), Text: "будущий тип"},
		{Type: 90, Date: "вчера", Text: "\x1b[31mПисьмо\x1b[0m \x1b]52;c;eA==\x07отправлено \u202eevil\u202c 👩‍💻 مرحبا " +
			strings.Repeat("длинный текст ", 40)},
	}
}

func loaded(c *common.Common, w, h int) *Model {
	m := New(c)
	m.SetSize(w, h)
	m.SetEvents(48213377, events())
	return m
}

func TestGolden(t *testing.T) {
	for _, sz := range [][2]int{{60, 20}, {120, 36}} {
		t.Run(fmt.Sprintf("events_%dx%d", sz[0], sz[1]), func(t *testing.T) {
			golden.RequireEqual(t, ansi.Strip(loaded(newCommon(i18n.EN), sz[0], sz[1]).View()))
		})
	}
	t.Run("events_ru_60x20", func(t *testing.T) {
		golden.RequireEqual(t, ansi.Strip(loaded(newCommon(i18n.RU), 60, 20).View()))
	})
	t.Run("empty_60x20", func(t *testing.T) {
		m := New(newCommon(i18n.EN))
		m.SetSize(60, 20)
		m.SetEvents(1, nil)
		golden.RequireEqual(t, ansi.Strip(m.View()))
	})
}

func TestWidthInvariant(t *testing.T) {
	for _, dark := range []bool{false, true} {
		for _, w := range []int{40, 80, 120, 200} {
			t.Run(fmt.Sprintf("dark=%v/%d", dark, w), func(t *testing.T) {
				c := newCommon(i18n.EN)
				c.Styles = theme.New(dark)
				m := New(c)
				m.SetSize(w, 12)
				panetest.Frame(t, m.View(), w, 12)
				m.SetEvents(1, events())
				panetest.Frame(t, m.View(), w, 12)
				m.Focus()
				for _, k := range []string{"j", "G", "k", "g"} {
					panetest.Keys(t, m, k)
					panetest.Frame(t, m.View(), w, 12)
				}
				for _, l := range m.lines {
					if ansi.StringWidth(l) != w {
						t.Fatalf("line %q is not %d wide", ansi.Strip(l), w)
					}
				}
			})
		}
	}
}

func TestNewestFirstAndTitles(t *testing.T) {
	got := ansi.Strip(loaded(newCommon(i18n.EN), 120, 60).View())
	order := []string{"Invited", "Moved to another folder", "Event 130", "Moved to consideration", "Отправлено соискателем"}
	last := -1
	for _, s := range order {
		i := strings.Index(got, s)
		if i < 0 || i < last {
			t.Fatalf("%q missing or out of order in:\n%s", s, got)
		}
		last = i
	}
	for _, want := range []string{"09:30", "12 Nov 09:30", "02.03.2025 08:15", "Vacancy 5120", "Приглашение на собеседование"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q missing", want)
		}
	}
	ru := ansi.Strip(loaded(newCommon(i18n.RU), 120, 60).View())
	if !strings.Contains(ru, "Перемещено в другую папку") || !strings.Contains(ru, "Событие 130") {
		t.Errorf("Russian fallback titles missing:\n%s", ru)
	}
}

func TestHostileTextSanitized(t *testing.T) {
	c := panetest.Colour(i18n.EN)
	m := loaded(c, 80, 100)
	out := strings.Join(m.lines, "\n")
	if strings.Contains(out, "\x1b]") || strings.Contains(out, "\x07") || strings.ContainsAny(out, "\u202e\u202c\r") {
		t.Fatalf("unsafe text reached the view: %q", out)
	}
	if !strings.Contains(ansi.Strip(out), "Письмо отправлено evil") {
		t.Fatal("text lost")
	}
}

func TestScroll(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 60, 5)
	top := m.View()
	panetest.Keys(t, m, "j")
	if m.View() != top {
		t.Fatal("scrolled while blurred")
	}
	m.Focus()
	panetest.Keys(t, m, "j")
	if m.offset != 1 {
		t.Fatalf("offset %d", m.offset)
	}
	panetest.Keys(t, m, "G")
	if m.offset != len(m.lines)-5 {
		t.Fatalf("G: offset %d, want %d", m.offset, len(m.lines)-5)
	}
	m.SetEvents(48213377, events()) // refresh keeps the position
	if m.offset == 0 {
		t.Fatal("refresh of the same entry reset the scroll")
	}
	m.SetEvents(2, events())
	if m.offset != 0 {
		t.Fatal("another entry did not start at the top")
	}
}

func BenchmarkView(b *testing.B) {
	m := loaded(panetest.Colour(i18n.EN), 118, 12)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// Issue 10, defect 10: an event named its vacancy "Vacancy 46000002"; the
// title from the cache is shown, the id only for a vacancy not cached.
func TestEventNamesItsVacancy(t *testing.T) {
	m := New(newCommon(i18n.EN))
	m.SetSize(80, 20)
	m.SetVacancies([]store.Vacancy{{ID: 46000002, Profession: "Программист Go\x1b[31m"}})
	m.SetEvents(1, []store.Event{{Type: 10, VacancyID: 46000002, DateEvent: time.Date(2026, 11, 19, 10, 0, 0, 0, time.UTC)},
		{Type: 60, VacancyID: 777, DateEvent: time.Date(2026, 11, 18, 10, 0, 0, 0, time.UTC)}})
	out := ansi.Strip(m.View())
	if !strings.Contains(out, "Vacancy: Программист Go") || strings.Contains(out, "46000002") || !strings.Contains(out, "777") {
		t.Errorf("the events:\n%s", out)
	}
}
