package ui

import (
	"image/color"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hrdesk/keymap"
	"hrdesk/theme"
)

// config's theme (issue 28 §6): auto follows the terminal's answer, light
// and dark stand whatever the terminal says, from the first frame.
func TestThemeSettingOrTheTerminalDecidesTheColours(t *testing.T) {
	st := fixture(t, 3)
	for _, tc := range []struct {
		name     string
		bg       theme.Background
		terminal color.Color // nil: the terminal never answers
		dark     bool
	}{
		{"auto, light terminal", theme.BackgroundAuto, color.White, false},
		{"auto, dark terminal", theme.BackgroundAuto, color.Black, true},
		{"light, dark terminal", theme.BackgroundLight, color.Black, false},
		{"light, no answer", theme.BackgroundLight, nil, false},
		{"dark, light terminal", theme.BackgroundDark, color.White, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, _ := newModelWith(t, st, keymap.Default(), 80, 24, func(o *Options) { o.Background = tc.bg })
			if _, fixed := tc.bg.Fixed(); fixed && m.askBackground() != nil {
				t.Error("the terminal is asked for its background while config fixes it")
			}
			if tc.terminal != nil {
				send(t, m, tea.BackgroundColorMsg{Color: tc.terminal})
			}
			if m.c.Styles.IsDark != tc.dark {
				t.Errorf("styles drawn for dark = %v, want %v", m.c.Styles.IsDark, tc.dark)
			}
		})
	}
	if m, _ := newModel(t, st, 80, 24); m.askBackground() == nil {
		t.Error("auto does not ask the terminal for its background")
	}
}
