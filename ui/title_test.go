package ui

import (
	"hrdesk/internal/testkit/panetest"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/i18n"
	"hrdesk/theme"
	"hrdesk/views/common"
)

// withUserFolder is a workstation at w×h with one user folder, "Shortlist".
func withUserFolder(t *testing.T, w, h int) *Model {
	t.Helper()
	st := fixture(t, 20)
	opts := []theme.Option{theme.WithNoColor(true)}
	c := panetest.Colour(i18n.EN, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
	c.UserFolders = []common.UserFolder{{ID: "501", Name: "Shortlist"}}
	m := New(st, &fakeBackend{}, Options{Common: c, ThemeOptions: opts, MeterEvery: -1, DetailDelay: -1})
	run(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// Issue 10, defect 3: at 80×24 the strip ended at "6 Select…" and the
// user folders were never seen; the list title said "Resumes" whatever
// folder it showed.
func TestStripShowsUserFoldersAndTitleNamesTheFolder(t *testing.T) {
	m := withUserFolder(t, 80, 24)
	strip := strings.Split(screen(m), "\n")[0]
	for _, want := range []string{"1 Inbox", "4 Refused", "5 ", "6 ", "8 ", "Shortlist"} {
		if !strings.Contains(strip, want) {
			t.Errorf("%q not on the strip: %q", want, strip)
		}
	}
	press(t, m, "m", "j", "j", "j", "j", "enter")               // the first resume to Shortlist
	press(t, m, "tab", "tab", "tab", "tab", "j", "j", "j", "j") // the folders: down to Shortlist
	title := strings.Split(screen(m), "\n")[2]
	if !strings.Contains(title, "Shortlist") || !strings.Contains(title, "1 resume") || strings.Contains(title, "1 resumes") {
		t.Errorf("the list title: %q", title)
	}
}

// Issue 10, defect 8: a move to a user folder said "queued: 1 →" with no
// name.
func TestMoveToUserFolderNamesIt(t *testing.T) {
	m := withUserFolder(t, 120, 30)
	press(t, m, "m", "j", "j", "j", "j", "enter")
	if line := statusLine(m); !strings.Contains(line, "1 → Shortlist") {
		t.Errorf("the status line: %q", line)
	}
}
