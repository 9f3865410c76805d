package ui

import (
	"context"
	"errors"
	"fmt"
	"hrdesk/problem"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/action"
)

// The outbox screen (7, issue 11 §3): the actions not yet done, and r, d
// and c on them. Opened from triage, its cursor goes to the highlighted
// resume's action: the list's ! or ? marker leads to its entry.

// settledMsg ends r, d or c on the outbox screen: done actions changed,
// skipped were not in a state the key applies to (sent meanwhile, say).
type settledMsg struct {
	act           action.Action
	done, skipped int
	ids           []int64 // the ones done
	err           error
}

// openOutbox shows the outbox screen, on the highlighted resume's action
// when triage was in front (its row in table.go).
func (m *Model) openOutbox() tea.Cmd { return m.openScreen(paneOutbox) }

// outboxCounted keeps the outbox tab's count in step with the outbox (the
// screen reads its own entries).
func (m *Model) outboxCounted(o store.OutboxCounts) {
	m.counts = o
	m.refreshTabs()
}

// settle carries out r, d or c in the cache, one action at a time as
// `hrdesk outbox` does: an action that left the state the key applies to
// meanwhile (the push sent it) is skipped and counted, never an error.
func (m *Model) settle(a action.Action) tea.Cmd {
	st := m.st
	var ids []int64
	var op func(context.Context, int64) error
	switch a := a.(type) {
	case action.OutboxRetry:
		ids, op = a.IDs, st.Retry
	case action.OutboxDismiss:
		ids, op = a.IDs, st.Dismiss
	case action.OutboxCancel:
		ids, op = a.IDs, st.Cancel
	}
	return func() tea.Msg {
		msg := settledMsg{act: a}
		for _, id := range ids {
			err := op(context.Background(), id)
			switch {
			case err == nil:
				msg.done++
				msg.ids = append(msg.ids, id)
			case errors.Is(err, store.ErrStateConflict), errors.Is(err, store.ErrNotFound):
				msg.skipped++
			default:
				msg.err = err
				return msg
			}
		}
		return msg
	}
}

// settled says what r, d or c did, and brings every view of the outbox up
// to date; a retry is sent at once.
func (m *Model) settled(msg settledMsg) tea.Cmd {
	t := m.c.Text.Outbox
	var p problem.Problem
	if msg.err != nil {
		p = problem.Problem{Kind: problem.Local, Detail: msg.err.Error()}
		m.status.Note(p)
	}
	var format string
	var push tea.Cmd
	switch msg.act.(type) {
	case action.OutboxRetry:
		format, push = t.Retried, m.push()
	case action.OutboxDismiss:
		format = t.Dismissed
	case action.OutboxCancel:
		format = t.Cancelled
		m.held.Forget(msg.ids) // a cancelled letter's countdown ends
		m.status.SetHeld(m.held.View())
	}
	if msg.err == nil {
		say := fmt.Sprintf(format, msg.done)
		if msg.skipped > 0 {
			say += " · " + fmt.Sprintf(t.Skipped, msg.skipped)
		}
		m.status.Say(say)
	}
	// The outbox screen reads its entries again with the rest (refresh).
	return tea.Batch(m.refresh(true, false), push,
		m.updatePane(paneOutbox, action.DoneMsg{Action: msg.act, Problem: p}))
}
