package overview

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
)

// The legend at the foot is whole or not there: its footLines lines, the
// view's last, or none when the heads and the sum leave no room for it;
// from the first height it fits at, it is there at every taller one
// (also when the vacancies fill the rest exactly). At the widths around
// wideWidth, where the legend changes form.
func TestTheLegendIsWholeOrNone(t *testing.T) {
	for _, w := range []int{80, wideWidth - 1, wideWidth, 140} {
		first := 0
		for h := 3; h <= 30; h++ {
			m, _ := loaded(t, i18n.EN, false, w, h)
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			var legend []int
			for i, l := range lines {
				if strings.Contains(l, " = ") {
					legend = append(legend, i)
				}
			}
			at := fmt.Sprintf("%dx%d", w, h)
			switch {
			case len(legend) == 0 && first != 0:
				t.Errorf("%s: no legend, though it fit at %d lines", at, first)
			case len(legend) == 0:
			case len(legend) != m.footLines() || legend[0] != h-len(legend):
				t.Errorf("%s: legend lines %v, want the last %d:\n%s", at, legend, m.footLines(), strings.Join(lines, "\n"))
			case first == 0:
				first = h
			}
		}
		if first == 0 || first > 12 {
			t.Errorf("at %d columns the legend first fits at %d lines", w, first)
		}
	}
}

// A legend line as wide as the pane takes the next part: "  ab · cd" is
// 9 columns, one line at 9, two at 8.
func TestALegendLineFillsThePane(t *testing.T) {
	if got := wrapWhole([]string{"ab", "cd"}, 9, "…"); len(got) != 1 || got[0] != "  ab · cd" {
		t.Errorf("at 9: %q", got)
	}
	if got := wrapWhole([]string{"ab", "cd"}, 8, "…"); len(got) != 2 || strings.TrimSpace(got[1]) != "cd" {
		t.Errorf("at 8: %q", got)
	}
}

// Near and past the limit are coloured only when there are some:
// Бухгалтер's near 1 in the waiting colour, its past 0 plain; Evil's
// near 0 and past 0 plain.
func TestNearAndPastAreColouredWhenThereAreSome(t *testing.T) {
	m, _ := loaded(t, i18n.EN, false, 140, 40)
	st := m.c.Styles.Overview
	cell := func(n string) string { return strings.Repeat(" ", narrowWidth-len(n)) + n }
	var line, evil string
	for _, l := range strings.Split(m.View(), "\n") {
		if strings.Contains(l, "Бухгалтер") {
			line = l
		}
		if strings.Contains(l, "Evil") {
			evil = l
		}
	}
	near, past := st.Waiting.Render(cell("1")), st.Stale.Render(cell("0"))
	if near == cell("1") || past == cell("0") {
		t.Fatal("the styles colour nothing")
	}
	if !strings.Contains(line, near) || strings.Contains(line, past) || strings.Contains(line, st.Waiting.Render(cell("0"))) {
		t.Errorf("Бухгалтер's near 1 not coloured, or its past 0 coloured: %q", line)
	}
	if evil == "" || strings.Contains(evil, st.Waiting.Render(cell("0"))) || strings.Contains(evil, past) {
		t.Errorf("Evil's near 0 or past 0 coloured: %q", evil)
	}
}
