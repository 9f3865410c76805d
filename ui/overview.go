package ui

import (
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/overview"
)

// The overview screen (8, issue 20): every vacancy's funnel, responses per
// day, what waits and how fast it is answered, of the scope the list shows
// (mine or the company's, C). The pane loads its own figures; enter on a
// vacancy opens its responses in triage, as R on the vacancies screen.

// openOverview shows the overview screen and reads its figures.
func (m *Model) openOverview() tea.Cmd {
	m.setMode(modeOverview)
	m.setFocus(paneOverview)
	m.status.Say("")
	return m.updatePane(paneOverview, overview.Show{Scope: m.triage.Scope()})
}

// overviewTitle is the box's title, with the scope when it is not the one
// the profile opens with (as the list's title says it).
func (m *Model) overviewTitle() string {
	if label := m.scopeLabel(); label != "" {
		return m.c.Text.Overview.Title + " · " + label
	}
	return m.c.Text.Overview.Title
}
