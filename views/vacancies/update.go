package vacancies

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

var _ common.Pane = (*Model)(nil)

// Update handles its loads, rendered vacancies, a new size (the open
// vacancy is laid out again) and, when focused, the screen's keys.
func (m *Model) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case Show:
		return action.RefreshVacancies{}, m.load()
	case action.CacheChanged:
		return nil, m.load()
	case common.Loaded[[]store.Vacancy]:
		// A failed read keeps what the screen shows.
		if m.loads.Newest(msg) && msg.Err == nil {
			return nil, m.SetVacancies(msg.Rows)
		}
	case renderedMsg:
		if m.detail != nil && msg.gen == m.detail.gen {
			m.detail.lines, m.detail.pending = msg.lines, false
			m.detail.setHeight(m.height)
		}
	case action.DoneMsg:
		if _, ok := msg.Action.(action.ArchiveVacancies); ok {
			m.ClearMarks() // the archive was tried: its marks are done with
		}
	case tea.WindowSizeMsg, tea.BackgroundColorMsg:
		if m.detail != nil && (m.detail.width != m.width || m.detail.style != m.c.Styles.Markdown) {
			return nil, m.openDetail(m.detail.v)
		}
	case tea.KeyPressMsg:
		if !m.focused {
			return nil, nil
		}
		if m.detail != nil {
			return m.detailKey(msg), nil
		}
		return m.tableKey(msg)
	}
	return nil, nil
}

func (m *Model) detailKey(msg tea.KeyPressMsg) action.Action {
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
		return action.ShowVacancy{VacancyID: d.v.ID}
	case key.Matches(msg, k.ArchiveVacancy):
		return m.archive([]int64{d.v.ID})
	}
	return nil
}

func (m *Model) tableKey(msg tea.KeyPressMsg) (action.Action, tea.Cmd) {
	k := m.c.Keys
	if m.list.Navigate(msg, &k, len(m.shown), m.rows()) {
		return nil, nil
	}
	switch {
	case key.Matches(msg, k.Back):
		return action.Leave{}, nil
	case key.Matches(msg, k.Mark):
		if v, ok := m.Selected(); ok {
			m.list.Mark(v.ID, len(m.shown), m.rows())
		}
	case key.Matches(msg, k.VacancyState):
		m.state = (m.state + 1) % stateCount
		m.filter()
		m.list = common.List{}
	case key.Matches(msg, k.Open):
		if v, ok := m.Selected(); ok {
			m.clamp()
			return nil, m.openDetail(v)
		}
	case key.Matches(msg, k.VacancyReceived):
		if v, ok := m.Selected(); ok {
			return action.ShowVacancy{VacancyID: v.ID}, nil
		}
	case key.Matches(msg, k.ArchiveVacancy):
		if ids := m.Marked(); len(ids) > 0 {
			return m.archive(ids), nil
		}
	}
	m.clamp()
	return nil, nil
}

// archive asks to confirm archiving ids, naming the vacancy when it is one.
func (m *Model) archive(ids []int64) action.Action {
	t := m.c.Text
	title := t.Vacancies.ArchiveTitle
	for _, v := range m.all {
		if len(ids) == 1 && v.ID == ids[0] {
			title += " — " + textsafe.Line(v.Profession)
		}
	}
	return action.Confirm{Title: title, Question: fmt.Sprintf(t.Vacancies.ArchiveConfirm, len(ids)),
		Yes: t.Buttons.Confirm, Then: action.ArchiveVacancies{IDs: ids}}
}

// FullHelp is the screen's keys for the help screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.c.Keys
	return [][]key.Binding{{k.Down, k.Up, k.PageDown, k.PageUp, k.Top, k.Bottom, k.Open, k.Back},
		{k.Mark, k.VacancyState, k.VacancyReceived, k.ArchiveVacancy}}
}
