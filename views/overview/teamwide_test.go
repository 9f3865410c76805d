package overview

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
)

// From teamWide columns ("  ", a name of 20, thirteen cells of 1+7 and
// the three shares of 1+5: 144) a recruiter takes one line: the name's
// column is what the cells leave, so every cell is whole and nothing is
// cut at the line's end. One column less and the cells do not fit: two
// lines, the name's with the first six cells (its last the waiting, 483).
func TestTheTeamOnOneLineFromItsWidth(t *testing.T) {
	for _, c := range []struct {
		w    int
		last string // Анна's last cell on her name's line
	}{{teamWide, "90%"}, {teamWide - 1, "483"}, {200, "90%"}} {
		m, _ := withTeam(t, i18n.EN, c.w, 40)
		view := ansi.Strip(m.View())
		var named int
		for _, l := range strings.Split(view, "\n") {
			if !strings.Contains(l, "Анна Смирнова") && !strings.Contains(l, "Ольга (склад)") {
				continue
			}
			named++
			f := strings.Fields(l)
			if strings.Contains(l, "…") || ansi.StringWidth(l) != c.w || f[0] == "Анна" && f[len(f)-1] != c.last {
				t.Errorf("at %d a recruiter's line is cut, not as wide, or does not end with %s: %q", c.w, c.last, l)
			}
		}
		if named != 2 {
			t.Errorf("at %d: %d lines name the two recruiters, want 2:\n%s", c.w, named, view)
		}
	}
}

// A recruiter's second line is indented as the names only when it has the
// room: in a pane one or two columns wider than its cells it takes what
// is left, and at their width none, so the last share is never cut.
func TestTheSecondLineIndentsOnlyWithRoom(t *testing.T) {
	lead := map[int]int{} // the second line's leading spaces at each width
	for _, w := range []int{teamSecondWidth + 2, teamSecondWidth + 1, teamSecondWidth} {
		m, _ := withTeam(t, i18n.EN, w, 40)
		lead[w] = -1
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if strings.HasSuffix(l, "100%  100%  100%") && lead[w] < 0 {
				lead[w] = len(l) - len(strings.TrimLeft(l, " "))
			}
		}
		if lead[w] < 0 {
			t.Errorf("at %d no second line ends with its three shares whole:\n%s", w, ansi.Strip(m.View()))
		}
	}
	if base := lead[teamSecondWidth]; lead[teamSecondWidth+1] != base+1 || lead[teamSecondWidth+2] != base+2 {
		t.Errorf("the second line's leading spaces by width: %v, want one more a column", lead)
	}
}
