package vacancies

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

// fixedNow and newCommon are panetest's, shared by every pane's tests.
var (
	fixedNow  = panetest.Now
	newCommon = panetest.Common
)

func day(d int) time.Time { return fixedNow().AddDate(0, 0, d) }

const hostileTitle = "Evil \x1b[31mred\x1b[0m [x](http://evil) # head"

// vacancies are the user's own: open, closed, archived (both ways the
// contract marks it), one from last year, and one with hostile text.
func vacancies() []store.Vacancy {
	return []store.Vacancy{
		{ID: 501, Profession: "Программист Go", Published: 1, ViewsCount: 1200, ResumesAll: 48, ResumesNew: 5,
			DatePublished: day(-20), DatePubTo: day(10), RawJSON: []byte(`{"id":501,"profession":"Программист Go",
			"work":"Писать сервисы на Go.\nДежурить по графику.","candidat":"Опыт от 3 лет","compensation":"Удалёнка, ДМС",
			"payment_from":"250000","payment_to":350000,"currency":"rub","town":{"id":4,"title":"Москва"},
			"address":"ул. Тверская, 1","firm_name":"ООО Ромашка","place_of_work":{"id":1,"title":"На территории работодателя"},
			"type_of_work":{"id":6,"title":"Полный рабочий день"},"experience":null,"education":{"id":"2","title":"Высшее"},
			"contact":"Анна","phone":"+7 495 000-00-00","email":"hr@example.com"}`)},
		{ID: 502, Profession: "Бухгалтер", Published: 0, ViewsCount: 80, ResumesAll: 7,
			DatePublished: day(-40), RawJSON: []byte(`{"id":502,"profession":"Бухгалтер","agreement":1}`)},
		{ID: 503, Profession: "Водитель", Published: 3, IsArchive: true, ViewsCount: 300, ResumesAll: 12,
			DatePublished: day(-90), RawJSON: []byte(`{"id":503,"date_archived":` + fmt.Sprint(day(-5).Unix()) + `}`)},
		{ID: 504, Profession: hostileTitle, Published: 1, ResumesAll: 1,
			DatePublished: day(-1), RawJSON: []byte(`{"id":504,"profession":"Evil \u001b]52;c;aGk=\u0007 [x](http://evil)",
			"work":"# not a heading\n<b>bold</b> **no** \u001b[2J","candidat":"[link](http://evil) \u001b]8;;http://evil\u0007here\u001b]8;;\u0007",
			"payment_from":null,"town":"Тула","contact":{"odd":"object"}}`)},
		{ID: 505, Profession: "Кладовщик с очень длинным названием вакансии для проверки обрезки", Published: 1, IsArchive: true,
			ViewsCount: 5, DatePublished: time.Date(2025, 3, 2, 9, 0, 0, 0, time.UTC), RawJSON: []byte(`[1,2,3]`)},
		{ID: 506, Profession: "Менеджер по продажам", Published: 1, ViewsCount: 98765, ResumesAll: 321, ResumesNew: 12,
			DatePublished: day(-3), DatePubTo: day(27), RawJSON: []byte(`not json`)},
	}
}

func loaded(c *common.Common, w, h int) *Model {
	m := New(c, nil)
	m.SetSize(w, h)
	m.SetVacancies(vacancies())
	m.Focus()
	return m
}

// archives is the archive a confirmation would run.
func archives(a action.Action) any {
	if c, ok := a.(action.Confirm); ok {
		return c.Then
	}
	return a
}

