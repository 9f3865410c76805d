package overview

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
)

// snoozingSource is a fakeSource whose cache keeps snoozes.
type snoozingSource struct {
	fakeSource
	per map[int64]int
}

func (s *snoozingSource) SnoozedPerVacancy(context.Context, store.Scope, time.Time) (map[int64]int, error) {
	return s.per, nil
}

// The overview says each vacancy's snoozed resumes beside its trend, at
// every size and in both languages, ASCII too (issue 31 §4).
func TestSnoozedPerVacancy(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, size := range [][2]int{{80, 24}, {140, 40}} {
			t.Run(fmt.Sprintf("%v_%dx%d", lang, size[0], size[1]), func(t *testing.T) {
				for _, ascii := range []bool{false, true} {
					c := panetest.Colour(lang, panetest.Clock(panetest.Noon), panetest.ASCII(ascii))
					src := &snoozingSource{fakeSource: fakeSource{o: figures()}, per: map[int64]int{2: 4}}
					m := New(c, src, 0)
					m.SetSize(size[0], size[1])
					m.Focus()
					m.Update(m.Open(store.ScopeMine)())
					view := ansi.Strip(m.View())
					lines := strings.Split(view, "\n")
					at := -1
					for i, l := range lines {
						if strings.Contains(l, "Бухгалтер") {
							at = i
						}
					}
					if mark := c.Styles.Glyphs.Woken + "4"; at < 0 || at+1 >= len(lines) || !strings.Contains(lines[at+1], mark) {
						t.Fatalf("ascii %v: Бухгалтер's second line does not say %q:\n%s", ascii, mark, view)
					}
					if strings.Count(view, c.Styles.Glyphs.Woken) != 3 { // the vacancy's, the sum's and the legend's
						t.Errorf("ascii %v: a vacancy with none snoozed says it:\n%s", ascii, view)
					}
					if !strings.Contains(view, c.Text.Overview.Snoozed) {
						t.Errorf("ascii %v: the legend does not say what the mark counts:\n%s", ascii, view)
					}
					if !ascii {
						golden.RequireEqual(t, []byte(view))
					}
				}
			})
		}
	}
}
