package common

import (
	"strings"

	"hrdesk/textsafe"
)

// keepSGR returns glamour's output with every escape sequence removed except
// plain SGR colour and attribute sequences (ESC [ digits;: m), and with text
// between sequences passed through textsafe.Clean. The input to glamour is
// already clean; this is the second line of defence, because glamour passes
// sequences such as OSC 52 (clipboard write) straight through.
func keepSGR(s string) string {
	var out, text strings.Builder
	out.Grow(len(s))
	flush := func() {
		if text.Len() > 0 {
			out.WriteString(textsafe.Clean(text.String()))
			text.Reset()
		}
	}
	for i := 0; i < len(s); {
		if s[i] != 0x1b {
			j := strings.IndexByte(s[i:], 0x1b)
			if j < 0 {
				j = len(s) - i
			}
			text.WriteString(s[i : i+j])
			i += j
			continue
		}
		flush()
		n, sgr := escapeLen(s[i:])
		if sgr {
			out.WriteString(s[i : i+n])
		}
		i += n
	}
	flush()
	return out.String()
}

// escapeLen measures the escape sequence at the start of s (s[0] == ESC) and
// reports whether it is a plain SGR sequence.
func escapeLen(s string) (n int, sgr bool) {
	if len(s) < 2 {
		return len(s), false
	}
	switch s[1] {
	case '[': // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, final 0x40–0x7E
		plain := true
		for i := 2; i < len(s); i++ {
			c := s[i]
			switch {
			case c >= '0' && c <= '9', c == ';', c == ':':
			case c >= 0x20 && c <= 0x3f:
				plain = false
			case c >= 0x40 && c <= 0x7e:
				return i + 1, plain && c == 'm'
			default:
				// Not a valid CSI: drop what was read.
				return i, false
			}
		}
		return len(s), false
	case ']', 'P', 'X', '^', '_': // OSC, DCS, SOS, PM, APC: up to BEL or ST
		for i := 2; i < len(s); i++ {
			if s[i] == 0x07 {
				return i + 1, false
			}
			if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\' {
				return i + 2, false
			}
		}
		return len(s), false
	}
	return 2, false
}

// compactSGR rewrites one line's SGR sequences so each run of equally styled
// text has one: glamour opens and resets a style around every space of its
// padding, which makes a 118-column line about 1.5 KB and every frame slow to
// copy. The line ends with a reset when any style is open.
func compactSGR(l string) string {
	if !strings.Contains(l, "\x1b[") {
		return l
	}
	var out strings.Builder
	out.Grow(len(l) / 2)
	state, emitted := "", ""
	for i := 0; i < len(l); {
		if l[i] == 0x1b {
			n, sgr := escapeLen(l[i:])
			if sgr {
				if seq := l[i : i+n]; seq == "\x1b[m" || seq == "\x1b[0m" {
					state = ""
				} else {
					state += seq
				}
			}
			i += n
			continue
		}
		j := strings.IndexByte(l[i:], 0x1b)
		if j < 0 {
			j = len(l) - i
		}
		if state != emitted {
			if !strings.HasPrefix(state, emitted) || emitted != "" && state == "" {
				out.WriteString("\x1b[m")
				emitted = ""
			}
			out.WriteString(state[len(emitted):])
			emitted = state
		}
		out.WriteString(l[i : i+j])
		i += j
	}
	if emitted != "" {
		out.WriteString("\x1b[m")
	}
	return out.String()
}

// plainTail drops the styling of a line's trailing spaces, which glamour
// pads every line with in its text colour: Fit then pads with plain spaces
// after a reset. Plain blanks cost a terminal one erase (ECH) instead of
// every space and its colour again, each time the line is painted (over
// SSH, the resume pane at every rest of the cursor, and any line Bubble Tea
// repaints whole, such as one holding a wide character). A line that sets
// a background, reverse or underline keeps its spaces: they are visible.
func plainTail(l string) string {
	if !strings.Contains(l, "\x1b[") {
		return l
	}
	// Walk back over the trailing spaces and the SGR sequences among them.
	cut, spaces := len(l), false
	for cut > 0 {
		if l[cut-1] == ' ' {
			cut--
			spaces = true
			continue
		}
		i := strings.LastIndex(l[:cut], "\x1b[")
		if l[cut-1] != 'm' || i < 0 || strings.Trim(l[i+2:cut-1], "0123456789;:") != "" {
			break
		}
		cut = i
	}
	if !spaces || visibleSpaces(l) {
		return l
	}
	return l[:cut]
}

// visibleSpaces says a line's SGR sequences set something a space shows:
// a background (40–48, 100–107), reverse (7) or underline (4).
func visibleSpaces(l string) bool {
	for i := 0; i < len(l); {
		if l[i] != 0x1b {
			i++
			continue
		}
		n, sgr := escapeLen(l[i:])
		if sgr && sgrShowsSpaces(l[i+2:i+n-1]) {
			return true
		}
		i += n
	}
	return false
}

// sgrShowsSpaces reads one SGR sequence's parameters (visibleSpaces).
func sgrShowsSpaces(params string) bool {
	skip := 0 // operands of a colour still to pass over
	for params != "" {
		var p string
		if j := strings.IndexAny(params, ";:"); j >= 0 {
			p, params = params[:j], params[j+1:]
		} else {
			p, params = params, ""
		}
		switch {
		case skip > 0:
			skip--
			// 38;5;n and 38;2;r;g;b: the 5 or 2 says how many follow.
			if skip == 3 && p == "5" {
				skip = 1
			}
		case p == "38" || p == "58":
			// A foreground or underline colour: its operands may read like
			// a background.
			skip = 4
		case p == "4" || p == "7" || p == "48" || len(p) == 2 && p[0] == '4' && p[1] <= '7' ||
			len(p) == 3 && p[0] == '1' && p[1] == '0' && p[2] <= '7':
			return true
		}
	}
	return false
}
