package vacancies

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/common"
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
	if off, ok := common.Scroll(msg, &k, d.offset, len(d.lines), d.height); ok {
		d.offset = off
		return nil
	}
	switch {
	case key.Matches(msg, k.Back):
		m.detail = nil
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
	if m.list.Navigate(msg, &k, len(m.shown), m.rows()) {
		return nil
	}
	switch {
	case key.Matches(msg, k.Mark):
		if v, ok := m.Selected(); ok {
			if m.marked[v.ID] {
				delete(m.marked, v.ID)
			} else {
				m.marked[v.ID] = true
			}
			m.list.Cursor++
		}
	case key.Matches(msg, k.VacancyState):
		m.state = (m.state + 1) % stateCount
		m.filter()
		m.list = common.List{}
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
