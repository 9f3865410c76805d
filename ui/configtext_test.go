package ui

import (
	"hrdesk/internal/testkit/panetest"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/theme"
	"hrdesk/views/common"
	"hrdesk/views/criteria"
)

// Names from config.toml (a saved view's, a folder's) reach the help
// screen, the status bar, the folders pane and the move dialog cleaned as
// the service's text is, even when given to the UI raw (issue 18 §5):
// config cleans them as it reads them, this is the second line.
func TestConfigNamesReachTheScreenClean(t *testing.T) {
	st := fixture(t, 10)
	const evil = "\u202e\x1b]52;c;ZXZpbA==\x07\x1b[2J\x1b[31m\r"
	opts := []theme.Option{theme.WithNoColor(true)}
	c := panetest.Colour(i18n.EN, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
	c.UserFolders = []common.UserFolder{{ID: "501", Name: "Short" + evil + "list"}}
	view := criteria.View{Name: "Fresh" + evil + "seniors", Key: key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "Fresh"+evil+"seniors")),
		Folder: "inbox"}
	m := New(st, &fakeBackend{}, Options{Common: c, ThemeOptions: opts, MeterEvery: -1, LastSync: testNow.Add(-time.Hour), DetailDelay: -1,
		Views: []criteria.View{view}})
	run(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: 140, Height: 40})
	check := func(where, want string) {
		t.Helper()
		out := m.render()
		for _, bad := range []string{"\u202e", "\x1b]", "\x07", "\x1b[2J", "\x1b[31m", "\r"} {
			if strings.Contains(out, bad) {
				t.Errorf("%s: %q reached the screen", where, bad)
			}
		}
		if !strings.Contains(ansi.Strip(out), want) {
			t.Errorf("%s: %q not shown:\n%s", where, want, ansi.Strip(out))
		}
	}
	check("folders pane", "Shortlist")
	press(t, m, "w")
	check("status bar", "view: Freshseniors")
	press(t, m, "?")
	check("help", "w Freshseniors")
	press(t, m, "esc", "m")
	check("move dialog", "Shortlist")
}
