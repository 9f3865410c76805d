package common

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/textsafe"
)

// Fit cuts or pads a line, which may carry SGR styling, to exactly w
// columns; a cut line ends with ellipsis ("" cuts hard). A styled line is
// closed with a reset before its padding, so no style runs into whatever
// the root draws beside it.
func Fit(line string, w int, ellipsis string) string {
	if w <= 0 {
		return ""
	}
	n := ansi.StringWidth(line)
	if n > w {
		line = ansi.Truncate(line, w, ellipsis)
		n = ansi.StringWidth(line)
	}
	if strings.Contains(line, "\x1b[") && !strings.HasSuffix(line, "\x1b[m") && !strings.HasSuffix(line, "\x1b[0m") {
		line += "\x1b[m"
	}
	if n < w {
		line += strings.Repeat(" ", w-n)
	}
	return line
}

// Cell is untrusted text as one clean line of exactly w columns: cut with
// ellipsis when too wide, padded on the right (on the left when right is
// set, for numbers).
func Cell(text string, w int, right bool, ellipsis string) string {
	if w <= 0 {
		return ""
	}
	text = textsafe.Line(text)
	if ansi.StringWidth(text) > w {
		text = ansi.Truncate(text, w, ellipsis)
	}
	pad := w - ansi.StringWidth(text)
	if pad <= 0 {
		return text
	}
	if right {
		return strings.Repeat(" ", pad) + text
	}
	return text + strings.Repeat(" ", pad)
}

// Block is lines as a pane's view: exactly h lines, each fitted to w
// columns, blank lines below the last.
func Block(lines []string, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	var b strings.Builder
	b.Grow((w + 16) * h)
	blank := strings.Repeat(" ", w)
	for i := range h {
		if i > 0 {
			b.WriteByte('\n')
		}
		if i < len(lines) {
			b.WriteString(Fit(lines[i], w, ""))
		} else {
			b.WriteString(blank)
		}
	}
	return b.String()
}

// Column is one column of a simple table pane.
type Column struct {
	Title string
	Width int
	Right bool
	// Flex columns share the width left over by the fixed ones.
	Flex bool
}

// Layout gives the flex columns the width the fixed ones leave (at least
// min each), and drops trailing columns that no longer fit. prefix is what
// each row starts with (cursor and mark cells).
func Layout(cols []Column, width, prefix, min int) []Column {
	for len(cols) > 1 {
		fixed, flex := prefix, 0
		for _, c := range cols {
			if c.Flex {
				flex++
			} else {
				fixed += c.Width
			}
			fixed++ // the gap after it
		}
		left := width - fixed
		if flex == 0 || left >= flex*min {
			out := append([]Column(nil), cols...)
			for i := range out {
				if out[i].Flex && flex > 0 {
					out[i].Width = left / flex
				}
			}
			return out
		}
		cols = cols[:len(cols)-1]
	}
	if len(cols) == 1 {
		cols[0].Width = max(width-prefix, 1)
	}
	return cols
}

// Cells joins cells under cols, one space apart.
func Cells(cells []string, cols []Column, ellipsis string) string {
	var b strings.Builder
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		v := ""
		if i < len(cells) {
			v = cells[i]
		}
		b.WriteString(Cell(v, c.Width, c.Right, ellipsis))
	}
	return b.String()
}

// Titles is the header cells of cols.
func Titles(cols []Column) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = c.Title
	}
	return out
}
