package common

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/textsafe"
)

// Fit makes s exactly w columns: cleaned of escapes, cut with ellipsis
// when too wide, padded on the right (or the left when right is set).
func Fit(s string, w int, right bool, ellipsis string) string {
	if w <= 0 {
		return ""
	}
	s = textsafe.Line(s)
	if ansi.StringWidth(s) > w {
		s = ansi.Truncate(s, w, ellipsis)
	}
	pad := w - ansi.StringWidth(s)
	if pad <= 0 {
		return s
	}
	if right {
		return strings.Repeat(" ", pad) + s
	}
	return s + strings.Repeat(" ", pad)
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
		b.WriteString(Fit(v, c.Width, c.Right, ellipsis))
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

// FitStyled cuts or pads a line that may hold SGR styling to exactly w
// columns.
func FitStyled(l string, w int) string {
	if n := ansi.StringWidth(l); n > w {
		return ansi.Truncate(l, w, "")
	} else if n < w {
		return l + strings.Repeat(" ", w-n)
	}
	return l
}

// Scroll keeps a table's cursor within its n rows and the window of
// visible rows (offset, rows tall) around the cursor.
func Scroll(cursor, offset, n, rows int) (int, int) {
	cursor = min(max(cursor, 0), max(n-1, 0))
	if rows > 0 {
		if cursor < offset {
			offset = cursor
		}
		if cursor >= offset+rows {
			offset = cursor - rows + 1
		}
	}
	return cursor, max(min(offset, max(n-rows, 0)), 0)
}
