package common

import (
	"strconv"
	"strings"

	"hrdesk/textsafe"
)

// EscapeLine makes untrusted text safe inside one markdown line: textsafe.Line
// drops escape sequences, controls and bidi overrides, then every ASCII
// punctuation character becomes a numeric character reference ("*" is
// "&#42;"), so "**x**", "[a](b)", "<b>", "# x" or "1." stay literal text and
// no autolink is formed.
//
// Not backslash escapes: glamour prints a text node's source bytes, so a
// backslash before most punctuation would show; it does resolve character
// references, then undoes backslash escapes of a few characters itself.
func EscapeLine(s string) string {
	return escapeMarkdown(textsafe.Line(s))
}

// EscapeBlock is EscapeLine for multi-line text (duties, additional info): lines keep
// their breaks as markdown hard breaks, blank lines separate paragraphs, and
// leading indentation is dropped so nothing becomes a code block.
func EscapeBlock(s string) string {
	s = textsafe.Clean(s)
	lines := strings.Split(s, "\n")
	var b strings.Builder
	prevBlank := true
	for _, l := range lines {
		l = strings.TrimSpace(strings.ReplaceAll(l, "\t", " "))
		if l == "" {
			if !prevBlank {
				b.WriteString("\n\n")
			}
			prevBlank = true
			continue
		}
		if !prevBlank {
			b.WriteString("\n") // kept: the renderer preserves newlines
		}
		b.WriteString(escapeMarkdown(l))
		prevBlank = false
	}
	return strings.TrimRight(b.String(), "\n")
}

func escapeMarkdown(s string) string {
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	for _, r := range s {
		if r == '\\' {
			// After resolving references glamour turns a doubled backslash
			// into one and drops a backslash before * _ [ and the like, so a
			// literal backslash is written twice.
			b.WriteString("&#92;&#92;")
			continue
		}
		if r < 0x80 && isPunct(byte(r)) {
			b.WriteString("&#")
			b.WriteString(strconv.Itoa(int(r)))
			b.WriteByte(';')
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isPunct(c byte) bool {
	return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') || (c >= '{' && c <= '~')
}
