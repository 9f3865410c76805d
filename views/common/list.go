package common

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/keymap"
)

// far is a move past either end of any list: top and bottom are moves by
// it, clamped by the caller.
const far = 1 << 40

// Move is how far a navigation key moves a cursor or a scroll position:
// one row for down and up, page rows for page down and up, to either end
// for top and bottom. ok is false for any other key. Every pane that
// scrolls or has a cursor reads its navigation keys here, so a rebound key
// reaches them all.
func Move(msg tea.KeyPressMsg, k *keymap.KeyMap, page int) (delta int, ok bool) {
	page = max(page, 1)
	switch {
	case key.Matches(msg, k.Down):
		return 1, true
	case key.Matches(msg, k.Up):
		return -1, true
	case key.Matches(msg, k.PageDown):
		return page, true
	case key.Matches(msg, k.PageUp):
		return -page, true
	case key.Matches(msg, k.Top):
		return -far, true
	case key.Matches(msg, k.Bottom):
		return far, true
	}
	return 0, false
}

// IsPage says the key is page down or up: the window then moves with the
// cursor, as in a pager, instead of waiting for it at the edge.
func IsPage(msg tea.KeyPressMsg, k *keymap.KeyMap) bool {
	return key.Matches(msg, k.PageDown, k.PageUp)
}

// List is the cursor of a list of rows, the first row of its window and
// the rows marked for a bulk action. Every list of the workstation is one:
// the resume list, the screens' tables, the folders, the comments and the
// dialogs' choices, so a key moves them all alike.
type List struct {
	Cursor, Offset int
	// Marks are the rows picked for a bulk action, by id: an id outlives
	// the row's place when the list reloads.
	Marks Marks
	// ByHalf moves the window half its height when the cursor walks past
	// its edge, the cursor landing in the middle, instead of one row at a
	// time: a held j then redraws every row of the window once per half
	// window instead of at every step (over SSH, each redraw of a list
	// column beside other panes is every visible row sent again).
	ByHalf bool
}

// Navigate applies a navigation key to a list of n rows seen rows at a
// time; false when msg is not a navigation key.
func (l *List) Navigate(msg tea.KeyPressMsg, k *keymap.KeyMap, n, rows int) bool {
	d, ok := Move(msg, k, rows-1)
	if !ok {
		return false
	}
	l.Cursor = clampInt(l.Cursor+d, 0, n-1)
	if IsPage(msg, k) {
		l.Offset += d
	}
	l.Clamp(n, rows)
	return true
}

// Step moves the cursor d rows within n, for a list with no window of
// rows (drawn whole, or scrolled by its owner in lines); it says whether
// the cursor moved.
func (l *List) Step(d, n int) bool {
	prev := l.Cursor
	l.Cursor = clampInt(l.Cursor+d, 0, n-1)
	return l.Cursor != prev
}

// Mark marks the row under the cursor (id), or unmarks it, and moves on to
// the next row of n, so a held key marks a run.
func (l *List) Mark(id int64, n, rows int) {
	l.Marks.Toggle(id)
	l.Cursor++
	l.Clamp(n, rows)
}

// Clamp keeps the cursor within n rows and the window (rows tall) around
// it and within the list.
func (l *List) Clamp(n, rows int) {
	l.Cursor = clampInt(l.Cursor, 0, n-1)
	if rows > 0 {
		// The cursor stays margin rows inside the window it moved past.
		margin := 0
		if l.ByHalf {
			margin = (rows - 1) / 2
		}
		if l.Cursor < l.Offset {
			l.Offset = l.Cursor - margin
		}
		if l.Cursor >= l.Offset+rows {
			l.Offset = l.Cursor - rows + 1 + margin
		}
	}
	l.Offset = clampInt(l.Offset, 0, n-rows)
}

// Scroll applies a navigation key to a document of n lines seen rows at a
// time, with no cursor: the window itself moves. It returns the new
// offset, and false when msg is not a navigation key.
func Scroll(msg tea.KeyPressMsg, k *keymap.KeyMap, offset, n, rows int) (int, bool) {
	d, ok := Move(msg, k, rows-1)
	if !ok {
		return offset, false
	}
	return clampInt(offset+d, 0, n-rows), true
}

// clampInt keeps v within lo..hi, and at lo when hi < lo.
func clampInt(v, lo, hi int) int {
	return max(min(v, hi), lo)
}
