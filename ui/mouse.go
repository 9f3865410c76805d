package ui

import (
	tea "charm.land/bubbletea/v2"
)

// Mouse is optional: every action has a key. When on, the wheel scrolls
// the pane under the pointer and a click picks a folder or a resume.
// Shift+drag still selects text in most terminals.

// Lines above a pane's content: the border and the title; the narrow
// layout has the folder strip on top. The list counts its own chips and
// header.
const paneTop = 2

// listTop is the screen line of the first list row with no chips shown.
const listTop = paneTop + 1

func (m *Model) mouse(msg tea.Msg) tea.Cmd {
	if m.dialog != nil || m.mode == modeLogin || m.mode == modeHelp || m.focus == paneFilter {
		return nil
	}
	var pos tea.Mouse
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		pos = msg.Mouse()
	case tea.MouseClickMsg:
		pos = msg.Mouse()
		if pos.Button != tea.MouseLeft {
			return nil
		}
	default:
		return nil
	}
	wheel, isWheel := msg.(tea.MouseWheelMsg)
	// The wheel is the keymap's down or up, whatever keys they are bound
	// to: an arrow key would do nothing once down is rebound to j alone.
	step, bound := m.c.Keys.Wheel(isWheel && wheel.Button == tea.MouseWheelUp)
	if m.mode != modeTriage {
		if isWheel && bound && !m.typing() {
			return m.updatePane(m.focus, step)
		}
		return nil
	}
	pane, row := m.paneAt(pos.X, pos.Y)
	switch {
	case isWheel && pane == paneList && bound:
		m.setFocus(paneList)
		return m.updatePane(paneList, step)
	case isWheel && pane == paneResume:
		m.resume.Wheel(wheel.Button == tea.MouseWheelUp)
		return nil
	case !isWheel && pane == paneList && row >= 0:
		m.setFocus(paneList)
		act, cmd := m.list.ClickLine(row)
		cmds := []tea.Cmd{m.to(paneList, cmd), m.do(paneList, act)}
		// The outbox marker (!, ?, ↑) leads to its entry, as 7 does.
		if r, ok := m.list.Selected(); ok && pos.X == m.listX()+stateMarkerX && (r.Failed > 0 || r.Unknown > 0 || r.Pending > 0) {
			cmds = append(cmds, m.openOutbox())
		}
		return tea.Batch(cmds...)
	case !isWheel && pane == paneFolders:
		if i, ok := m.folders.At(row); ok {
			return m.showFolder(i)
		}
	}
	return nil
}

// stateMarkerX is the column of a list row's outbox marker, past the
// pane's border and the mark's cell.
const stateMarkerX = 2

// listX is the screen column where the list pane's box starts.
func (m *Model) listX() int {
	if m.narrow() {
		return 0
	}
	fw, _, _ := m.wideWidths()
	return fw
}

// paneAt says which pane is at a screen cell, and the row of the list (or
// of the folders pane) under it, -1 when it is not on one.
func (m *Model) paneAt(x, y int) (paneID, int) {
	if m.narrow() {
		if m.detailFocused() {
			return paneResume, -1
		}
		return paneList, y - paneTop - 1
	}
	fw, lw, _ := m.wideWidths()
	switch {
	case x < fw:
		return paneFolders, y - paneTop
	case x < fw+lw:
		return paneList, y - paneTop
	}
	return paneResume, -1
}
