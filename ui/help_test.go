package ui

import (
	"hrdesk/internal/testkit/panetest"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/i18n"
	"hrdesk/theme"
)

// Issue 10, defect 2: at 80×24 help showed 2 of 5 columns and a "…"; sort,
// filter, sync, undo and quit never appeared. Help has a title and a close
// hint, and every key is reached by scrolling.
func TestHelpReachesEveryKeyAt80x24(t *testing.T) {
	st := fixture(t, 10)
	m, _ := newModel(t, st, 80, 24)
	press(t, m, "?")
	seen := screen(m)
	if !strings.Contains(seen, "Keys") || !strings.Contains(seen, "? /esc close") && !strings.Contains(seen, "?/esc close") {
		t.Errorf("no title or close hint:\n%s", seen)
	}
	for range 30 {
		press(t, m, "j")
		seen += screen(m)
	}
	for _, want := range []string{"sort by", "filter", "sync now", "undo", "quit", "Navigation", "General"} {
		if !strings.Contains(seen, want) {
			t.Errorf("%q never shown at 80×24", want)
		}
	}
	press(t, m, "esc")
	if m.mode != paneTriage {
		t.Error("esc did not close help")
	}
}

// Russian at 120 columns lost a column too: every group title is shown.
func TestHelpRussianEveryGroup(t *testing.T) {
	st := fixture(t, 10)
	opts := []theme.Option{theme.WithNoColor(true)}
	c := panetest.Colour(i18n.RU, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
	m := New(st, &fakeBackend{}, Options{Common: c, ThemeOptions: opts, MeterEvery: -1, DetailDelay: -1})
	run(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	press(t, m, "?")
	seen := screen(m)
	for range 40 {
		press(t, m, "j")
		seen += screen(m)
	}
	for _, title := range c.Text.GroupTitles() {
		if title == c.Text.HelpGroups.Dialog {
			continue
		}
		if !strings.Contains(seen, title) {
			t.Errorf("group %q missing", title)
		}
	}
	for _, want := range []string{"выход", "отменить"} {
		if !strings.Contains(seen, want) {
			t.Errorf("%q missing", want)
		}
	}
}
