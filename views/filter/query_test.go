package filter

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/query"
	"hrdesk/views/action"
)

func newFilterIn(lang i18n.Lang) *Model {
	return New(panetest.Plain(lang))
}

// The line is a query (issue 31 §2): a keystroke that makes it no query
// asks for no search (the list keeps its last valid result) and the
// mistake is known at once; the next that mends it searches again; enter
// on a mistaken line closes it and keeps its text; esc forgets both.
func TestAMistakeSearchesNothing(t *testing.T) {
	m := newFilter()
	m.Open()
	acts := typed(t, m, "zp>1")
	if acts[1] != (action.Search{Text: "zp"}) || acts[2] != (action.Search{Text: "zp>", Invalid: true}) ||
		acts[3] != (action.Search{Text: "zp>1", Invalid: true}) {
		t.Errorf("keystrokes asked %#v", acts)
	}
	if e := m.Err(); e == nil || e.Code != query.UnknownField || e.Col != 0 {
		t.Errorf("the mistake is %v", e)
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyHome})
	if a := typed(t, m, "-")[0]; a != (action.Search{Text: "-zp>1", Invalid: true}) {
		t.Errorf("still a mistake: %#v", a)
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyEnd})
	for range 4 {
		m.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
	if m.input.Value() != "-" || m.Err() == nil || m.Err().Code != query.LoneNot {
		t.Fatalf("%q: %v", m.input.Value(), m.Err())
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	if a := typed(t, m, "new")[2]; a != (action.Search{Text: "new"}) || m.Err() != nil {
		t.Errorf("mended: %#v, %v", a, m.Err())
	}
	typed(t, m, " salary:9-1")
	if a, _ := m.Update(tea.KeyPressMsg{Code: tea.KeyEnter}); a != (action.Search{Text: "new salary:9-1", Done: true, Invalid: true}) ||
		!m.Active() || m.ErrorLine(80) == "" {
		t.Errorf("enter on a mistake: %#v, active %v, %q", a, m.Active(), m.ErrorLine(80))
	}
	m.Open()
	if a, _ := m.Update(tea.KeyPressMsg{Code: tea.KeyEscape}); a != (action.Search{Done: true}) || m.Err() != nil || m.ErrorLine(80) != "" {
		t.Errorf("esc: %#v, %v", a, m.Err())
	}
}

// The mistake is drawn under the line: a mark under its place (the
// prompt's width on), its words after the mark, before it when there is
// no room after, alone when the place is off the line; in the UI's
// language; exactly the width asked.
func TestErrorLineMarksThePlace(t *testing.T) {
	for _, c := range []struct {
		lang i18n.Lang
		text string
		w    int
		want string // trimmed of the padding
	}{
		{i18n.EN, "водитель zp>1", 60, "           ^ unknown field \"zp\""},
		{i18n.RU, "водитель zp>1", 60, "           ^ неизвестное поле \"zp\""},
		{i18n.EN, "salary>=lots", 60, "          ^ \"lots\" is not a number"},
		{i18n.EN, "водитель бухгалтер грузчик salary>=lots", 40, "\"lots\" is not a number ^"},
		{i18n.EN, "водитель бухгалтер грузчик кладовщик salary>=lots", 30, "^ \"lots\" is not a number"},
	} {
		m := newFilterIn(c.lang)
		m.Open()
		m.input.Prompt = "/ " // the test's own: two columns
		m.SetText(c.text)
		got := m.ErrorLine(c.w)
		if ansi.StringWidth(got) != c.w {
			t.Errorf("%q at %d: %d wide", c.text, c.w, ansi.StringWidth(got))
		}
		plain := strings.TrimRight(ansi.Strip(got), " ")
		want := c.want
		if strings.HasPrefix(want, "\"lots\" is not a number ^") {
			// before the mark: the mark under the value's place
			col := 2 + ansi.StringWidth("водитель бухгалтер грузчик salary>=")
			want = strings.Repeat(" ", col-ansi.StringWidth(want)+1) + want
		}
		if plain != want {
			t.Errorf("%q at %d:\n%q\nwant\n%q", c.text, c.w, plain, want)
		}
	}
}

// A mistake the list finds (a folder nothing is named) is set on the line
// and drawn alike; the next change reads the line again.
func TestListsMistakeOnTheLine(t *testing.T) {
	m := newFilter()
	m.Open()
	typed(t, m, "folder:x")
	m.SetError(&query.Error{Pos: 0, Code: query.UnknownFolder, Arg: "x"})
	if l := ansi.Strip(m.ErrorLine(80)); !strings.Contains(l, `^ no folder named "x"`) {
		t.Errorf("%q", l)
	}
	typed(t, m, "y")
	if m.Err() != nil {
		t.Errorf("a change kept the list's mistake: %v", m.Err())
	}
}
