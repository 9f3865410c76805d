package ui

import (
	"hrdesk/views/outbox"
	"hrdesk/views/overview"
	"hrdesk/views/selections"
	"hrdesk/views/vacancies"
)

// The screens besides triage live in the table (table.go), not in fields
// of their own type: the tests look into them through these.

func (m *Model) vacanciesPane() *vacancies.Model {
	return m.screens[paneVacancies].pane.(*vacancies.Model)
}
func (m *Model) selectionsPane() *selections.Model {
	return m.screens[paneSelections].pane.(*selections.Model)
}
func (m *Model) outboxPane() *outbox.Model     { return m.screens[paneOutbox].pane.(*outbox.Model) }
func (m *Model) overviewPane() *overview.Model { return m.screens[paneOverview].pane.(*overview.Model) }
