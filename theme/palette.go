// Package theme builds every style of hrdesk from a small semantic palette.
//
// New turns (dark or light background, options) into one Styles value of
// plain lipgloss v2 styles, built once and rebuilt on tea.BackgroundColorMsg.
// Nothing here is global or reads the environment: an SSH server runs one
// program per session, each with its own background, NO_COLOR and TERM.
package theme

import (
	"image/color"
	"strings"

	"charm.land/lipgloss/v2"
)

// Palette is the semantic colour set. Styles name roles, never hex values,
// so a palette change restyles everything consistently.
type Palette struct {
	Primary    color.Color // focus, titles, keys in help
	Text       color.Color // body text
	Muted      color.Color // dates, hints, blurred titles
	Border     color.Color // blurred pane borders, separators
	SelectedBg color.Color // cursor row background
	SelectedFg color.Color // cursor row text
	Success    color.Color // online, done
	Warning    color.Color // offline, pending, cost warnings
	Error      color.Color // failures
	Accent     color.Color // "new" markers
}

// NewPalette returns the palette for a dark or light terminal background.
// Colours are truecolor; the Bubble Tea program downsamples them to each
// terminal's profile.
func NewPalette(isDark bool) Palette {
	c := lipgloss.LightDark(isDark)
	hex := lipgloss.Color
	return Palette{
		Primary:    c(hex("#0550AE"), hex("#61AFEF")),
		Text:       c(hex("#1F2328"), hex("#DCDFE4")),
		Muted:      c(hex("#6E7781"), hex("#8B919A")),
		Border:     c(hex("#AFB8C1"), hex("#4B5263")),
		SelectedBg: c(hex("#DDF4FF"), hex("#3E4452")),
		SelectedFg: c(hex("#0A3069"), hex("#FFFFFF")),
		Success:    c(hex("#1A7F37"), hex("#98C379")),
		Warning:    c(hex("#9A6700"), hex("#E5C07B")),
		Error:      c(hex("#CF222E"), hex("#E06C75")),
		Accent:     c(hex("#8250DF"), hex("#C678DD")),
	}
}

// noColorPalette has no colour at all; NO_COLOR styles rely on bold,
// reverse and underline instead.
func noColorPalette() Palette {
	var n lipgloss.NoColor
	return Palette{n, n, n, n, n, n, n, n, n, n}
}

// NoColor reports whether NO_COLOR is set to a non-empty value in environ
// (https://no-color.org). environ is in os.Environ form; an SSH session
// passes its own, never the server's.
func NoColor(environ []string) bool {
	return lookupEnv(environ, "NO_COLOR") != ""
}

// ASCIITerm reports whether TERM in environ names a terminal that cannot
// draw box-drawing characters or the marker symbols, so WithASCII should be
// used: the Linux console's default font lacks rounded corners, and vt100
// class terminals and "dumb" have no Unicode at all.
func ASCIITerm(environ []string) bool {
	term := lookupEnv(environ, "TERM")
	switch {
	case term == "linux", term == "dumb", term == "ansi":
		return true
	case strings.HasPrefix(term, "vt1"), strings.HasPrefix(term, "vt2"):
		return true
	}
	return false
}

// lookupEnv returns name's value in environ; the last occurrence wins, as
// with exec.Cmd.
func lookupEnv(environ []string, name string) string {
	val := ""
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok && k == name {
			val = v
		}
	}
	return val
}
