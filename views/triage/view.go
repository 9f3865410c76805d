package triage

import (
	"strings"

	"charm.land/bubbles/v2/key"

	"hrdesk/views/frame"
)

// Layout: wide screens show folders | list | detail; below wideWidth the
// folders are the root's tab bar on the first line (views/tabs, drawn by
// the root over a narrow screen) and the detail replaces the list while
// one of its panes has the focus.
const (
	wideWidth    = 110
	foldersWidth = 26
)

func (m *Model) narrow() bool { return m.width < wideWidth }

// Narrow says the screen leaves its first line to the root's tab bar: it
// draws the lines under it.
func (m *Model) Narrow() bool { return m.narrow() }

// wideWidths are the panes' widths in the wide layout.
func (m *Model) wideWidths() (folders, list, detail int) {
	rest := m.width - foldersWidth
	list = rest * 55 / 100
	return foldersWidth, list, rest - list
}

// SetSize gives the screen the terminal's width and the height above the
// status bar, and each pane its inner size.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	if m.narrow() {
		iw, ih := m.frames.Inner(w, h-1) // the root's tab bar takes a line
		m.list.SetSize(iw, ih-m.errorRows())
		m.filter.SetSize(iw, 1) // the filter line is the list's title
		m.setDetailSize(iw, ih)
		return
	}
	fw, lw, dw := m.wideWidths()
	m.folders.SetSize(m.frames.Inner(fw, h))
	iw, ih := m.frames.Inner(lw, h)
	m.list.SetSize(iw, ih-m.errorRows())
	m.filter.SetSize(m.frames.Inner(lw, 1))
	m.setDetailSize(m.frames.Inner(dw, h))
}

// errorRows is the rows the filter line's mistake takes above the list.
func (m *Model) errorRows() int {
	if m.errorRow {
		return 1
	}
	return 0
}

func (m *Model) setDetailSize(w, h int) {
	m.resume.SetSize(w, h)
	m.history.SetSize(w, h)
	m.comments.SetSize(w, h)
}

// View is the screen, exactly its size; narrow, but for its first line,
// where the root draws the tab bar.
func (m *Model) View() string {
	h := m.height
	switch {
	case m.width <= 0 || h <= 0:
		return ""
	case m.narrow() && m.detailFocused():
		return strings.Join(m.detailBox(m.width, h-1), "\n")
	case m.narrow():
		return strings.Join(m.listBox(m.width, h-1), "\n")
	}
	fw, lw, dw := m.wideWidths()
	folders := m.frames.Lines(m.c.Text.Panes.Folders, m.folders.View(), fw, h, m.focus == OnFolders)
	return frame.Columns(folders, m.listBox(lw, h), m.detailBox(dw, h))
}

// detailFocused says one of the detail panes has the focus.
func (m *Model) detailFocused() bool {
	return m.focus == OnResume || m.focus == OnHistory || m.focus == OnComments
}

func (m *Model) listBox(w, h int) []string {
	title := m.list.Title()
	body := m.list.View()
	if m.filter.Active() {
		title = m.filter.Line(m.list.Narrowing(), m.list.Everywhere())
		// A mistake in the line is said under it, on a row of its own
		// above the list (fitErrorRow made the list a row shorter), until
		// the line reads again.
		if e := m.filter.ErrorLine(innerWidth(m.frames, w)); e != "" && m.errorRow {
			body = e + "\n" + body
		}
	}
	return m.frames.Lines(title, body, w, h, m.focus == OnList || m.focus == OnFilter)
}

// detailBox is the resume, history and comments panes as tabs, the
// focused one (the resume otherwise) in front.
func (m *Model) detailBox(w, h int) []string {
	p := m.c.Text.Panes
	tabs := []struct {
		id   Part
		name string
	}{{OnResume, p.Resume}, {OnHistory, p.History}, {OnComments, p.Comments}}
	shown := OnResume
	if m.focus == OnHistory || m.focus == OnComments {
		shown = m.focus
	}
	names := make([]string, len(tabs))
	for i, t := range tabs {
		names[i] = t.name
		if t.id == shown {
			names[i] = "[" + t.name + "]"
		}
	}
	return m.frames.Lines(strings.Join(names, "  "), m.part(shown).View(), w, h, m.detailFocused())
}

// ShortHelp is the footer's keys: the focused pane's; while the filter
// line takes the typing, its own (the list's would type into it).
func (m *Model) ShortHelp() []key.Binding { return m.part(m.focus).ShortHelp() }

// FullHelp is the focused pane's.
func (m *Model) FullHelp() [][]key.Binding { return m.part(m.focus).FullHelp() }

// innerWidth is a box's inner width at w.
func innerWidth(f *frame.Frames, w int) int {
	iw, _ := f.Inner(w, 3)
	return iw
}
