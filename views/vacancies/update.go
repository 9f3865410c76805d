package vacancies

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Update handles rendered vacancies and, when focused, the screen's keys.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case renderedMsg:
		if m.detail != nil && msg.gen == m.detail.gen {
			m.detail.lines, m.detail.pending = msg.lines, false
			m.detail.setHeight(m.height)
		}
		return nil
	case tea.KeyPressMsg:
		if !m.focused {
			return nil
		}
		if m.detail != nil {
			return m.detailKey(msg)
		}
		return m.tableKey(msg)
	}
	return nil
}

func (m *Model) detailKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	d := m.detail
	switch {
	case key.Matches(msg, k.Back):
		m.detail = nil
	case key.Matches(msg, k.Down):
		d.scroll(1)
	case key.Matches(msg, k.Up):
		d.scroll(-1)
	case key.Matches(msg, k.PageDown):
		d.scroll(max(d.height-1, 1))
	case key.Matches(msg, k.PageUp):
		d.scroll(-max(d.height-1, 1))
	case key.Matches(msg, k.Top):
		d.offset = 0
	case key.Matches(msg, k.Bottom):
		d.scroll(len(d.lines))
	case key.Matches(msg, k.VacancyReceived):
		id := d.v.ID
		return func() tea.Msg { return ReceivedMsg{VacancyID: id} }
	case key.Matches(msg, k.ArchiveVacancy):
		ids := []int64{d.v.ID}
		return func() tea.Msg { return ArchiveMsg{IDs: ids} }
	}
	return nil
}

func (m *Model) tableKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	page := max(m.rows()-1, 1)
	switch {
	case key.Matches(msg, k.Down):
		m.cursor++
	case key.Matches(msg, k.Up):
		m.cursor--
	case key.Matches(msg, k.PageDown):
		m.cursor += page
	case key.Matches(msg, k.PageUp):
		m.cursor -= page
	case key.Matches(msg, k.Top):
		m.cursor = 0
	case key.Matches(msg, k.Bottom):
		m.cursor = len(m.shown) - 1
	case key.Matches(msg, k.Mark):
		if v, ok := m.Selected(); ok {
			if m.marked[v.ID] {
				delete(m.marked, v.ID)
			} else {
				m.marked[v.ID] = true
			}
			m.cursor++
		}
	case key.Matches(msg, k.VacancyState):
		m.state = (m.state + 1) % stateCount
		m.filter()
		m.cursor, m.offset = 0, 0
	case key.Matches(msg, k.Open):
		if v, ok := m.Selected(); ok {
			m.clamp()
			return m.openDetail(v)
		}
	case key.Matches(msg, k.VacancyReceived):
		if v, ok := m.Selected(); ok {
			id := v.ID
			return func() tea.Msg { return ReceivedMsg{VacancyID: id} }
		}
	case key.Matches(msg, k.ArchiveVacancy):
		if ids := m.Marked(); len(ids) > 0 {
			return func() tea.Msg { return ArchiveMsg{IDs: ids} }
		}
	}
	m.clamp()
	return nil
}
