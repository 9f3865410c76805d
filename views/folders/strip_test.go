package folders

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/common"
	"hrdesk/views/tabs"
)

// bar is the root's tab bar over this pane alone: its folders, and its
// tabs as the screens' cells (the root builds the same from its table).
func bar(m *Model, width int) string {
	keyed, user := m.Cells()
	for i, tab := range m.tabs {
		keyed = append(keyed, tabs.Cell{Key: tab.Key, Name: tab.Name, Count: tab.Count, Active: i == m.active, Screen: true})
	}
	return tabs.Line(m.c, append(keyed, user...), width)
}

// busyStrip is the strip of a morning's work: four-digit counts, two user
// folders, failed actions in the outbox, the screen tabs index shown.
func busyStrip(lang i18n.Lang, active int) *Model {
	c := panetest.Plain(lang)
	c.UserFolders = []common.UserFolder{{ID: "501", Name: "Shortlist"}, {ID: "502", Name: "Reserve"}}
	m := New(c)
	m.SetCounts([]store.FolderCount{{Folder: store.FolderInbox, Total: 1575}, {Folder: store.FolderConsidered, Total: 283},
		{Folder: store.FolderInvited, Total: 144}, {Folder: store.FolderRefused, Total: 292}, {Folder: "501", Total: 12}, {Folder: "502"}})
	t := c.Text
	m.SetTabs([]Tab{{Key: "5", Name: t.Vacancies.Title}, {Key: "6", Name: t.Selections.Tab}, {Key: "7", Name: t.Outbox.Title, Count: "3!"}}, active)
	return m
}

// The screen shown keeps its whole name on the strip while only other
// screens need to give way: at 120 columns "6 Selections", not
// "6 Selectio…" (issue 19 §2.8); with room for everything nothing is cut.
// Folders still keep their names before any screen does (80 columns).
func TestStripNamesTheScreenShownWhole(t *testing.T) {
	m := busyStrip(i18n.EN, 1)
	strip := ansi.Strip(bar(m, 120))
	if !strings.Contains(strip, "6 Selections  ") || ansi.StringWidth(strip) != 120 {
		t.Errorf("at 120: %q", strip)
	}
	if strip := ansi.Strip(bar(m, 80)); !strings.Contains(strip, "1 Inb") || !strings.Contains(strip, "7 ") {
		t.Errorf("at 80: %q", strip)
	}
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		m := busyStrip(lang, 1)
		whole := ansi.Strip(bar(m, 200))
		if strings.Contains(whole, m.c.Styles.Glyphs.Ellipsis) || !strings.Contains(whole, "6 "+m.c.Text.Selections.Tab+"  ") {
			t.Errorf("%s at 200: cut with room to spare: %q", lang, whole)
		}
	}
}

// A screen's name on a crowded strip is a readable stub ("Vac…") or its
// key alone, never a letter and an ellipsis; and a screen's name gives way
// whole before any folder name is cut (the folders are what is read all
// day, help names the screens).
func TestStripDropsScreenNamesBeforeCuttingFolders(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for width := 50; width <= 160; width++ {
			m := busyStrip(lang, -1)
			ell := m.c.Styles.Glyphs.Ellipsis
			strip := ansi.Strip(bar(m, width))
			fields := strings.Split(strip, "  ")
			if strings.HasSuffix(strip, ell) {
				fields = fields[:len(fields)-1] // the line itself cut where nothing fits
			}
			for _, field := range fields {
				key, name, _ := strings.Cut(strings.TrimSpace(field), " ")
				if key >= "5" && key <= "8" && strings.HasSuffix(name, ell) && ansi.StringWidth(name) < 4 {
					t.Errorf("%s at %d: a stub of a screen's name: %q in %q", lang, width, field, strip)
				}
			}
			folderCut := false
			for _, f := range m.items {
				if !strings.Contains(strip, f.Name) {
					folderCut = true
				}
			}
			for _, tab := range m.tabs {
				if folderCut && strings.Contains(strip, " "+ansi.Truncate(tab.Name, 3, "")) {
					t.Errorf("%s at %d: a folder's name is cut while %q is named: %q", lang, width, tab.Name, strip)
				}
			}
		}
	}
}

// Issue 28 §4, tried by hand at 80 columns with the user folders added
// after the first sync: two of config.toml and one the site's history
// names that config.toml does not ("Шорт-лист"). The strip ended
// "Shortl.  Шорт…" (EN) and "Shortl.  Шорт-л…" (RU). With three user
// folders every entry is whole at 80 columns still: the keyed entries one
// space apart, their keys telling them apart.
func TestStripWithThreeUserFoldersAt80(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		for _, active := range []int{-1, 3} {
			c := panetest.Plain(lang)
			c.UserFolders = []common.UserFolder{{ID: "1001", Name: "Кадровый резерв"}, {ID: "1002", Name: "Shortlist"},
				{ID: "site:Шорт-лист", Name: "Шорт-лист"}}
			m := New(c)
			m.SetCounts([]store.FolderCount{{Folder: store.FolderInbox, Total: 1079}, {Folder: store.FolderConsidered, Total: 609},
				{Folder: store.FolderInvited, Total: 274}, {Folder: store.FolderRefused, Total: 433}, {Folder: "1001", Total: 5},
				{Folder: "1002"}, {Folder: "site:Шорт-лист", Total: 3}})
			tx := c.Text
			m.SetTabs([]Tab{{Key: "5", Name: tx.Vacancies.Title}, {Key: "6", Name: tx.Selections.Tab}, {Key: "7", Name: tx.Outbox.Title, Count: "3!"},
				{Key: "8", Name: tx.Overview.Title}}, active)
			strip := ansi.Strip(bar(m, 80))
			if ansi.StringWidth(strip) != 80 || strings.Contains(strip, c.Styles.Glyphs.Ellipsis) {
				t.Errorf("%s: %q", lang, strip)
			}
			for i, f := range m.items {
				key := ""
				if i < 4 {
					key = fmt.Sprint(i+1) + " "
				}
				if !strings.Contains(strip, key+f.Name) && !strings.Contains(strip, key+common.Abbrev(f.Name)) {
					t.Errorf("%s: %q is not on the strip whole: %q", lang, f.Name, strip)
				}
			}
			if !strings.Contains(strip, " 5 6 7 3! 8  ") {
				t.Errorf("%s: the screens' keys are not all there: %q", lang, strip)
			}
		}
	}
}
