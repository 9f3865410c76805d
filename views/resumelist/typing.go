package resumelist

import tea "charm.land/bubbletea/v2"

// A filter keystroke searches at once when the list is not loading rows;
// while it is, the newest text waits for them and runs as soon as they
// come, and a text typed meanwhile replaces the waiting one (issue 22 §2).
// There is no fixed pause: over 100,000 resumes a screenful costs a few
// ms, so a pause of 100 ms after every key was most of what the recruiter
// waited for. The count of a replaced query is ended, not waited for
// (load); nothing else of it is loaded once a newer text waits (loadAround).

// Search narrows the list to what the filter line holds, now or once the
// rows loading come.
func (m *Model) Search(text string) tea.Cmd {
	if m.searching() {
		m.typed, m.hasTyped = text, true
		return nil
	}
	m.hasTyped = false
	q := m.query
	q.Search = text
	return m.SetQuery(q)
}

// SearchText is the newest search text: the one waiting, else the query's.
func (m *Model) SearchText() string {
	if m.hasTyped {
		return m.typed
	}
	return m.query.Search
}

// searching says rows of the current query are loading: the screenful,
// or a page. The count is not waited for.
func (m *Model) searching() bool {
	for p := range m.loading {
		if p != -1 {
			return true
		}
	}
	return false
}

// thenTyped adds the waiting text's search to cmd once no rows load.
func (m *Model) thenTyped(cmd tea.Cmd) tea.Cmd {
	if !m.hasTyped || m.searching() {
		return cmd
	}
	return tea.Batch(cmd, m.searchTyped())
}

// searchTyped runs the text that waited.
func (m *Model) searchTyped() tea.Cmd {
	text := m.typed
	m.hasTyped = false
	if text == m.query.Search {
		return m.loadAround() // typed back to what is shown
	}
	q := m.query
	q.Search = text
	return m.SetQuery(q)
}

// endCount ends the count under way, if any, as its query is replaced
// (its result, of an older generation, is dropped).
func (m *Model) endCount() {
	if m.stopCount != nil {
		m.stopCount()
		m.stopCount = nil
	}
}
