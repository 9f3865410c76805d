package cli

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// maxFolderColumn bounds status's folder column: a longer name is cut
// with an ellipsis rather than push the figures off a terminal.
const maxFolderColumn = 32

// folderColumn is the width of status's folder column in terminal cells:
// the widest name's, at least the heading's. Cells, not bytes or runes: a
// long Cyrillic name shifted the columns (issue 28 §5), and a wide
// character takes two cells.
func folderColumn(heading string, names []string) int {
	w := ansi.StringWidth(heading)
	for _, n := range names {
		w = max(w, ansi.StringWidth(n))
	}
	return min(w, maxFolderColumn)
}

// padCells cuts s to width cells and pads it with spaces to them.
func padCells(s string, width int) string {
	s = ansi.Truncate(s, width, "…")
	return s + strings.Repeat(" ", max(width-ansi.StringWidth(s), 0))
}
