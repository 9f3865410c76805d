package tabs_test

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
	"hrdesk/views/folders"
	"hrdesk/views/tabs"
)

// morning is issue 28's morning as the root asks it: 3,000 responses, the
// four folders, two user folders as the site names them, the outbox with
// a failure, the four screens; active is the screen shown (-1: triage,
// whose folder under the cursor is then active).
func morning(lang i18n.Lang, active int) (*common.Common, []tabs.Cell) {
	c := panetest.Plain(lang)
	c.UserFolders = []common.UserFolder{{ID: "1002", Name: "Talent pool"}, {ID: "1003", Name: "Shortlist"}}
	if lang == i18n.RU {
		c.UserFolders = []common.UserFolder{{ID: "1002", Name: "Кадровый резерв"}, {ID: "1003", Name: "Шорт-лист"}}
	}
	m := folders.New(c)
	m.SetCounts([]store.FolderCount{{Folder: store.FolderInbox, Total: 1575}, {Folder: store.FolderConsidered, Total: 283},
		{Folder: store.FolderInvited, Total: 144}, {Folder: store.FolderRefused, Total: 292}, {Folder: "1002", Total: 43}, {Folder: "1003", Total: 12}})
	m.SetTabs(nil, active)
	keyed, user := m.Cells()
	t := c.Text
	for i, s := range []tabs.Cell{{Key: "5", Name: t.Vacancies.Title}, {Key: "6", Name: t.Selections.Tab}, {Key: "7", Name: t.Outbox.Title, Count: "3!"},
		{Key: "8", Name: t.Overview.Title}} {
		s.Screen, s.Active = true, i == active
		keyed = append(keyed, s)
	}
	return c, append(keyed, user...)
}

// stripWidths are the widths issue 28 §4 decides: what each shows is in
// docs/ARCHITECTURE.md ("What each width shows").
var stripWidths = []int{80, 100, 120, 140, 200}

// TestStripAtEveryWidth (issue 28 §4: "5 Vaca…  6  7  8" at 120, "1 Вхо…
// 2 Рас… 3 При… 4 Отк…" at 80): at 80, 100, 120, 140 and 200 columns, on
// the triage screen and on the overview, EN and RU, every entry is whole:
// a folder by its name or its abbreviation, a screen by its name or its
// key; nothing ends with the ellipsis. The golden holds what each width
// shows (moved from views/folders with the bar, byte for byte).
func TestStripAtEveryWidth(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		var out strings.Builder
		for _, w := range stripWidths {
			for _, active := range []int{-1, 3} {
				c, cells := morning(lang, active)
				strip := ansi.Strip(tabs.Line(c, cells, w))
				fmt.Fprintf(&out, "%3d %2d |%s|\n", w, active, strip)
				if ansi.StringWidth(strip) != w || strings.Contains(strip, c.Styles.Glyphs.Ellipsis) {
					t.Errorf("%s at %d: %q", lang, w, strip)
				}
				for _, e := range cells {
					switch {
					case !e.Screen:
						key := tabs.Join(e.Key, "")
						if key != "" {
							key += " "
						}
						if !strings.Contains(strip, key+e.Name) && !strings.Contains(strip, key+common.Abbrev(e.Name)) {
							t.Errorf("%s at %d: %q is not on the strip whole: %q", lang, w, e.Name, strip)
						}
					default:
						keyed := tabs.Join(e.Key, e.Count)
						if !strings.Contains(" "+strip+" ", "  "+keyed+"  ") && !strings.Contains(strip, e.Key+" "+e.Name) {
							t.Errorf("%s at %d: the screen %s %q is neither named whole nor by its key: %q", lang, w, e.Key, e.Name, strip)
						}
					}
				}
			}
		}
		t.Run(lang.String(), func(t *testing.T) { golden.RequireEqual(t, []byte(out.String())) })
	}
}

// The active cell, and it alone, is drawn selected: a folder while triage
// is shown, the screen otherwise; in every form.
func TestLineMarksTheActiveCell(t *testing.T) {
	c := panetest.Colour(i18n.EN)
	sel := c.Styles.List.Selected.Render("X")
	if sel == "X" {
		t.Fatal("the selected style draws nothing: nothing to tell the active cell by")
	}
	for _, w := range stripWidths {
		for _, active := range []int{-1, 3} {
			_, cells := morning(i18n.EN, active)
			line := tabs.Line(c, cells, w)
			plain := ansi.Strip(line)
			if line == plain {
				t.Errorf("at %d, active %d: nothing is marked: %q", w, active, plain)
			}
			for i := range cells {
				cells[i].Active = false
			}
			if none := tabs.Line(c, cells, w); none != ansi.Strip(none) {
				t.Errorf("at %d: marked with no cell active: %q", w, none)
			}
		}
	}
}
