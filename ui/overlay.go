package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/views/common"
	"hrdesk/views/dialogs"
)

// One overlay (issue 29 §3, crush's dialog.Overlay): a dialog opens over
// the screens through open, the one way in for every dialog (the screens'
// questions and forms, the palette), and the overlay keeps it with the
// pane whose action it asks about and its serial. Input goes to it first
// (update.go), its answer is carried out for that pane (address.go), and
// it is drawn in the middle of the screen (draw).

// overlay is the dialog open over the screens (nil: none is).
type overlay struct {
	dialog dialogs.Dialog
	// from is the pane whose action the dialog asks about: its answer is
	// carried out for that pane.
	from paneID
	// serial numbers the dialogs opened, so the results of a closed one's
	// commands are dropped (current).
	serial int
}

// starter is a dialog with a first command of its own, run as it opens
// (a palette reading what it offers, say); its results come back to it.
type starter interface{ Init() tea.Cmd }

// open shows d over the screens, asking about what pane from asked for,
// and runs its first command when it has one (starter), addressed to it.
// A dialog open before it is replaced, and its late results dropped.
func (m *Model) open(d dialogs.Dialog, from paneID) tea.Cmd {
	o := &m.overlay
	o.serial++
	d.SetSize(m.width, m.dialogRoom())
	o.dialog, o.from = d, from
	if s, ok := d.(starter); ok {
		return m.to(paneDialog, s.Init())
	}
	return nil
}

// shut closes the dialog and says which pane it asked about.
func (o *overlay) shut() paneID {
	o.dialog = nil
	return o.from
}

// current says a result addressed to dialog serial is for the dialog open
// now (a closed one's is dropped).
func (o *overlay) current(serial int) bool { return o.dialog != nil && serial == o.serial }

// dialogAbove and dialogBelow are the lines a dialog leaves in sight: the
// tab bar and the screen box's top border above it, the box's bottom border
// and the status bar's two lines under it (issue 28 §4: at 80×24 the
// letter dialog covered the strip and the footer, then sat on the box's
// borders, its edges merged with theirs).
const (
	dialogAbove = 2
	dialogBelow = 3
)

// dialogRoom is the height a dialog is given: the screen's but for the
// tab bar and the status bar.
func (m *Model) dialogRoom() int { return max(m.height-dialogAbove-dialogBelow, 0) }

// narrowGap is the widest sliver beside a dialog that is blanked.
const narrowGap = 4

// edge blanks a sliver beside a dialog but for its outermost column (the
// screen's frame): the first one for the left sliver, the last for the
// right.
func edge(s string, left bool) string {
	n := ansi.StringWidth(s)
	if n <= 1 {
		return s
	}
	if left {
		return ansi.Truncate(s, 1, "") + strings.Repeat(" ", n-1)
	}
	return strings.Repeat(" ", n-1) + ansi.TruncateLeft(s, n-1, "")
}

// draw puts the dialog's box in the middle of base, a screen width
// columns wide.
func (o *overlay) draw(base string, width int) string {
	box := strings.Split(o.dialog.View(), "\n")
	lines := strings.Split(base, "\n")
	w := 0
	for _, l := range box {
		w = max(w, ansi.StringWidth(l))
	}
	x := max((width-w)/2, 0)
	// Centred, within the room between the tab bar and the status bar: a
	// box taller than that room (which no dialog should be) loses lines
	// above its bottom border rather than hide them.
	top, room := dialogAbove, len(lines)-dialogAbove-dialogBelow
	if room < 3 {
		top, room = 0, len(lines)
	}
	if len(box) > room && room > 0 {
		box = append(box[:room-1:room-1], box[len(box)-1])
	}
	y := max(min(max((len(lines)-len(box))/2, top), top+room-len(box)), 0)
	for i, l := range box {
		if y+i >= len(lines) {
			break
		}
		under := lines[y+i]
		left := ansi.Truncate(under, x, "")
		right := ansi.TruncateLeft(under, x+w, "")
		// A sliver of the screen beside the box (a column or two of list
		// text) reads as noise: it is blanked, the frame's edge kept.
		if x < narrowGap {
			left = edge(left, true)
		}
		if width-x-w < narrowGap {
			right = edge(right, false)
		}
		lines[y+i] = common.Fit(left+common.Fit(l, w, "…")+right, width, "…")
	}
	return strings.Join(lines, "\n")
}
