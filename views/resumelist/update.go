package resumelist

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/action"
)

// Update handles loaded pages and, when focused, the navigation and
// marking keys. It returns the commands that load what the screen needs,
// and Highlight when the cursor comes to rest on another resume.
func (m *Model) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case PageMsg:
		a, cmd := m.loaded(msg)
		return a, m.thenTyped(cmd)
	case RepeatsMsg:
		m.marked(msg)
		return nil, nil
	case positionMsg:
		return m.positioned(msg)
	case countDueMsg:
		if msg.gen != m.gen {
			return nil, nil // another query's
		}
		delete(m.loading, -1)
		if m.hasTyped {
			return nil, m.thenTyped(nil) // a newer text waits: no count of this one
		}
		if m.totalFresh {
			return nil, m.flushMarkers() // a short page gave the total meanwhile
		}
		return nil, m.load(-1)
	case tea.KeyPressMsg:
		if !m.focused {
			return nil, nil
		}
		return m.key(msg)
	case tea.BackgroundColorMsg:
		m.lines = map[int]rowText{} // restyled rows
	}
	return nil, nil
}

func (m *Model) loaded(msg PageMsg) (action.Action, tea.Cmd) {
	if msg.Gen != m.gen {
		return nil, nil // a result for a folder or filter no longer shown
	}
	if msg.Page < 0 && !m.loading[-1] {
		return nil, nil // a count ended: a short screenful gave the total
	}
	if msg.Head > 0 {
		delete(m.loading, headPage)
		if m.fresh[0] {
			return nil, nil // the whole page came first
		}
		m.headed = msg.Err == nil
	} else {
		delete(m.loading, msg.Page)
	}
	if msg.Err != nil {
		m.err = msg.Err
		return nil, m.flushMarkers() // a failed count waits for nothing
	}
	m.err = nil
	if msg.Page < 0 {
		m.total, m.known, m.totalFresh = msg.Total, true, true
		m.clampOffset()
	} else {
		old := len(m.pages[msg.Page])
		asked := PageSize
		if msg.Head > 0 {
			asked = msg.Head
		}
		short := len(msg.Rows) < asked
		// A head is the whole page when it is short.
		m.pages[msg.Page], m.fresh[msg.Page] = msg.Rows, msg.Head == 0 || short
		m.splitSeen = false
		switch {
		case short && !m.totalFresh && (msg.Page == 0 || len(msg.Rows) > 0):
			// The last page: the total needs no count, and one started
			// with the screenful (countWithHead) is ended.
			m.total, m.known, m.totalFresh = msg.Page*PageSize+len(msg.Rows), true, true
			m.endCount()
			delete(m.loading, -1)
			m.clampOffset()
		case !m.totalFresh:
			// Until the count comes, the rows loaded are how far the cursor
			// may go: keys pressed meanwhile move and mark as they should.
			m.total = max(m.total, msg.Page*PageSize+len(msg.Rows))
		}
		for i := range max(old, len(msg.Rows)) {
			delete(m.lines, msg.Page*PageSize+i)
		}
	}
	wasSeeking := m.seeking
	_, settled := m.follow(msg)
	cmd := tea.Batch(m.loadAround(), m.askMarkers(msg.Rows))
	if m.seeking && !wasSeeking {
		cmd = tea.Batch(cmd, m.seekKept())
	}
	if !settled {
		return nil, cmd // the kept resume may be on a page still loading
	}
	// The detail panes follow the highlighted row, and show nothing once
	// the list is known to be empty (a folder emptied, or an empty one
	// shown): never a resume this list does not hold.
	after, ok := m.Selected()
	if ok && (after.ResumeID != m.shown || m.again) || !ok && m.known && m.total == 0 && m.shown != 0 {
		return m.highlight(), cmd
	}
	return nil, cmd
}

// highlight names the resume under the cursor for the detail panes.
func (m *Model) highlight() action.Action {
	var id int64
	if r, ok := m.Selected(); ok {
		id = r.ResumeID
	}
	m.shown, m.again = id, false
	return action.Highlight{ResumeID: id}
}

func (m *Model) key(msg tea.KeyPressMsg) (action.Action, tea.Cmd) {
	k := m.c.Keys
	prev := m.pos.Cursor
	last := max(m.total-1, 0)
	switch {
	case m.pos.Navigate(msg, &k, m.total, m.rowsVisible()):
	case key.Matches(msg, k.Mark):
		if r, ok := m.Selected(); ok {
			m.pos.Marks.Toggle(r.ResumeID)
			delete(m.lines, m.pos.Cursor)
			m.pos.Step(1, last+1)
		}
	case key.Matches(msg, k.MarkAll):
		for _, p := range m.pages {
			for _, r := range p {
				m.pos.Marks.Add(r.ResumeID)
			}
		}
		m.lines = map[int]rowText{}
	case key.Matches(msg, k.UnmarkAll):
		m.ClearMarks()
	default:
		return nil, nil
	}
	m.clampOffset()
	if m.seeking && m.pos.Cursor != prev {
		m.seeking, m.keep = false, 0 // the recruiter moved on: the cursor is theirs
	}
	cmd := m.loadAround()
	if m.pos.Cursor != prev {
		return m.highlight(), cmd
	}
	return nil, cmd
}

// ShortHelp is the footer's keys for the list.
func (m *Model) ShortHelp() []key.Binding {
	k := m.c.Keys
	return []key.Binding{k.Down, k.Up, k.Open, k.Mark, k.Later, k.Undo, k.Filter, k.Sync, k.Help}
}

// FullHelp is the list's keys for the help screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.c.Keys
	return [][]key.Binding{{k.Down, k.Up, k.PageDown, k.PageUp, k.Top, k.Bottom, k.Open},
		{k.Mark, k.MarkAll, k.UnmarkAll}, {k.Sort, k.SortReverse, k.VacancyFilter, k.Scope, k.Filter, k.FilterMenu, k.RemoveFilter}}
}

// ClickLine moves the cursor to the row on line i of the pane (a mouse
// click); the chips and the header are no rows.
func (m *Model) ClickLine(i int) (action.Action, tea.Cmd) {
	i -= m.headLines()
	if i < 0 || i >= m.rowsVisible() {
		return nil, nil
	}
	idx := m.pos.Offset + i
	if m.known && idx >= m.total {
		return nil, nil
	}
	prev := m.pos.Cursor
	m.pos.Cursor = idx
	m.clampOffset()
	if m.pos.Cursor == prev {
		return nil, nil
	}
	return m.highlight(), m.loadAround()
}
