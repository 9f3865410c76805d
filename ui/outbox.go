package ui

import (
	tea "charm.land/bubbletea/v2"

	"hrdesk/problem"
	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/statusbar"
)

// The outbox screen (7, issue 11 §3): the actions not yet done, and r, d
// and c on them, which the screen carries out itself (views/outbox,
// issue 29 §4); the root hears what follows. Opened from triage, its
// cursor goes to the highlighted resume's action: the list's ! or ?
// marker leads to its entry.

// openOutbox shows the outbox screen, on the highlighted resume's action
// when triage was in front (its row in table.go).
func (m *Model) openOutbox() tea.Cmd { return m.openScreen(paneOutbox) }

// outboxCounted keeps the outbox tab's count in step with the outbox (the
// screen reads its own entries).
func (m *Model) outboxCounted(o store.OutboxCounts) {
	m.counts = o
	m.refreshTabs()
}

// settled hears that the outbox screen carried out r, d or c: the
// status line says what it did, a retry is sent at once, a cancelled
// letter's countdown ends, and every view of the outbox comes up to date
// (refresh: the outbox screen reads its entries again with the rest).
func (m *Model) settled(a action.OutboxSettled) tea.Cmd {
	if a.Problem.Kind != problem.None {
		m.status.Note(a.Problem)
	}
	var push tea.Cmd
	switch a.Act.(type) {
	case action.OutboxRetry:
		push = m.push()
	case action.OutboxCancel:
		m.held.Forget(a.IDs) // a cancelled letter's countdown ends
		m.status.Update(statusbar.Held{Countdown: m.held.View()})
	}
	if a.Problem.Kind == problem.None {
		m.status.Say(a.Text)
	}
	return tea.Batch(m.refresh(true, false), push)
}
