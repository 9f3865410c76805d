package outbox

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/problem"
	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

var _ common.Pane = (*Model)(nil)

// Update handles its loads and, while it has the focus, the screen's keys:
// r, d and c it carries out itself (settle.go), a question first through
// the root's dialog.
func (m *Model) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case Show:
		m.Open(msg.ResumeID)
		return nil, m.load()
	case action.CacheChanged:
		return nil, m.load()
	case common.Loaded[[]store.OutboxEntry]:
		if !m.loads.Newest(msg) {
			return nil, nil
		}
		if msg.Err != nil {
			// The cache failing is said as such; the screen keeps what it shows.
			return action.Notice{Problem: problem.Problem{Kind: problem.Local, Detail: msg.Err.Error()}}, nil
		}
		m.SetEntries(msg.Rows)
	case action.OutboxRetry, action.OutboxDismiss, action.OutboxCancel:
		// A question's answer (Confirm.Then), come back through the root.
		return nil, m.settle(msg.(action.Action))
	case settledMsg:
		return m.settled(msg), nil
	case tea.KeyPressMsg:
		if m.focused {
			return m.act(m.key(msg))
		}
	}
	return nil, nil
}

func (m *Model) key(msg tea.KeyPressMsg) action.Action {
	k := m.c.Keys
	if m.list.Navigate(msg, &k, len(m.entries), m.rows()) {
		return nil
	}
	switch {
	case key.Matches(msg, k.Back):
		return action.Leave{}
	case key.Matches(msg, k.Mark):
		if e, ok := m.Selected(); ok {
			m.list.Mark(e.ID, len(m.entries), m.rows())
		}
	case key.Matches(msg, k.MarkAll):
		for _, e := range m.entries {
			m.list.Marks.Add(e.ID)
		}
	case key.Matches(msg, k.UnmarkAll):
		m.ClearMarks()
	case key.Matches(msg, k.OutboxRetry):
		if len(m.idsIn(store.StateFailed, store.StateUnknown)) > 0 {
			return action.OutboxRetry{IDs: m.markedIDs()}
		}
	case key.Matches(msg, k.OutboxDismiss):
		return m.dismiss()
	case key.Matches(msg, k.OutboxCancel):
		return m.cancel()
	}
	return nil
}

// markedIDs is the marked (or highlighted) actions. A key is sent with
// all of them: the store's rules (those of `hrdesk outbox`) leave alone
// the ones not in a state it applies to, and the root says how many.
func (m *Model) markedIDs() []int64 {
	var ids []int64
	for _, e := range m.markedEntries() {
		ids = append(ids, e.ID)
	}
	return ids
}

// idsIn is the marked (or highlighted) actions in one of states.
func (m *Model) idsIn(states ...store.ActionState) []int64 {
	var ids []int64
	for _, e := range m.markedEntries() {
		for _, s := range states {
			if e.State == s {
				ids = append(ids, e.ID)
			}
		}
	}
	return ids
}

// dismiss hides refused actions at once; giving up on an unknown outcome
// is asked first: the server may have done it.
func (m *Model) dismiss() action.Action {
	ids := m.idsIn(store.StateFailed, store.StateUnknown)
	if len(ids) == 0 {
		return nil
	}
	if len(m.idsIn(store.StateUnknown)) == 0 {
		return action.OutboxDismiss{IDs: m.markedIDs()}
	}
	// "The server may have done them" is said of the unknown ones only: a
	// refused one it did not do, and giving up only clears its marker.
	t := m.c.Text.Outbox
	q := fmt.Sprintf(t.DismissQuestion, len(m.idsIn(store.StateUnknown)))
	if refused := len(m.idsIn(store.StateFailed)); refused > 0 {
		q += " " + fmt.Sprintf(t.DismissRefused, refused)
	}
	return action.Confirm{Title: t.DismissTitle, Question: q,
		Yes: t.DismissYes, Then: action.OutboxDismiss{IDs: m.markedIDs()}}
}

// cancel withdraws pending actions; a letter or a comment is asked about
// first, since its text is lost.
func (m *Model) cancel() action.Action {
	ids := m.idsIn(store.StatePending)
	if len(ids) == 0 {
		return nil
	}
	typed := false
	for _, e := range m.markedEntries() {
		if e.State == store.StatePending && e.Kind != store.ActionMove && e.Kind != store.ActionLater &&
			e.Kind != store.ActionCommentDelete && !(e.Kind == store.ActionReject && e.Payload.TemplateID == 0) {
			typed = true
		}
	}
	if !typed {
		return action.OutboxCancel{IDs: m.markedIDs()}
	}
	t := m.c.Text.Outbox
	return action.Confirm{Title: t.CancelTitle, Question: fmt.Sprintf(t.CancelQuestion, len(ids)),
		Yes: t.CancelYes, Then: action.OutboxCancel{IDs: m.markedIDs()}}
}
