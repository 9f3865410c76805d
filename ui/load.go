package ui

import (
	"context"
	"errors"
	"fmt"
	"hrdesk/problem"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/live"
	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/common"
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
	// probeDueMsg: time to ask whether the server is back; pingedMsg is
	// the answer.
	probeDueMsg struct{ seq int }
	pingedMsg   struct{ err error }
)

// own handles the results of the root's own commands; ok is false for any
// other message.
func (m *Model) own(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case countsMsg:
		m.status.SetOutbox(msg.outbox)
		m.outboxCounted(msg.outbox)
		return nil, true
	case scopeUnsyncedMsg:
		return m.syncCompany(), true
	case syncProgressMsg:
		m.status.SyncProgress(msg.p.Done, msg.p.Total)
		m.status.SyncWaiting(msg.p.WaitingFor, msg.p.Waiting)
		// The rows the sync has written show while the list has room.
		return tea.Batch(waitProgress(msg.ch), m.updatePane(paneTriage, triage.SyncWritten{Done: msg.p.Done})), true
	case live.PolledMsg:
		return m.polled(msg), true
	case syncDoneMsg:
		p := m.problem(msg.err)
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
		if !msg.changed {
			// The sync at start usually finds nothing new, or no service: the
			// counts and the list Init loaded are still the cache's. The
			// meter moved all the same: the sync spent requests.
			return tea.Batch(m.probeLater(p), m.readMeter()), true
		}
		return tea.Batch(m.refresh(true, false), m.probeLater(p), m.readMeter()), true
	case probeDueMsg:
		if msg.seq != m.probeSeq || !m.status.Offline() || m.backend == nil {
			return nil, true
		}
		b := m.backend
		return func() tea.Msg { return pingedMsg{err: b.Ping(context.Background())} }, true
	case pingedMsg:
		p := m.problem(msg.err)
		if p.Kind == problem.None {
			// Back: say so, and send what waited.
			m.note(p)
			return m.push(), true
		}
		return m.probeLater(p), true
	case pushDoneMsg:
		// An empty outbox asked the server nothing: it says nothing about
		// whether the server is up, so "offline" stays.
		var probe tea.Cmd
		if msg.reached || msg.err != nil {
			// A push stops on an error only with its action back in the
			// queue, to be sent again by itself: a lost answer stops it
			// only for an action safe to repeat (a move ends in the same
			// folder however often it is sent, contract 4.9); one that is
			// not is marked unknown and the push goes on. So the status
			// line says what kept the answer away, as the outbox's
			// "waiting" does, never "see the outbox before sending again".
			probe = m.note(m.problem(msg.err).Cause())
		}
		// A sent comment has its server id now: the resume shown reloads.
		return tea.Batch(m.refresh(true, true), probe, m.readMeter()), true
	case heldTickMsg:
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
		var held, drop tea.Cmd
		if msg.err == nil && msg.draft != "" {
			// Its text is in the outbox now: the draft is done with.
			drop, _ = m.dropDraft(msg.draft)
		}
		if len(msg.held.ids) > 0 {
			m.held = append(m.held, msg.held)
			held = m.tickHeld()
		}
		if len(msg.undone) > 0 {
			m.forgetHeld(msg.undone)
			held = m.tickHeld()
		}
		switch {
		case msg.err != nil:
			m.status.Say("")
			m.status.Note(problem.Problem{Kind: problem.Local, Detail: msg.err.Error()})
		case msg.what != "":
			m.status.Queued(msg.what)
		case msg.restore != nil:
			// A letter taken back: its text is the draft the same key offers.
			drop = m.keepDraft(msg.restore.key, msg.restore.draft)
			m.status.Say(msg.info + " — " + m.c.Text.Dialogs.DraftKept)
		default:
			m.status.Say(msg.info)
		}
		// The resume shown reloads too: a comment added or deleted shows at
		// once, not after the cursor moves.
		return tea.Batch(m.refresh(true, true), m.push(), held, drop), true
	case calledMsg:
		return tea.Batch(m.called(msg), m.readMeter()), true
	case settledMsg:
		return m.settled(msg), true
	case meterDueMsg:
		return tea.Batch(m.readMeter(), m.meterLater()), true
	case meterMsg:
		m.meterRead(msg.m)
		return nil, true
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
	return tea.Batch(m.loadCounts(), m.updatePane(paneTriage, triage.Refresh{List: list, Entry: entry}), m.screenChanged())
}

// screenChanged tells the screen in front besides triage (or under help
// or the login screen) that the cache changed: it reads again what it
// shows. A hidden screen reads the cache when shown.
func (m *Model) screenChanged() tea.Cmd {
	id, ok := map[mode]paneID{modeVacancies: paneVacancies, modeSelections: paneSelections,
		modeOutbox: paneOutbox, modeOverview: paneOverview}[m.shown()]
	if !ok {
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

// DefaultProbeEvery is how often an offline workstation asks whether the
// server is back: soon enough that "offline" does not outlive the outage
// by long, rarely enough to cost nothing.
const DefaultProbeEvery = 10 * time.Second

// note records a server call's outcome on the status line; offline, it
// asks again later whether the server is back.
func (m *Model) note(p problem.Problem) tea.Cmd {
	m.status.Note(p)
	return m.probeLater(p)
}

// probeLater schedules the next "is the server back?" while offline.
func (m *Model) probeLater(p problem.Problem) tea.Cmd {
	if p.Kind != problem.Offline || m.opts.ProbeEvery < 0 {
		return nil
	}
	every := m.opts.ProbeEvery
	if every == 0 {
		every = DefaultProbeEvery
	}
	m.probeSeq++
	seq := m.probeSeq
	return tea.Tick(every, func(time.Time) tea.Msg { return probeDueMsg{seq: seq} })
}

func (m *Model) undo() tea.Cmd {
	st := m.st
	c := m.c
	t := m.c.Text.Status
	return func() tea.Msg {
		// The newest move or letter still waiting, with the rest of its bulk.
		u, err := st.UndoLast(context.Background())
		switch {
		case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrStateConflict):
			return queuedMsg{info: t.NothingToUndo}
		case err != nil:
			return queuedMsg{err: err}
		}
		// Said as it was queued ("2 → Invited"), in the recruiter's words.
		what := fmt.Sprintf("%d → %s", len(u.Actions), undoneWhere(c, u.Actions[0]))
		undone := make([]int64, len(u.Actions))
		for i, a := range u.Actions {
			undone[i] = a.ID
		}
		return queuedMsg{info: fmt.Sprintf(t.Undone, what), undone: undone, restore: undoneDraft(u.Actions)}
	}
}

// undoneWhere is where an undone action would have taken its resumes, as
// queue said it: the folder of a move, the folder a letter settles in, or
// the letter's kind.
func undoneWhere(c *common.Common, a store.Action) string {
	t := c.Text
	switch a.Kind {
	case store.ActionInvite:
		return t.Folders.Invited
	case store.ActionReject:
		return t.Folders.Refused
	case store.ActionSendMail:
		return t.Dialogs.MailTemplate
	case store.ActionMailTo:
		return a.Payload.Email
	}
	if a.NewFolder != "" {
		return c.FolderName(a.NewFolder)
	}
	return string(a.Kind)
}
