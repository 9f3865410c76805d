package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"hrdesk/problem"
	"hrdesk/session/feed"
	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/statusbar"
	"hrdesk/views/triage"
)

// countsMsg brings the outbox's counts (the status bar, the outbox tab),
// the root's own read of the cache.
type countsMsg struct{ outbox store.OutboxCounts }

// own routes the results of the root's own commands to what handles
// them: the cache's counts, the session's feed and meter, the queued
// actions and the server calls here; a sync or a push (syncing.go), the
// held letters (held.go) and the drafts (drafts.go) by their families.
// ok is false for any other message.
func (m *Model) own(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case countsMsg:
		m.status.Update(msg.outbox)
		m.outboxCounted(msg.outbox)
		return nil, true
	case feed.PolledMsg:
		return m.polled(msg), true
	case meterDueMsg:
		return tea.Batch(m.readMeter(), m.meterLater()), true
	case statusbar.Reading:
		return m.metered(msg), true
	case queuedMsg:
		return m.queued(msg), true
	case calledMsg:
		return tea.Batch(m.called(msg), m.readMeter()), true
	}
	for _, family := range []func(tea.Msg) (tea.Cmd, bool){m.syncMsg, m.heldMsg, m.draftMsg, m.snoozeMsg} {
		if cmd, ok := family(msg); ok {
			return cmd, true
		}
	}
	return nil, false
}

// problem classifies a backend error (None for nil); an expired session
// is remembered, so the catalog screens stop asking.
func (m *Model) problem(err error) problem.Problem {
	if err == nil {
		return problem.Problem{}
	}
	p := m.opts.Explain(err)
	if p.Kind == problem.NeedsLogin {
		m.loggedIn = false
	}
	return p
}

// loadCounts reads the outbox's counts, the root's own (the status bar,
// the outbox tab); the screens read theirs (refresh).
func (m *Model) loadCounts() tea.Cmd {
	st := m.st
	return func() tea.Msg {
		o, _ := st.OutboxCounts(context.Background())
		return countsMsg{outbox: o}
	}
}

// refresh reads the counts again after the cache changed, and tells the
// screens: the triage screen its counts, its list when list, the resume it
// shows when entry; another screen in front whatever it shows.
func (m *Model) refresh(list, entry bool) tea.Cmd {
	return m.refreshTo(triage.Refresh{List: list, Entry: entry})
}

// refreshTo is refresh with the triage screen told r (the resume an undo
// brings the cursor back to).
func (m *Model) refreshTo(r triage.Refresh) tea.Cmd {
	return tea.Batch(m.loadCounts(), m.updatePane(paneTriage, r), m.screenChanged())
}

// screenChanged tells the screen in front besides triage (or under help
// or the login screen) that the cache changed: it reads again what it
// shows. A hidden screen reads the cache when shown.
func (m *Model) screenChanged() tea.Cmd {
	id := m.shown()
	if id == paneTriage || !id.isScreen() {
		return nil
	}
	return m.updatePane(id, action.CacheChanged{})
}