func TestGolden(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {140, 40}} {
		w, h := sz[0], sz[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			t.Run("list", func(t *testing.T) {
				m := loaded(newCommon(i18n.EN), w, h)
				panetest.Keys(t, m, "space", "j", "j")
				golden.RequireEqual(t, ansi.Strip(m.View()))
			})
			t.Run("filtered", func(t *testing.T) {
				m := loaded(newCommon(i18n.EN), w, h)
				panetest.Keys(t, m, "f") // open only
				golden.RequireEqual(t, ansi.Strip(m.View()))
			})
			t.Run("archived", func(t *testing.T) {
				m := loaded(newCommon(i18n.EN), w, h)
				panetest.Keys(t, m, "f", "f", "f")
				golden.RequireEqual(t, ansi.Strip(m.View()))
			})
			t.Run("detail", func(t *testing.T) {
				m := loaded(newCommon(i18n.EN), w, h)
				panetest.Keys(t, m, "enter") // the Go vacancy
				golden.RequireEqual(t, ansi.Strip(m.View()))
			})
			t.Run("detail_end", func(t *testing.T) {
				m := loaded(newCommon(i18n.EN), w, h)
				panetest.Keys(t, m, "enter", "G") // scrolled to the contacts
				golden.RequireEqual(t, ansi.Strip(m.View()))
			})
			t.Run("hostile", func(t *testing.T) {
				m := loaded(newCommon(i18n.EN), w, h)
				panetest.Keys(t, m, "j", "j", "j", "enter")
				golden.RequireEqual(t, ansi.Strip(m.View()))
			})
		})
	}
	t.Run("detail_ru_80x24", func(t *testing.T) {
		m := loaded(newCommon(i18n.RU), 80, 24)
		panetest.Keys(t, m, "enter", "f") // f does not filter under an open vacancy
		golden.RequireEqual(t, ansi.Strip(m.View()))
	})
	t.Run("empty_80x24", func(t *testing.T) {
		m := New(newCommon(i18n.EN), nil)
		m.SetSize(80, 24)
		m.SetVacancies(nil)
		golden.RequireEqual(t, ansi.Strip(m.View()))
	})
}

func TestWidthInvariant(t *testing.T) {
	for _, dark := range []bool{false, true} {
		for _, w := range []int{30, 60, 80, 120, 200} {
			t.Run(fmt.Sprintf("dark=%v/%d", dark, w), func(t *testing.T) {
				c := newCommon(i18n.EN)
				c.Styles = theme.New(dark)
				m := New(c, nil)
				m.SetSize(w, 12)
				panetest.Frame(t, m.View(), w, 12)
				m.SetVacancies(vacancies())
				m.Focus()
				for _, k := range []string{"j", "space", "G", "k", "g", "f", "f", "f", "f", "enter", "j", "G", "esc"} {
					panetest.Keys(t, m, k)
					panetest.Frame(t, m.View(), w, 12)
				}
			})
		}
	}
}

func TestArchiveMarked(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 120, 30)
	msgs := panetest.Keys(t, m, "space", "space", "X") // space marks and moves down
	if len(msgs) != 1 || !reflect.DeepEqual(archives(msgs[0]), action.ArchiveVacancies{IDs: []int64{501, 502}}) {
		t.Fatalf("X with two marked: %#v", msgs)
	}
	m.ClearMarks()
	msgs = panetest.Keys(t, m, "X") // nothing marked: the one under the cursor
	if len(msgs) != 1 || !reflect.DeepEqual(archives(msgs[0]), action.ArchiveVacancies{IDs: []int64{503}}) {
		t.Fatalf("X with nothing marked: %#v", msgs)
	}
	msgs = panetest.Keys(t, m, "k", "enter", "X") // from the open vacancy
	if len(msgs) != 1 || !reflect.DeepEqual(archives(msgs[0]), action.ArchiveVacancies{IDs: []int64{502}}) {
		t.Fatalf("X in the detail: %#v", msgs)
	}
}

func TestMarkedFollowsFilter(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 120, 30)
	panetest.Keys(t, m, "space", "space") // 501 (open) and 502 (closed)
	panetest.Keys(t, m, "f")              // open only
	if got := m.Marked(); !reflect.DeepEqual(got, []int64{501}) {
		t.Errorf("marked under the open filter: %v", got)
	}
	if m.StateFilter() != Open {
		t.Errorf("filter %v", m.StateFilter())
	}
}

func TestReceived(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 120, 30)
	msgs := panetest.Keys(t, m, "j", "R")
	if len(msgs) != 1 || msgs[0] != (action.ShowVacancy{VacancyID: 502}) {
		t.Fatalf("R: %#v", msgs)
	}
	msgs = panetest.Keys(t, m, "enter", "R")
	if len(msgs) != 1 || msgs[0] != (action.ShowVacancy{VacancyID: 502}) {
		t.Fatalf("R in the detail: %#v", msgs)
	}
	if !m.InDetail() {
		t.Fatal("enter did not open the vacancy")
	}
	panetest.Keys(t, m, "esc")
	if m.InDetail() {
		t.Fatal("esc did not go back to the list")
	}
}

