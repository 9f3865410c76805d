package resumelist

import (
	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
)

// The "needs me" list (issue 30 §2): every resume near or past its
// stage's time limit, in every folder, oldest first. It is the list's own
// criterion, not a screen: the filters and the search narrow it further,
// a folder asked for ends it.

// SetLimits are the time limits per stage, for the marks and the list.
func (m *Model) SetLimits(l store.Limits) {
	m.limits = l
	m.lines = map[int]rowText{}
}

// NeedsMe says the list shows the resumes near or past their limit.
func (m *Model) NeedsMe() bool { return m.needsMe }

// ToggleNeedsMe shows the needs-me list, oldest first, or goes back to
// the folder, newest first.
func (m *Model) ToggleNeedsMe() tea.Cmd {
	m.needsMe = !m.needsMe
	m.everywhere = m.needsMe
	m.ClearMarks()
	q := m.query
	q.SortBy, q.Ascending = store.SortByDate, m.needsMe
	return m.narrow(q)
}

// applyNeedsMe narrows q to the needs-me list while it is shown; showing
// one folder ends it.
func (m *Model) applyNeedsMe(q *store.ListQuery) {
	if !m.everywhere {
		m.needsMe = false
	}
	q.Due = nil
	if m.needsMe {
		q.Due = &store.Due{Limits: m.limits, Now: m.c.Now()}
	}
}

// limitMark is the marker cell of r: near or past its stage's limit
// where one is set, else the stale mark by stale_after's rule.
func (m *Model) limitMark(r store.EntryRow, stale bool) string {
	g := m.c.Styles.Glyphs
	switch m.limits.Mark(r, m.c.Now()) {
	case store.PastLimit:
		return g.PastLimit
	case store.NearLimit:
		return g.NearLimit
	}
	if _, limited := m.limits[r.Folder]; stale && !limited {
		return g.Stale
	}
	return " "
}
