package ui

import (
	"hrdesk/internal/testkit/panetest"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/i18n"
	"hrdesk/theme"
)

// Issue 10, defect 11: TERM=linux (an ASCII terminal) still got •, ↓/↑, —
// and · in the footer and the titles; no symbol outside ASCII and the
// languages' letters reaches it.
func TestASCIITerminalGetsNoSymbols(t *testing.T) {
	st := fixture(t, 20)
	withTemplates(t, st)
	for _, lang := range []i18n.Lang{i18n.EN, i18n.RU} {
		opts := []theme.Option{theme.WithNoColor(true), theme.WithASCII(true)}
		c := panetest.Colour(lang, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
		m := New(st, &fakeBackend{}, Options{Common: c, ThemeOptions: opts, MeterEvery: -1, DetailDelay: -1})
		run(t, m, m.Init())
		send(t, m, tea.WindowSizeMsg{Width: 100, Height: 30})
		for _, keys := range [][]string{nil, {"i"}, {"esc", "?"}, {"esc", "enter"}, {"esc", "5"}, {"esc", "2", "F"}, {"esc", "/", "ctrl+g"}, {"esc", "esc", "8"}} {
			press(t, m, keys...)
			out := m.View().Content
			for _, r := range out {
				if r > 0x7e && !(r >= 0x400 && r <= 0x4ff) && r != '\n' {
					t.Fatalf("%v after %v: %q (%U) on an ASCII terminal:\n%s", lang, keys, r, r, out)
				}
			}
		}
	}
}
