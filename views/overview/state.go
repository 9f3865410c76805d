package overview

import (
	"charm.land/lipgloss/v2"

	"hrdesk/store"
	"hrdesk/views/common"
)

// Each vacancy's state (issue 28 §3: open, closed or archived) ends its
// title's column, as wide as the widest state shown (the title column is
// 25 cells at 120 and 140 columns: every cell counts), when the cache
// knows the vacancy and the title keeps minTitle cells beside it.

// minTitle is the least of a title the state leaves.
const minTitle = 8

// stateWord names a state; "" when the cache has no such vacancy.
func (m *Model) stateWord(s store.VacancyState) string {
	t := m.c.Text.Overview
	switch s {
	case store.VacancyOpen:
		return t.Open
	case store.VacancyClosed:
		return t.Closed
	case store.VacancyArchived:
		return t.Archived
	}
	return ""
}

// measureStates sets the state column's width: the widest word of the
// states the figures hold (a filter keeps it), 0 when none is known.
func (m *Model) measureStates() {
	m.stateW = 0
	for _, f := range m.figures.Vacancies {
		m.stateW = max(m.stateW, lipgloss.Width(m.stateWord(f.State)))
	}
}

// titleCell is a vacancy's title, l.title wide, its state at the end.
func (m *Model) titleCell(f store.VacancyFigures, l layout, text lipgloss.Style, paint func(lipgloss.Style, string) string) string {
	e := m.c.Styles.Glyphs.Ellipsis
	state, w := m.stateWord(f.State), m.stateW
	if state == "" || l.title < w+1+minTitle {
		return paint(text, common.Cell(m.title(f), l.title, false, e))
	}
	return paint(text, common.Cell(m.title(f), l.title-w-1, false, e)+" ") +
		paint(m.c.Styles.Overview.Label, common.Cell(state, w, false, ""))
}
