package ui

import (
	"context"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/views/statusbar"
	"hrdesk/views/triage"
)

// The session's work the root runs in commands (issue 29 §4): a sync (the
// profile's, or the company's for the C key, scope.go) and a push. The
// session does them; this file starts them and hears how they went, in
// one place: syncMsg is the root's one entry for their results.

type (
	// syncProgressMsg is a sync's latest report, and the channel the next
	// comes on.
	syncProgressMsg struct {
		p  SyncProgress
		ch chan SyncProgress
	}
	syncDoneMsg struct {
		changed bool // the cache changed (Backend.Sync)
		err     error
	}
	pushDoneMsg struct {
		reached bool // the server was asked something
		err     error
	}
)

// syncMsg handles the results of a sync or a push, and the company sync's
// turn (scope.go); ok is false for any other message.
func (m *Model) syncMsg(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case syncProgressMsg:
		m.status.Update(msg.p)
		// The rows the sync has written show while the list has room.
		return tea.Batch(waitProgress(msg.ch), m.updatePane(paneTriage, triage.SyncWritten{Done: msg.p.Done})), true
	case syncDoneMsg:
		return m.synced(msg), true
	case pushDoneMsg:
		return m.pushed(msg), true
	case scopeUnsyncedMsg:
		return m.syncCompany(), true
	case companyRetryMsg:
		return m.companyFollows(msg.seq), true
	}
	return nil, false
}

// synced ends a sync: the status line says how it went (a company sync
// refused as busy asks again, scope.go), the meter is read, and the
// screens read the cache again when it changed.
func (m *Model) synced(msg syncDoneMsg) tea.Cmd {
	p := m.problem(msg.err)
	if m.companySync {
		if retry, ok := m.companySynced(p); ok {
			m.companySync = false
			return retry
		}
	}
	var at time.Time
	if msg.err == nil {
		at = m.c.Now()
	}
	m.status.Update(statusbar.SyncDone{Problem: p, At: at})
	if m.companySync {
		m.companySync = false
		// What the list shows now: C may have switched back meanwhile.
		if sw, ok := m.st.(ScopeSwitch); ok && msg.err == nil && sw.ShowsCompany() {
			m.status.Say(m.c.Text.Status.ShowingCompany)
		}
	}
	follow := m.companyFollows(0) // a company sync waited for this one
	if !msg.changed {
		// The sync at start usually finds nothing new, or no service: the
		// counts and the list Init loaded are still the cache's. The
		// meter moved all the same: the sync spent requests.
		return tea.Batch(m.readMeter(), follow)
	}
	return tea.Batch(m.refresh(true, false), m.readMeter(), follow)
}

// pushed ends a push: what kept the answer away goes on the status line,
// and what it sent reloads.
func (m *Model) pushed(msg pushDoneMsg) tea.Cmd {
	// An empty outbox asked the server nothing: it says nothing about
	// whether the server is up, so "offline" stays.
	if msg.reached || msg.err != nil {
		// A push stops on an error only with its action back in the
		// queue, to be sent again by itself: a lost answer stops it
		// only for an action safe to repeat (a move ends in the same
		// folder however often it is sent, contract 4.9); one that is
		// not is marked unknown and the push goes on. So the status
		// line says what kept the answer away, as the outbox's
		// "waiting" does, never "see the outbox before sending again".
		m.status.Note(m.problem(msg.err).Cause())
	}
	// A sent comment has its server id now: the resume shown reloads.
	return tea.Batch(m.refresh(true, true), m.readMeter())
}

func (m *Model) startSync() tea.Cmd {
	if m.backend == nil {
		return nil
	}
	return m.runSync(m.backend.Sync)
}

// runSync runs sync (the profile's, or another scope's) as a sync is
// shown: progress on the status line, rows as they are written, the list
// and counts read again at its end.
func (m *Model) runSync(syncWith func(ctx context.Context, report func(SyncProgress)) (bool, error)) tea.Cmd {
	if m.status.Syncing() || m.backend == nil {
		return nil
	}
	m.status.Update(statusbar.SyncStarted{})
	started := m.updatePane(paneTriage, triage.SyncStarted{})
	// Progress comes through a channel holding only the latest report, so a
	// fast sync cannot flood the program with frames.
	// A shared session may still report to a terminal whose sync already
	// returned (it joined another's): ended drops those reports instead of
	// sending on the closed channel.
	ch := make(chan SyncProgress, 1)
	var mu sync.Mutex
	ended := false
	report := func(p SyncProgress) {
		mu.Lock()
		defer mu.Unlock()
		if ended {
			return
		}
		select {
		case <-ch:
		default:
		}
		ch <- p
	}
	run := func() tea.Msg {
		changed, err := syncWith(context.Background(), report)
		mu.Lock()
		ended = true
		close(ch)
		mu.Unlock()
		return syncDoneMsg{changed: changed, err: err}
	}
	return tea.Batch(started, run, waitProgress(ch))
}

func waitProgress(ch chan SyncProgress) tea.Cmd {
	return func() tea.Msg {
		p, ok := <-ch
		if !ok {
			return nil
		}
		return syncProgressMsg{p: p, ch: ch}
	}
}

func (m *Model) push() tea.Cmd {
	if m.backend == nil {
		return nil
	}
	b := m.backend
	return func() tea.Msg {
		reached, err := b.Push(context.Background())
		return pushDoneMsg{reached: reached, err: err}
	}
}
