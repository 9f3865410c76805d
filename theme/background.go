package theme

// Background is what the colours are drawn for: the terminal's own
// background, asked when the workstation starts (BackgroundAuto), or one
// fixed by config.toml's `theme`, for a terminal that answers wrongly or
// not at all (some multiplexers, some SSH clients).
type Background int

// The backgrounds of `theme = "auto" | "light" | "dark"`.
const (
	BackgroundAuto Background = iota
	BackgroundLight
	BackgroundDark
)

// ParseBackground reads config's theme; anything but "light" or "dark"
// (config has refused any other word already) follows the terminal.
func ParseBackground(s string) Background {
	switch s {
	case "light":
		return BackgroundLight
	case "dark":
		return BackgroundDark
	}
	return BackgroundAuto
}

// Fixed reports whether b stands instead of the terminal's answer, and
// whether it is dark.
func (b Background) Fixed() (dark, fixed bool) {
	switch b {
	case BackgroundLight:
		return false, true
	case BackgroundDark:
		return true, true
	}
	return false, false
}
