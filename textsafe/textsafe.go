// Package textsafe makes untrusted text safe to print on a terminal:
// everything the job-board API returns, and the names config.toml gives
// folders and saved views (a config file may come from someone else).
//
// ansi.Strip removes escape sequences but keeps carriage returns, backspaces,
// BEL, DEL, C1 controls and bidi overrides, any of which can rewrite what a
// recruiter sees. Clean removes all of them, keeping only newlines and tabs,
// and drops emoji joiners whose width terminals disagree on.
package textsafe

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Clean returns s without escape sequences, control characters, bidi
// overrides and invalid UTF-8. Newlines and tabs are kept; "\r\n" becomes "\n".
func Clean(s string) string {
	if isPlain(s) {
		return s
	}
	s = ansi.Strip(s)
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range s {
		switch {
		case r == utf8.RuneError:
			// An invalid byte decodes to RuneError of width 1; a real U+FFFD is 3 bytes.
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				continue
			}
			b.WriteRune(r)
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case unsafe(r):
			continue
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Line is Clean for text shown on one line: newlines and tabs become spaces.
func Line(s string) string {
	s = Clean(s)
	if !strings.ContainsAny(s, "\n\t") {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// isPlain reports whether s is printable ASCII plus newline and tab, the
// common case, which needs no copy.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 || (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
			return false
		}
	}
	return true
}

// unsafe reports runes that control the terminal or reorder text.
func unsafe(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f: // C0 controls (newline and tab handled by the caller), DEL
		return true
	case r >= 0x80 && r <= 0x9f: // C1 controls, including 8-bit CSI and OSC
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069: // bidi embeddings, overrides, isolates
		return true
	case r == 0x200e || r == 0x200f || r == 0x061c: // direction marks
		return true
	case r == 0xfeff: // zero-width no-break space (BOM)
		return true
	case r == 0x200d, r == 0xfe0e, r == 0xfe0f:
		// Zero-width joiner and variation selectors: terminals disagree on
		// the width of joined emoji (👨‍👩‍👧 is 2 columns to a width library,
		// 6 in tmux), which pushes borders off the line. Without them each
		// emoji stands alone and every party counts it the same.
		return true
	}
	return false
}
