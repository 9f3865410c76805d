package overview

import (
	"fmt"
	"strconv"
	"strings"

	"hrdesk/theme"
)

// The pictures are small enough to own: a bar of block characters here,
// the sparkline in package spark, which `hrdesk report` draws too
// (ntcharts, the kept charting library for Bubble Tea, needs tea v1:
// README's dependency notes).

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// bar is n against top as width cells: full cells, then an eighth-cell
// end where the glyphs have them; any n above zero shows.
func bar(g theme.Glyphs, n, top, width int) string {
	if width <= 0 {
		return ""
	}
	if n <= 0 || top <= 0 {
		return strings.Repeat(" ", width)
	}
	parts := 1 + len(g.BarEighths) // eighths per cell, 1 without them
	units := max(n*width*parts/top, 1)
	full, part := units/parts, units%parts
	s := strings.Repeat(g.Bar, full)
	cells := full
	if part > 0 {
		s += g.BarEighths[part-1]
		cells++
	}
	return s + strings.Repeat(" ", width-cells)
}

// split shares cells between parts in proportion, by largest remainder.
func split(parts []int, cells int) []int {
	total := 0
	for _, p := range parts {
		total += p
	}
	out := make([]int, len(parts))
	if total == 0 || cells <= 0 {
		return out
	}
	rem := make([]int, len(parts))
	used := 0
	for i, p := range parts {
		out[i] = p * cells / total
		rem[i] = p * cells % total
		used += out[i]
	}
	for ; used < cells; used++ {
		best := 0
		for i := range rem {
			if rem[i] > rem[best] {
				best = i
			}
		}
		out[best]++
		rem[best] = -1
	}
	return out
}

// share is n of total as a whole percentage.
func share(n, total int) string {
	if total <= 0 {
		return "–"
	}
	return fmt.Sprintf("%d%%", (n*100+total/2)/total)
}
