package filter

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/views/action"
)

// A query typed in the wrong keyboard layout: the line says what its keys
// read in the other one, under the text, in the UI's language; the text
// is searched as typed. "salary>=50000" typed in the Russian layout is a
// word; "зп>=5" typed in the Latin one a mistake, which then says it too.
// Words that read as no query in the other layout, and a line that is a
// query of fields as typed, say nothing.
func TestTheOtherLayoutIsSaid(t *testing.T) {
	m := newFilter()
	m.Open()
	acts := typed(t, m, "ыфдфкнЮ=50000")
	if last := acts[len(acts)-1]; last != (action.Search{Text: "ыфдфкнЮ=50000"}) || m.Err() != nil {
		t.Errorf("searched %#v, mistake %v", last, m.Err())
	}
	col := ansi.StringWidth(m.input.Prompt)
	if l := ansi.Strip(m.ErrorLine(80)); strings.Index(l, "in the other keyboard layout: salary>=50000") != col {
		t.Errorf("the line says %q, want the other layout at column %d", l, col)
	}
	m.SetText("pg>=5 туц")
	if l := ansi.Strip(m.ErrorLine(80)); m.Err() == nil || !strings.Contains(l, `unknown field "pg"`) ||
		!strings.Contains(l, "in the other keyboard layout: зп>=5 new") {
		t.Errorf("a mistake: %q", l)
	}
	for _, quiet := range []string{"водитель", "Gjdfh", "salary>=5 Gjdfh", "new туц", "zp>1", "ыфдфкн", ""} {
		m.SetText(quiet)
		if l := m.ErrorLine(80); m.layout != "" || m.Err() == nil && l != "" {
			t.Errorf("%q says %q", quiet, ansi.Strip(l))
		}
	}
	ru := newFilterIn(i18n.RU)
	ru.Open()
	ru.SetText("туц")
	if l := ansi.Strip(ru.ErrorLine(80)); !strings.Contains(l, "в другой раскладке: new") {
		t.Errorf("in Russian: %q", l)
	}
}
