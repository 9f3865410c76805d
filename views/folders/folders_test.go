package folders

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

func newFolders() *Model {
	c := panetest.Plain(i18n.EN)
	c.UserFolders = []common.UserFolder{{ID: "501", Name: "Shortlist"}}
	m := New(c)
	m.SetCounts([]store.FolderCount{{Folder: store.FolderInbox, Total: 12, New: 3}, {Folder: "501", Total: 2}})
	m.SetTabs([]Tab{{Key: "5", Name: "Vacancies"}, {Key: "6", Name: "Selections"}}, -1)
	return m
}

func TestWidthInvariant(t *testing.T) {
	for _, w := range []int{10, 24, 40} {
		for _, h := range []int{3, 12} {
			t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
				m := newFolders()
				m.SetSize(w, h)
				m.Focus()
				panetest.Frame(t, m.View(), w, h)
				if got := ansi.StringWidth(bar(m, w)); got != w {
					t.Errorf("strip is %d wide", got)
				}
			})
		}
	}
}

func TestMoveShowsFolder(t *testing.T) {
	m := newFolders()
	m.SetSize(24, 12)
	if a, _ := m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"}); a != nil {
		t.Fatalf("a blurred pane moved: %#v", a)
	}
	m.Focus()
	a, _ := m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
	if a != (action.ShowFolder{Index: 1}) || m.Current().ID != store.FolderConsidered {
		t.Fatalf("j: %#v, on %q", a, m.Current().ID)
	}
	if a, _ := m.Update(tea.KeyPressMsg{Code: 'G', Text: "G"}); a != (action.ShowFolder{Index: 4}) || m.Current().ID != "501" {
		t.Fatalf("G: %#v, on %q", a, m.Current().ID)
	}
	if a, _ := m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"}); a != nil {
		t.Errorf("past the last folder: %#v", a)
	}
	out := ansi.Strip(m.View())
	for _, want := range []string{"Inbox", "12 +3", "Shortlist", "5 Vacancies"} {
		if !strings.Contains(out, want) {
			t.Errorf("%q missing:\n%s", want, out)
		}
	}
}

// Candidates left waiting are counted under their folder, and a click on
// that line is a click on the folder.
func TestStaleCounts(t *testing.T) {
	m := newFolders()
	m.SetSize(24, 12)
	m.SetStale(map[string]int{store.FolderConsidered: 12, store.FolderInvited: 3})
	out := ansi.Strip(m.View())
	if !strings.Contains(out, "Considered") || !strings.Contains(out, "◷ 12 stale") || !strings.Contains(out, "◷ 3 stale") {
		t.Fatalf("no stale counts:\n%s", out)
	}
	panetest.Frame(t, m.View(), 24, 12)
	lines := strings.Split(out, "\n")
	for line, want := range map[int]int{0: 0, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 4} {
		if got, ok := m.At(line); !ok || got != want {
			t.Errorf("line %d %q is folder %d, want %d", line, lines[line], got, want)
		}
	}
	if _, ok := m.At(8); ok {
		t.Error("the screens' lines are no folders")
	}
	m.Select(1)
	if m.Stale() != 12 {
		t.Errorf("current folder's stale: %d", m.Stale())
	}
}

// A crowded strip gives up the screens' names (their keys stay) before a
// folder's name becomes unreadable.
func TestStripKeepsFolderNamesBeforeScreenNames(t *testing.T) {
	c := panetest.Plain(i18n.EN)
	c.UserFolders = []common.UserFolder{{ID: "501", Name: "Shortlist"}, {ID: "502", Name: "Reserve"}}
	m := New(c)
	m.SetCounts([]store.FolderCount{{Folder: store.FolderInbox, Total: 146}, {Folder: store.FolderConsidered, Total: 83},
		{Folder: store.FolderInvited, Total: 44}, {Folder: store.FolderRefused, Total: 50}, {Folder: "501"}, {Folder: "502"}})
	m.SetTabs([]Tab{{Key: "5", Name: "Vacancies"}, {Key: "6", Name: "Selections"}, {Key: "7", Name: "Outbox"}}, -1)
	strip := ansi.Strip(bar(m, 80))
	// Abbreviated with the counts it is 82 columns; whole without them, 72.
	for _, want := range []string{"1 Inbox  2 Considered  3 Invited  4 Refused  5  6  7  Shortlist  Reserve"} {
		if !strings.Contains(strip, want) {
			t.Errorf("%q not on the strip: %q", want, strip)
		}
	}
	if w := ansi.StringWidth(strip); w != 80 {
		t.Errorf("strip is %d columns", w)
	}
	// With room, every name is whole.
	if wide := bar(m, 140); !strings.Contains(wide, "5 Vacancies") || !strings.Contains(wide, "Shortlist") {
		t.Errorf("at 140 columns: %q", wide)
	}
}
