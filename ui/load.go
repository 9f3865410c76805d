package ui

import (
	"context"
	"hrdesk/problem"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/live"
	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/held"
	"hrdesk/views/statusbar"
	"hrdesk/views/triage"
)

// The root's own reads of the cache and the sync engine's work, each in a
// command; own handles what they bring back.
type (
	// countsMsg brings the outbox's counts (the status bar, the outbox
	// tab).
	countsMsg       struct{ outbox store.OutboxCounts }
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

// own handles the results of the root's own commands; ok is false for any
// other message.
func (m *Model) own(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case countsMsg:
		m.status.Update(msg.outbox)
		m.outboxCounted(msg.outbox)
		return nil, true
	case scopeUnsyncedMsg:
		return m.syncCompany(), true
	case companyRetryMsg:
		return m.companyFollows(msg.seq), true
	case syncProgressMsg:
		m.status.Update(msg.p)
		// The rows the sync has written show while the list has room.
		return tea.Batch(waitProgress(msg.ch), m.updatePane(paneTriage, triage.SyncWritten{Done: msg.p.Done})), true
	case live.PolledMsg:
		return m.polled(msg), true
	case syncDoneMsg:
		p := m.problem(msg.err)
		if m.companySync {
			if retry, ok := m.companySynced(p); ok {
				m.companySync = false
				return retry, true
			}
		}
		var at time.Time
		if msg.err == nil {
			at = m.c.Now()
		}
		m.status.SyncDone(p, at)
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
			return tea.Batch(m.readMeter(), follow), true
		}
		return tea.Batch(m.refresh(true, false), m.readMeter(), follow), true
	case pushDoneMsg:
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
		return tea.Batch(m.refresh(true, true), m.readMeter()), true
	case held.TickMsg:
		return m.heldTick(msg), true
	case heldSentMsg, quitNowMsg:
		return tea.Quit, true
	case draftsMsg:
		m.draftsLoaded(msg)
		return nil, true
	case draftUnsavedMsg:
		m.draftUnsaved(msg)
		return nil, true
	case queuedMsg:
		return m.queued(msg), true
	case calledMsg:
		return tea.Batch(m.called(msg), m.readMeter()), true
	case settledMsg:
		return m.settled(msg), true
	case meterDueMsg:
		return tea.Batch(m.readMeter(), m.meterLater()), true
	case statusbar.Reading:
		return m.metered(msg), true
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
	m.status.SyncStarted()
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
