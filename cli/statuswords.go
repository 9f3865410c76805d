package cli

import (
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
)

// maxFolderColumn bounds status's folder column: a longer name is cut
// with an ellipsis rather than push the figures off a terminal.
const maxFolderColumn = 32

// folderColumn is the width of status's folder column in terminal cells:
// the widest name's, at least the heading's. Cells, not bytes or runes: a
// long Cyrillic name shifted the columns (issue 28 §5), and a wide
// character takes two cells.
func folderColumn(heading string, folders []folderJSON) int {
	w := ansi.StringWidth(heading)
	for _, f := range folders {
		w = max(w, ansi.StringWidth(f.Name))
	}
	return min(w, maxFolderColumn)
}

// padCells cuts s to width cells and pads it with spaces to them.
func padCells(s string, width int) string {
	s = ansi.Truncate(s, width, "…")
	return s + strings.Repeat(" ", max(width-ansi.StringWidth(s), 0))
}

// syncedAgo words how long ago the last sync was: "25 seconds", "3 hours".
func syncedAgo(d time.Duration) string { return i18n.For(i18n.EN).Elapsed(d) }
