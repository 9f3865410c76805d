package overview

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/common"
)

// withUserFolders is issue 28's morning on the overview: two user folders
// as the site names them, holding some of each vacancy's responses.
func withUserFolders(t *testing.T, lang i18n.Lang, w, h int) *Model {
	t.Helper()
	c := panetest.Common(lang, panetest.Clock(panetest.Noon))
	c.UserFolders = []common.UserFolder{{ID: "1002", Name: "Talent pool"}, {ID: "1003", Name: "Shortlist"}}
	if lang == i18n.RU {
		c.UserFolders = []common.UserFolder{{ID: "1002", Name: "Кадровый резерв"}, {ID: "1003", Name: "Шорт-лист"}}
	}
	o := figures()
	for i := range o.Vacancies {
		o.Vacancies[i].Folders = map[string]int{"1002": 5 + i, "1003": 3}
		o.Vacancies[i].WaitingByAge = [4]int{3, 10, 10, 52}
	}
	o.Total.Folders = map[string]int{"1002": 18, "1003": 9}
	m := New(c, &fakeSource{o: o}, 0)
	m.SetSize(w, h)
	m.Focus()
	m.Update(m.Open(store.ScopeMine)())
	return m
}

// TestUserFoldersWholeAtEveryWidth (issue 28 §4: at 140 columns the
// overview cut the user folders' figures, "Кадровый резерв 5 …", the
// second not seen): at 80, 100, 120, 140 and 200 columns, EN and RU, a
// vacancy's second line names all its user folders whole (by name or
// abbreviation, with their counts) or none; from 120 columns, all; nothing
// on a second line is cut. The golden holds what each width shows.
func TestUserFoldersWholeAtEveryWidth(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, w := range []int{80, 100, 120, 140, 200} {
			t.Run(fmt.Sprintf("%v_%d", lang, w), func(t *testing.T) {
				m := withUserFolders(t, lang, w, 14)
				view := ansi.Strip(m.View())
				lines := strings.Split(view, "\n")
				e := m.c.Styles.Glyphs.Ellipsis
				for i := 4; i+1 < len(lines) && i < headLines+2*len(m.shown); i += 2 {
					second := lines[i]
					if strings.HasSuffix(strings.TrimRight(second, " "), e) {
						t.Errorf("line %d is cut: %q", i, second)
					}
					named := 0
					for _, f := range m.c.UserFolders {
						if strings.Contains(second, f.Name+" ") || strings.Contains(second, common.Abbrev(f.Name)+" ") {
							named++
						}
					}
					if named != 0 && named != len(m.c.UserFolders) || w >= wideWidth && named == 0 {
						t.Errorf("line %d names %d of %d user folders: %q", i, named, len(m.c.UserFolders), second)
					}
				}
				golden.RequireEqual(t, []byte(view))
			})
		}
	}
}
