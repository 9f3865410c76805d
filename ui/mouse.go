package ui

import (
	tea "charm.land/bubbletea/v2"
)

// Mouse is optional: every action has a key. When on, the wheel scrolls
// the pane under the pointer and a click picks a folder or a resume.
// Shift+drag still selects text in most terminals.

// Rows above the first list row: border and title, then the column header;
// the narrow layout has the folder strip on top.
const listTop = 3

func (m *Model) mouse(msg tea.Msg) tea.Cmd {
	if m.dialog != nil || m.loginForm != nil || m.showHelp || m.filtering {
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
	step := tea.KeyPressMsg{Code: tea.KeyDown}
	if isWheel && wheel.Button == tea.MouseWheelUp {
		step = tea.KeyPressMsg{Code: tea.KeyUp}
	}
	if m.screen != screenTriage {
		if isWheel {
			if m.screen == screenVacancies {
				return m.vacView.Update(step)
			}
			if !m.selView.Editing() {
				return m.selView.Update(step)
			}
		}
		return nil
	}
	pane, row := m.paneAt(pos.X, pos.Y)
	switch {
	case isWheel && pane == focusList:
		m.setFocus(focusList)
		return m.list.Update(step)
	case isWheel && pane == focusResume:
		m.resume.Wheel(wheel.Button == tea.MouseWheelUp)
		return nil
	case !isWheel && pane == focusList && row >= 0:
		m.setFocus(focusList)
		return m.list.ClickRow(row)
	case !isWheel && pane == focusFolders && row >= 0 && row < len(m.folders):
		return m.showFolder(row)
	}
	return nil
}

// paneAt says which pane is at a screen cell, and the row of the list (or
// of the folders pane) under it, -1 when it is not on one.
func (m *Model) paneAt(x, y int) (focus, int) {
	if m.narrow() {
		if m.narrowDetail {
			return focusResume, -1
		}
		return focusList, y - listTop - 1
	}
	fw, lw, _ := m.wideWidths()
	switch {
	case x < fw:
		return focusFolders, y - 2
	case x < fw+lw:
		return focusList, y - listTop
	}
	return focusResume, -1
}
