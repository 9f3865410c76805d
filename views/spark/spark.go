// Package spark draws the overview's small pictures that are text too: a
// sparkline of responses per day and the trend beside it. The overview
// screen and `hrdesk report` print the same, so neither borrows them from
// the other (issue 29 §6). It imports nothing of hrdesk's: the ramp is the
// theme's glyphs, handed in.
package spark

import (
	"fmt"
	"strings"
)

// Line draws the last width values on a ramp (a mark for zero, then
// levels scaled to the largest value), padded to width cells.
func Line(ramp []string, values []int, width int) string {
	if width <= 0 || len(ramp) < 2 {
		return ""
	}
	if len(values) > width {
		values = values[len(values)-width:]
	}
	top := 0
	for _, v := range values {
		top = max(top, v)
	}
	levels := len(ramp) - 1
	var b strings.Builder
	for _, v := range values {
		i := 0
		if v > 0 {
			i = max((v*levels+top-1)/top, 1) // rounded up: any response shows
		}
		b.WriteString(ramp[i])
	}
	return b.String() + strings.Repeat(" ", width-len(values))
}

// Trend is the window's responses against the span before it: "+12%",
// "-5%", "0%", or "–" when there was none before to compare with.
func Trend(in, before int) string {
	if before == 0 {
		return "–"
	}
	p := (in - before) * 100 / before
	if p > 0 {
		return fmt.Sprintf("+%d%%", p)
	}
	return fmt.Sprintf("%d%%", p)
}
