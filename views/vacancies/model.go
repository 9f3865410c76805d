// Package vacancies is the workstation's screen of the user's own
// vacancies: a table with an open/closed/archived filter, the vacancy
// rendered with glamour, archiving after confirmation (by the root), and a
// jump to a vacancy's received resumes.
//
// It reads the cache itself, through its Source, when shown and whenever
// the root says the cache changed; network work (reading the vacancies
// again from the server, archiving) it asks of the root as actions.
package vacancies

import (
	"context"
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/common"
)

// State filters the table.
type State int

// States, in the order f cycles them.
const (
	All State = iota
	Open
	Closed
	Archived
	stateCount
)

// StateOf classifies a vacancy as the contract does: published 1 is open,
// 0 closed access, 3 or is_archive archived.
func StateOf(v store.Vacancy) State {
	switch {
	case v.IsArchive || v.Published == 3:
		return Archived
	case v.Published == 1:
		return Open
	}
	return Closed
}

// Source reads the vacancies; ui.Store satisfies it.
type Source interface {
	Vacancies(ctx context.Context) ([]store.Vacancy, error)
}

// Show opens the screen: it shows the cache at once and asks the root to
// read the vacancies again from the server.
type Show struct{}

// Model is the vacancies screen.
type Model struct {
	c             *common.Common
	src           Source
	loads         common.Loader[[]store.Vacancy] // only the newest read is shown
	width, height int
	focused       bool

	all   []store.Vacancy
	shown []store.Vacancy
	state State
	list  common.List

	detail *detail // nil: the table
}

// New makes an empty screen over a source.
func New(c *common.Common, src Source) *Model {
	return &Model{c: c, src: src}
}

// load reads the vacancies from the cache.
func (m *Model) load() tea.Cmd {
	src := m.src // asked when the command runs, not here
	return m.loads.Load(func(ctx context.Context) ([]store.Vacancy, error) { return src.Vacancies(ctx) })
}

// SetVacancies replaces the vacancies, keeping the cursor on the same one.
func (m *Model) SetVacancies(vs []store.Vacancy) tea.Cmd {
	cur, _ := m.Selected()
	m.all = vs
	m.filter()
	for i, v := range m.shown {
		if v.ID == cur.ID {
			m.list.Cursor = i
		}
	}
	m.clamp()
	m.list.Marks.Keep(func(id int64) bool {
		return slices.ContainsFunc(vs, func(v store.Vacancy) bool { return v.ID == id })
	})
	if m.detail != nil {
		for _, v := range vs {
			if v.ID == m.detail.v.ID {
				return m.openDetail(v) // the cache has a newer copy
			}
		}
		m.detail = nil
	}
	return nil
}

func (m *Model) filter() {
	m.shown = m.shown[:0]
	for _, v := range m.all {
		if m.state == All || StateOf(v) == m.state {
			m.shown = append(m.shown, v)
		}
	}
}

// SetSize sets the inner size (border excluded); an open vacancy is laid
// out again for a new width when the root passes the WindowSizeMsg on.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = max(w, 0), max(h, 0)
	m.clamp()
	if m.detail != nil {
		m.detail.setHeight(m.height)
	}
}

// Focus, Blur and Focused manage keyboard focus.
func (m *Model) Focus()        { m.focused = true }
func (m *Model) Blur()         { m.focused = false }
func (m *Model) Focused() bool { return m.focused }

// InDetail says a vacancy is open (esc goes back to the table).
func (m *Model) InDetail() bool { return m.detail != nil }

// StateFilter is the table's filter.
func (m *Model) StateFilter() State { return m.state }

// Selected is the vacancy under the cursor.
func (m *Model) Selected() (store.Vacancy, bool) {
	if m.list.Cursor < 0 || m.list.Cursor >= len(m.shown) {
		return store.Vacancy{}, false
	}
	return m.shown[m.list.Cursor], true
}

// Marked is the marked vacancies' ids, or the highlighted one's.
func (m *Model) Marked() []int64 {
	var ids []int64
	for _, v := range m.shown {
		if m.list.Marks.Has(v.ID) {
			ids = append(ids, v.ID)
		}
	}
	if len(ids) == 0 {
		if v, ok := m.Selected(); ok {
			ids = append(ids, v.ID)
		}
	}
	return ids
}

// ClearMarks forgets the marks (after an archive).
func (m *Model) ClearMarks() { m.list.Marks.Clear() }

func (m *Model) rows() int { return max(m.height-2, 0) } // header and the state line

func (m *Model) clamp() {
	m.list.Clamp(len(m.shown), m.rows())
}

// ShortHelp is the keys of the screen, for the footer.
func (m *Model) ShortHelp() []key.Binding {
	k := m.c.Keys
	if m.detail != nil {
		return []key.Binding{k.Down, k.Up, k.Back, k.VacancyReceived, k.ArchiveVacancy}
	}
	return []key.Binding{k.Down, k.Up, k.Open, k.Mark, k.VacancyState, k.VacancyReceived, k.ArchiveVacancy}
}
