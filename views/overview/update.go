package overview

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

var _ common.Pane = (*Model)(nil)

// Update reads its figures when shown and when the cache changed under it
// (the root tells the screen in front only: they cost a read of the whole
// scope),
// takes what those loads bring and, when focused, the keys:
// navigation, s for the order, enter for the vacancy's responses in
// triage, / for the title filter, esc to clear it or leave.
func (m *Model) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case Show:
		if m.team.on {
			m.scope = msg.Scope
			return nil, m.loadTeam()
		}
		return nil, m.Open(msg.Scope)
	case action.CacheChanged:
		if m.team.on {
			return nil, m.loadTeam()
		}
		return nil, m.Reload()
	case teamLoadedMsg:
		m.teamLoaded(msg)
	case common.Loaded[store.Overview]:
		if m.loads.Newest(msg) {
			m.loaded, m.err = true, msg.Err
			if msg.Err == nil {
				m.figures = msg.Rows
				m.measureStates()
				m.arrange()
			}
		}
	case tea.BackgroundColorMsg:
		m.filter.SetStyles(m.c.Styles.TextInput())
	case tea.PasteMsg:
		if m.typing {
			return m.edit(msg)
		}
	case tea.KeyPressMsg:
		if !m.focused {
			return nil, nil
		}
		if m.typing {
			return m.typingKey(msg)
		}
		return m.key(msg)
	}
	return nil, nil
}

func (m *Model) key(msg tea.KeyPressMsg) (action.Action, tea.Cmd) {
	k := m.c.Keys
	if m.team.on {
		return m.teamKey(msg)
	}
	if key.Matches(msg, k.ByRecruiter) {
		return nil, m.toggleTeam()
	}
	if m.list.Navigate(msg, &k, len(m.shown), m.rows()) {
		return nil, nil
	}
	switch {
	case key.Matches(msg, k.Sort):
		m.order = (m.order + 1) % orderCount
		m.arrange()
	case key.Matches(msg, k.Open):
		if f, ok := m.Selected(); ok {
			return action.ShowVacancy{VacancyID: f.VacancyID}, nil
		}
	case key.Matches(msg, k.Filter):
		m.typing = true
		return nil, m.filter.Focus()
	case key.Matches(msg, k.Back):
		if m.filter.Value() != "" {
			m.filter.SetValue("")
			m.arrange()
			return nil, nil
		}
		return action.Leave{}, nil
	}
	return nil, nil
}

// typingKey edits the title filter: the list narrows with every key;
// enter keeps the filter, esc clears it.
func (m *Model) typingKey(msg tea.KeyPressMsg) (action.Action, tea.Cmd) {
	k := m.c.Keys
	switch {
	case key.Matches(msg, k.DialogConfirm):
		m.stopTyping()
		return nil, nil
	case key.Matches(msg, k.DialogCancel):
		m.stopTyping()
		m.filter.SetValue("")
		m.arrange()
		return nil, nil
	}
	return m.edit(msg)
}

func (m *Model) edit(msg tea.Msg) (action.Action, tea.Cmd) {
	var cmd tea.Cmd
	m.filter, cmd = m.filter.Update(msg)
	m.arrange()
	return nil, cmd
}
