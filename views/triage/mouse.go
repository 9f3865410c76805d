package triage

import (
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/action"
)

// The mouse on the screen (the root passes it on only when mouse is on and
// no dialog is open): the wheel scrolls the pane under the pointer and a
// click picks a folder or a resume. The screen's top left is the
// terminal's: the root draws it from the first line.

// Lines above a pane's content: the border and the title; the narrow
// layout has the root's tab bar on top. The list counts its own chips and
// header.
const paneTop = 2

// StateMarkerX is the column of a list row's outbox marker, past the
// pane's border and the mark's cell.
const StateMarkerX = 2

func (m *Model) mouse(msg tea.Msg) (action.Action, tea.Cmd) {
	if m.focus == OnFilter {
		return nil, nil
	}
	var pos tea.Mouse
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		pos = msg.Mouse()
	case tea.MouseClickMsg:
		pos = msg.Mouse()
		if pos.Button != tea.MouseLeft {
			return nil, nil
		}
	}
	wheel, isWheel := msg.(tea.MouseWheelMsg)
	up := isWheel && wheel.Button == tea.MouseWheelUp
	part, row := m.partAt(pos.X, pos.Y)
	switch {
	case isWheel && part == OnList:
		// The wheel is the keymap's down or up, whatever keys they are
		// bound to: an arrow key would do nothing once down is rebound to
		// j alone.
		step, bound := m.c.Keys.Wheel(up)
		if !bound {
			return nil, nil
		}
		m.setFocus(OnList)
		return m.updatePart(OnList, step)
	case isWheel && part == OnResume:
		m.resume.Wheel(up)
	case !isWheel && part == OnList && row >= 0:
		m.setFocus(OnList)
		a, cmd := m.list.ClickLine(row - m.errorRows()) // the mistake's row is no list line
		up, own := m.act(a)
		cmd = tea.Batch(to(OnList, cmd), own)
		// The outbox marker (!, ?, ↑) leads to its entry, as 7 does.
		if r, ok := m.list.Selected(); ok && pos.X == m.ListX()+StateMarkerX && (r.Failed > 0 || r.Unknown > 0 || r.Pending > 0) {
			return action.OpenOutbox{}, cmd
		}
		return up, cmd
	case !isWheel && part == OnFolders:
		if i, ok := m.folders.At(row); ok {
			return nil, m.showFolder(i)
		}
	}
	return nil, nil
}

// ListX is the screen column where the list pane's box starts.
func (m *Model) ListX() int {
	if m.narrow() {
		return 0
	}
	fw, _, _ := m.wideWidths()
	return fw
}

// partAt says which pane is at a screen cell, and the row of the list (or
// of the folders pane) under it, -1 when it is not on one.
func (m *Model) partAt(x, y int) (Part, int) {
	if m.narrow() {
		if m.detailFocused() {
			return OnResume, -1
		}
		return OnList, y - paneTop - 1
	}
	fw, lw, _ := m.wideWidths()
	switch {
	case x < fw:
		return OnFolders, y - paneTop
	case x < fw+lw:
		return OnList, y - paneTop
	}
	return OnResume, -1
}
