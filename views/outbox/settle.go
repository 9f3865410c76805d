package outbox

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"hrdesk/problem"
	"hrdesk/store"
	"hrdesk/views/action"
)

// r, d and c (issue 29 §4: the screen carries them out itself, as
// `hrdesk outbox` does, one action at a time): an action that left the
// state the key applies to meanwhile (the push sent it) is skipped and
// counted, never an error. The root then hears what to say and what
// follows (action.OutboxSettled): a retry is sent at once, a cancelled
// letter's countdown ends, the screens read the cache again.

// Settler carries out r, d and c in the cache; ui.Store satisfies it.
type Settler interface {
	Retry(ctx context.Context, id int64) error
	Dismiss(ctx context.Context, id int64) error
	Cancel(ctx context.Context, id int64) error
}

// SettleWith gives the screen what carries out its keys (without it they
// do nothing).
func (m *Model) SettleWith(s Settler) { m.settler = s }

// settledMsg ends r, d or c: done actions changed (ids), skipped were not
// in a state the key applies to.
type settledMsg struct {
	act           action.Action
	done, skipped int
	ids           []int64
	err           error
}

// act carries out what a key asks: r, d and c the screen settles itself;
// anything else (a question first, leaving) is the root's.
func (m *Model) act(a action.Action) (action.Action, tea.Cmd) {
	switch a.(type) {
	case action.OutboxRetry, action.OutboxDismiss, action.OutboxCancel:
		return nil, m.settle(a)
	}
	return a, nil
}

// settle runs r, d or c on its ids in a command.
func (m *Model) settle(a action.Action) tea.Cmd {
	s := m.settler
	if s == nil {
		return nil
	}
	var ids []int64
	var op func(context.Context, int64) error
	switch a := a.(type) {
	case action.OutboxRetry:
		ids, op = a.IDs, s.Retry
	case action.OutboxDismiss:
		ids, op = a.IDs, s.Dismiss
	case action.OutboxCancel:
		ids, op = a.IDs, s.Cancel
	default:
		return nil
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

// settled forgets the marks the key acted on and tells the root what it
// did: "sent again: 2 · 1 left as they were", or the cache's problem
// (what was done before it is said by the counts the root reads).
func (m *Model) settled(msg settledMsg) action.Action {
	m.ClearMarks()
	t := m.c.Text.Outbox
	out := action.OutboxSettled{Act: msg.act, IDs: msg.ids}
	var format string
	switch msg.act.(type) {
	case action.OutboxRetry:
		format = t.Retried
	case action.OutboxDismiss:
		format = t.Dismissed
	case action.OutboxCancel:
		format = t.Cancelled
	}
	if msg.err != nil {
		out.Problem = problem.Problem{Kind: problem.Local, Detail: msg.err.Error()}
		return out
	}
	out.Text = fmt.Sprintf(format, msg.done)
	if msg.skipped > 0 {
		out.Text += " · " + fmt.Sprintf(t.Skipped, msg.skipped)
	}
	return out
}
