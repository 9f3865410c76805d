package folders

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
)

// Issue 31 §4: the resumes snoozed in a folder are said under it, apart
// from its count, and a click on that line is a click on the folder; a
// pane too short for the line leaves it out, the pane its height.
func TestSnoozedUnderTheirFolder(t *testing.T) {
	m := newFolders()
	m.SetCounts([]store.FolderCount{{Folder: store.FolderInbox, Total: 12}, {Folder: store.FolderConsidered, Total: 5, Snoozed: 2},
		{Folder: "501", Total: 2}})
	m.SetSize(24, 12)
	out := ansi.Strip(m.View())
	if !strings.Contains(out, "snoozed 2") {
		t.Fatalf("no snoozed line:\n%s", out)
	}
	panetest.Frame(t, m.View(), 24, 12)
	lines := strings.Split(out, "\n")
	for line, want := range map[int]int{0: 0, 1: 1, 2: 1, 3: 2, 4: 3, 5: 4} {
		if got, ok := m.At(line); !ok || got != want {
			t.Errorf("line %d %q is folder %d, want %d", line, lines[line], got, want)
		}
	}
	m.SetSize(24, 2) // the inbox and Considered: no room for its snoozed line
	panetest.Frame(t, m.View(), 24, 2)
	if out := ansi.Strip(m.View()); strings.Contains(out, "snoozed") {
		t.Errorf("the snoozed line past the pane's height:\n%s", out)
	}
}
