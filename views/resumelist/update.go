package resumelist

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Update handles loaded pages and, when focused, the navigation and
// marking keys. It returns the commands that load what the screen needs.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case PageMsg:
		return m.loaded(msg)
	case tea.KeyPressMsg:
		if !m.focused {
			return nil
		}
		return m.key(msg)
	}
	return nil
}

func (m *Model) loaded(msg PageMsg) tea.Cmd {
	if msg.Gen != m.gen {
		return nil // a result for a folder or filter no longer shown
	}
	delete(m.loading, msg.Page)
	if msg.Err != nil {
		m.err = msg.Err
		return nil
	}
	m.err = nil
	before, _ := m.Selected()
	if msg.Page < 0 {
		m.total, m.known, m.totalFresh = msg.Total, true, true
		m.clampOffset()
	} else {
		old := len(m.pages[msg.Page])
		m.pages[msg.Page], m.fresh[msg.Page] = msg.Rows, true
		for i := range max(old, len(msg.Rows)) {
			delete(m.lines, msg.Page*PageSize+i)
		}
	}
	cmd := m.loadAround()
	if after, ok := m.Selected(); ok && after.ResumeID != before.ResumeID {
		return tea.Batch(cmd, m.cursorMsg())
	}
	return cmd
}

func (m *Model) cursorMsg() tea.Cmd {
	var id int64
	if r, ok := m.Selected(); ok {
		id = r.ResumeID
	}
	return func() tea.Msg { return CursorMsg{ResumeID: id} }
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	prev := m.pos.Cursor
	last := max(m.total-1, 0)
	switch {
	case m.pos.Navigate(msg, &k, m.total, m.rowsVisible()):
	case key.Matches(msg, k.Mark):
		if r, ok := m.Selected(); ok {
			if m.marked[r.ResumeID] {
				delete(m.marked, r.ResumeID)
			} else {
				m.marked[r.ResumeID] = true
			}
			delete(m.lines, m.pos.Cursor)
			m.pos.Cursor = min(m.pos.Cursor+1, last)
		}
	case key.Matches(msg, k.MarkAll):
		for _, p := range m.pages {
			for _, r := range p {
				m.marked[r.ResumeID] = true
			}
		}
		m.lines = map[int]string{}
	case key.Matches(msg, k.UnmarkAll):
		m.ClearMarks()
	default:
		return nil
	}
	m.clampOffset()
	cmd := m.loadAround()
	if m.pos.Cursor != prev {
		return tea.Batch(cmd, m.cursorMsg())
	}
	return cmd
}

// ShortHelp is the footer's keys for the list.
func (m *Model) ShortHelp() []key.Binding {
	k := m.c.Keys
	return []key.Binding{k.Down, k.Up, k.Open, k.Mark, k.Later, k.Undo, k.Filter, k.Sync, k.Help}
}

// ClickRow moves the cursor to the i-th visible row (a mouse click).
func (m *Model) ClickRow(i int) tea.Cmd {
	if i < 0 || i >= m.rowsVisible() {
		return nil
	}
	idx := m.pos.Offset + i
	if m.known && idx >= m.total {
		return nil
	}
	prev := m.pos.Cursor
	m.pos.Cursor = idx
	m.clampOffset()
	if m.pos.Cursor == prev {
		return nil
	}
	return tea.Batch(m.loadAround(), m.cursorMsg())
}
