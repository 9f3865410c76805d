package comments

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
	"hrdesk/views/action"
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

const resumeID = 48213377

// comments is a realistic list (oldest first) with a colleague's comment on
// the applicant's other resume, a pending one and a hostile one.
func comments() []store.Comment {
	return []store.Comment{
		{ID: 11, ResumeID: 777, Author: "Пётр Коллегов", Date: at("2025-06-01 12:00"), Text: "Рассматривали на другую вакансию, отказался."},
		{ID: 12, ResumeID: resumeID, Author: "Анна Смирнова", Own: true, Date: at("2026-11-12 09:30"),
			Text: "Хороший опыт в B2B. Позвонить после 14:00.\nПросит 120 тыс., готов обсуждать."},
		{ID: 13, ResumeID: resumeID, Author: "\x1b[31mЗлой\x1b[0m\x1b]52;c;eA==\x07 \u202eкотик\u202c", Date: at("2026-11-19 18:00"),
			Text: "👩‍💻 مرحبا \x1b[2J" + strings.Repeat("очень длинный комментарий ", 30)},
		{ID: -1, ResumeID: resumeID, Author: "Анна Смирнова", Own: true, Pending: true, Date: at("2026-11-20 09:55"), Text: "Пригласить на собеседование"},
		{ID: 14, ResumeID: resumeID, Date: at("2026-10-01 10:00"), Text: "Без автора"},
	}
}

func loaded(c *common.Common, w, h int) *Model {
	m := New(c)
	m.SetSize(w, h)
	m.SetComments(resumeID, comments())
	return m
}

func press(m *Model, k string) action.Action {
	a, _ := m.Update(panetest.Press(k))
	return a
}

// deletes is the action a confirmed delete runs, nil when a is not a
// confirmation of one.
func deletes(a action.Action) any {
	if c, ok := a.(action.Confirm); ok {
		return c.Then
	}
	return nil
}

func TestGolden(t *testing.T) {
	for _, sz := range [][2]int{{60, 20}, {120, 36}} {
		t.Run(fmt.Sprintf("comments_%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m := loaded(newCommon(i18n.EN), sz[0], sz[1])
			m.Focus()
			golden.RequireEqual(t, ansi.Strip(m.View()))
		})
	}
	t.Run("hint_ru_60x20", func(t *testing.T) {
		m := loaded(newCommon(i18n.RU), 60, 20)
		m.Focus()
		press(m, "j") // the hostile comment, not own
		press(m, "D")
		golden.RequireEqual(t, ansi.Strip(m.View()))
	})
	t.Run("empty_60x20", func(t *testing.T) {
		m := New(newCommon(i18n.EN))
		m.SetSize(60, 20)
		m.SetComments(1, nil)
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
				m.SetSize(w, 10)
				panetest.Frame(t, m.View(), w, 10)
				m.SetComments(resumeID, comments())
				m.Focus()
				panetest.Frame(t, m.View(), w, 10)
				for _, k := range []string{"j", "j", "D", "G", "k", "g", "D"} {
					press(m, k)
					panetest.Frame(t, m.View(), w, 10)
				}
			})
		}
	}
}

func TestDeleteOwnComment(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 80, 20)
	if press(m, "D") != nil {
		t.Fatal("blurred pane acted on a key")
	}
	m.Focus()
	// Newest first: the pending own comment (-1) is at the top.
	if got, want := deletes(press(m, "D")), (action.DeleteComment{ResumeID: resumeID, CommentID: -1}); got != want {
		t.Fatalf("got %#v, want %#v", got, want)
	}
	press(m, "j") // hostile, not own
	if a := press(m, "D"); a != nil {
		t.Fatal("someone else's comment: want no request")
	}
	if !strings.Contains(ansi.Strip(m.View()), "Only your own comments can be deleted") {
		t.Fatal("no hint for someone else's comment")
	}
	press(m, "j") // own, confirmed
	if strings.Contains(ansi.Strip(m.View()), "Only your own") {
		t.Fatal("hint outlived the next key")
	}
	if got := deletes(press(m, "D")); got != (action.DeleteComment{ResumeID: resumeID, CommentID: 12}) {
		t.Fatalf("got %#v", got)
	}
}

func TestMarkersAndNote(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 100, 40)
	got := ansi.Strip(m.View())
	for _, want := range []string{
		"Includes comments on the applicant's other resumes",
		"Анна Смирнова 09:55 (you) ^ not sent yet",
		"Анна Смирнова 12 Nov 09:30 (you)",
		"unknown author",
		"Пётр Коллегов 01.06.2025 12:00",
		"Просит 120 тыс., готов обсуждать.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("%q missing in:\n%s", want, got)
		}
	}
	raw := m.View()
	if strings.Contains(raw, "\x1b]") || strings.ContainsAny(raw, "\u202e\u202c\x07") {
		t.Fatalf("unsafe text reached the view: %q", raw)
	}
}

func TestCursorKeptOnRefreshAndScrolled(t *testing.T) {
	m := loaded(newCommon(i18n.EN), 60, 6)
	m.Focus()
	press(m, "G")
	if c, _ := m.Selected(); c.ID != 11 {
		t.Fatalf("G selected %d", c.ID)
	}
	if !strings.Contains(ansi.Strip(m.View()), "> Пётр Коллегов") {
		t.Fatalf("cursor comment not visible:\n%s", ansi.Strip(m.View()))
	}
	m.SetComments(resumeID, comments())
	if c, _ := m.Selected(); c.ID != 11 {
		t.Fatal("refresh moved the cursor")
	}
	m.SetComments(5, comments())
	if c, _ := m.Selected(); c.ID != -1 {
		t.Fatal("another resume did not start at the top")
	}
}

func BenchmarkView(b *testing.B) {
	m := loaded(panetest.Colour(i18n.EN), 118, 12)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}