func TestBlurredIgnoresKeys(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 120, 30)
	m.Blur()
	if msgs := panetest.Keys(t, m, "X", "R", "j"); len(msgs) != 0 {
		t.Fatalf("a blurred pane acted: %#v", msgs)
	}
	if v, _ := m.Selected(); v.ID != 501 {
		t.Errorf("cursor moved to %d", v.ID)
	}
}

func TestStateOf(t *testing.T) {
	for _, c := range []struct {
		v    store.Vacancy
		want State
	}{
		{store.Vacancy{Published: 1}, Open},
		{store.Vacancy{Published: 0}, Closed},
		{store.Vacancy{Published: 3}, Archived},
		{store.Vacancy{Published: 1, IsArchive: true}, Archived},
	} {
		if got := StateOf(c.v); got != c.want {
			t.Errorf("%+v: %v, want %v", c.v, got, c.want)
		}
	}
}

// A refreshed cache keeps the cursor on the same vacancy.
func TestSetVacanciesKeepsCursor(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 120, 30)
	panetest.Keys(t, m, "j", "j") // 503
	vs := vacancies()
	vs = append([]store.Vacancy{{ID: 999, Profession: "Новая", Published: 1}}, vs...)
	m.SetVacancies(vs)
	if v, _ := m.Selected(); v.ID != 503 {
		t.Errorf("cursor on %d, want 503", v.ID)
	}
	m.SetVacancies(vs[:2]) // 503 is gone
	if _, ok := m.Selected(); !ok {
		t.Error("no vacancy under the cursor")
	}
}

// Text from the API never reaches the terminal raw, and markdown in it
// stays literal.
func TestHostileText(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 120, 40)
	list := m.View()
	panetest.Keys(t, m, "j", "j", "j", "enter") // 504
	if v, _ := m.Selected(); v.ID != 504 {
		t.Fatalf("opened %d", v.ID)
	}
	detail := m.View()
	for name, out := range map[string]string{"list": list, "detail": detail} {
		for _, bad := range []string{"\x1b]52", "\x1b[31m", "\x1b]8;", "\x1b[2J", "\a"} {
			if strings.Contains(out, bad) {
				t.Errorf("%s: %q reached the screen", name, bad)
			}
		}
	}
	plain := ansi.Strip(detail)
	for _, want := range []string{"# not a heading", "**no**", "<b>bold</b>", "[x](http://evil)", "[link](http://evil)", "Тула"} {
		if !strings.Contains(plain, want) {
			t.Errorf("%q is not shown literally:\n%s", want, plain)
		}
	}
	if md := m.markdown(vacancies()[3]); strings.Contains(md, "](http") || strings.Contains(md, "\n# not") {
		t.Errorf("markdown syntax from the API reached the document:\n%s", md)
	}
}

// The API sends numbers as strings, nulls and odd shapes: the detail never
// fails and shows what it can.
func TestLooseDecoding(t *testing.T) {
	c := newCommon(i18n.EN)
	m := New(c, nil)
	m.SetSize(80, 20)
	for _, raw := range []string{``, `null`, `[]`, `"x"`, `{"profession":null,"payment_from":"x","payment_to":{},"town":[1],"date_archived":"1700000000"}`,
		`{"payment_from":"1000","payment_to":"2000","currency":"rub","town":{"title":null}}`} {
		md := m.markdown(store.Vacancy{ID: 1, Profession: "Fallback", RawJSON: []byte(raw)})
		if !strings.Contains(md, "Fallback") {
			t.Errorf("%s: no title:\n%s", raw, md)
		}
	}
	md := m.markdown(store.Vacancy{ID: 1, RawJSON: []byte(`{"profession":"P","payment_from":"1000","payment_to":2000,"currency":"rub"}`)})
	if !strings.Contains(md, common.EscapeLine(c.Text.Salary(1000, "rub")+" – "+c.Text.Salary(2000, "rub"))) {
		t.Errorf("salary from strings and numbers:\n%s", md)
	}
}

// An archived vacancy says since when (date_archived, unix time).
func TestArchivedOn(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 80, 20)
	md := m.markdown(vacancies()[2])
	if !strings.Contains(md, "Archived on:** 15 Nov") {
		t.Errorf("no archiving date:\n%s", md)
	}
}

func BenchmarkView(b *testing.B) {
	m := loaded(newCommon(i18n.EN), 140, 40)
	for b.Loop() {
		_ = m.View()
	}
}
