package folders

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
	strip := ansi.Strip(m.Strip(120))
	if !strings.Contains(strip, "6 Selections  ") || ansi.StringWidth(strip) != 120 {
		t.Errorf("at 120: %q", strip)
	}
	if strip := ansi.Strip(m.Strip(80)); !strings.Contains(strip, "1 Inb") || !strings.Contains(strip, "7 ") {
		t.Errorf("at 80: %q", strip)
	}
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		m := busyStrip(lang, 1)
		whole := ansi.Strip(m.Strip(200))
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
			strip := ansi.Strip(m.Strip(width))
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

// morningStrip is issue 28's morning: 3,000 responses, the four folders,
// two user folders as the site names them, the outbox with a failure, the
// four screens.
func morningStrip(lang i18n.Lang, active int) *Model {
	c := panetest.Plain(lang)
	c.UserFolders = []common.UserFolder{{ID: "1002", Name: "Talent pool"}, {ID: "1003", Name: "Shortlist"}}
	if lang == i18n.RU {
		c.UserFolders = []common.UserFolder{{ID: "1002", Name: "Кадровый резерв"}, {ID: "1003", Name: "Шорт-лист"}}
	}
	m := New(c)
	m.SetCounts([]store.FolderCount{{Folder: store.FolderInbox, Total: 1575}, {Folder: store.FolderConsidered, Total: 283},
		{Folder: store.FolderInvited, Total: 144}, {Folder: store.FolderRefused, Total: 292}, {Folder: "1002", Total: 43}, {Folder: "1003", Total: 12}})
	t := c.Text
	m.SetTabs([]Tab{{Key: "5", Name: t.Vacancies.Title}, {Key: "6", Name: t.Selections.Tab}, {Key: "7", Name: t.Outbox.Title, Count: "3!"},
		{Key: "8", Name: t.Overview.Title}}, active)
	return m
}

// stripWidths are the widths issue 28 §4 decides: what each shows is in
// docs/ARCHITECTURE.md ("What each width shows").
var stripWidths = []int{80, 100, 120, 140, 200}

// TestStripAtEveryWidth (issue 28 §4: "5 Vaca…  6  7  8" at 120, "1 Вхо…
// 2 Рас… 3 При… 4 Отк…" at 80): at 80, 100, 120, 140 and 200 columns, on
// the triage screen and on the overview, EN and RU, every entry is whole:
// a folder by its name or its abbreviation, a screen by its name or its
// key; nothing ends with the ellipsis. The golden holds what each width
// shows.
func TestStripAtEveryWidth(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		var out strings.Builder
		for _, w := range stripWidths {
			for _, active := range []int{-1, 3} {
				m := morningStrip(lang, active)
				strip := ansi.Strip(m.Strip(w))
				fmt.Fprintf(&out, "%3d %2d |%s|\n", w, active, strip)
				if ansi.StringWidth(strip) != w || strings.Contains(strip, m.c.Styles.Glyphs.Ellipsis) {
					t.Errorf("%s at %d: %q", lang, w, strip)
				}
				for i, f := range m.items {
					key := ""
					if i < 4 {
						key = fmt.Sprint(i+1) + " "
					}
					if !strings.Contains(strip, key+f.Name) && !strings.Contains(strip, key+common.Abbrev(f.Name)) {
						t.Errorf("%s at %d: %q is not on the strip whole: %q", lang, w, f.Name, strip)
					}
				}
				for _, tab := range m.tabs {
					keyed := tab.Key
					if tab.Count != "" {
						keyed += " " + tab.Count
					}
					if !strings.Contains(" "+strip+" ", "  "+keyed+"  ") && !strings.Contains(strip, tab.Key+" "+tab.Name) {
						t.Errorf("%s at %d: the screen %s %q is neither named whole nor by its key: %q", lang, w, tab.Key, tab.Name, strip)
					}
				}
			}
		}
		t.Run(lang.String(), func(t *testing.T) { golden.RequireEqual(t, []byte(out.String())) })
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
			strip := ansi.Strip(m.Strip(80))
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
