package ui

import (
	"context"
	"errors"
	"fmt"
	"hrdesk/problem"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/live"
	"hrdesk/store"
	"hrdesk/views/criteria"
)

// The root's own reads of the cache and the sync engine's work, each in a
// command; own handles what they bring back.
type (
	countsMsg struct {
		folders   []store.FolderCount
		stale     map[string]int
		outbox    store.OutboxCounts
		vacancies []store.Vacancy
	}
	entryMsg struct {
		id       int64
		detail   store.EntryDetail
		events   []store.Event
		comments []store.Comment
		apps     []store.Application // the applicant's other applications
		err      error
	}
	// detailDueMsg says the cursor may have rested long enough on a resume.
	detailDueMsg struct {
		seq int
		id  int64
	}
	selectionsMsg struct {
		list []store.Selection
		err  error
	}
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
	commentsMsg struct{ id int64 } // the server's comments of a resume are in the cache
)

// own handles the results of the root's own commands; ok is false for any
// other message.
func (m *Model) own(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case countsMsg:
		m.folders.SetCounts(msg.folders)
		m.folders.SetStale(msg.stale)
		m.list.SetFolderStale(m.folders.Stale())
		m.status.SetOutbox(msg.outbox)
		m.list.SetVacancies(msg.vacancies)
		m.history.SetVacancies(msg.vacancies)
		return tea.Batch(m.outboxCounted(msg.outbox), m.to(paneVacancies, m.vacancies.SetVacancies(msg.vacancies)), m.overviewChanged()), true
	case detailDueMsg:
		if msg.seq != m.cursorSeq {
			return nil, true // the cursor moved on: a held key skips the resumes in between
		}
		return m.loadEntry(msg.id), true
	case entryMsg:
		return m.entryLoaded(msg), true
	case commentsMsg:
		if msg.id == m.detail.ResumeID {
			return m.loadEntry(msg.id), true
		}
		return nil, true
	case selectionsMsg:
		if msg.err == nil {
			m.selections.SetSelections(msg.list)
		}
		return nil, true
	case scopeUnsyncedMsg:
		return m.syncCompany(), true
	case syncProgressMsg:
		m.status.SyncProgress(msg.p.Done, msg.p.Total)
		m.status.SyncWaiting(msg.p.WaitingFor, msg.p.Waiting)
		return tea.Batch(waitProgress(msg.ch), m.showSyncedRows(msg.p.Done)), true
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
			if msg.err == nil {
				m.status.Say(m.c.Text.Status.ShowingCompany)
			}
		}
		if !msg.changed {
			// The sync at start usually finds nothing new, or no service: the
			// counts and the list Init loaded are still the cache's. The
			// meter moved all the same: the sync spent requests.
			return tea.Batch(m.probeLater(p), m.readMeter()), true
		}
		return tea.Batch(m.loadCounts(), m.to(paneList, m.list.Reload()), m.probeLater(p), m.readMeter()), true
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
			probe = m.note(m.problem(msg.err))
		}
		if msg.err != nil {
			m.status.PushFailed()
		}
		// A sent comment has its server id now: the resume shown reloads.
		return tea.Batch(m.loadCounts(), m.to(paneList, m.list.Reload()), m.loadEntry(m.detail.ResumeID), probe, m.readMeter()), true
	case heldTickMsg:
		return m.heldTick(msg), true
	case heldSentMsg, quitNowMsg:
		return tea.Quit, true
	case queuedMsg:
		var held tea.Cmd
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
		default:
			m.status.Say(msg.info)
		}
		// The resume shown reloads too: a comment added or deleted shows at
		// once, not after the cursor moves.
		return tea.Batch(m.loadCounts(), m.to(paneList, m.list.Reload()), m.loadEntry(m.detail.ResumeID), m.push(), held), true
	case calledMsg:
		return tea.Batch(m.called(msg), m.readMeter()), true
	case outboxMsg:
		m.outboxLoaded(msg)
		return nil, true
	case settledMsg:
		return m.settled(msg), true
	case meterDueMsg:
		return tea.Batch(m.readMeter(), m.meterLater()), true
	case meterMsg:
		m.meterRead(msg.m)
		return nil, true
	case templatesMsg:
		return m.openLetter(msg), true
	case choicesMsg:
		return m.openChoices(msg), true
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

func (m *Model) loadCounts() tea.Cmd {
	st := m.st
	staleBefore := criteria.StaleBefore(m.c.Now(), m.opts.StaleAfter)
	return func() tea.Msg {
		ctx := context.Background()
		f, _ := st.FolderCounts(ctx, store.ScopeAll)
		stale, _ := st.StaleCounts(ctx, store.ScopeAll, staleBefore)
		o, _ := st.OutboxCounts(ctx)
		v, _ := st.Vacancies(ctx)
		return countsMsg{folders: f, stale: stale, outbox: o, vacancies: v}
	}
}

func (m *Model) loadSelections() tea.Cmd {
	st := m.st
	return func() tea.Msg {
		list, err := st.Selections(context.Background())
		return selectionsMsg{list: list, err: err}
	}
}

// showFolder switches the list to folder i.
func (m *Model) showFolder(i int) tea.Cmd {
	m.folders.Select(i)
	f := m.folders.Current()
	m.list.SetFolderStale(f.Stale)
	return m.to(paneList, m.list.ShowFolder(f.ID, f.Name))
}

// showVacancy shows the inbox of one vacancy on the triage screen.
func (m *Model) showVacancy(id int64) tea.Cmd {
	m.setMode(modeTriage)
	m.folders.Select(0)
	m.setFocus(paneList)
	f := m.folders.Current()
	m.list.SetFolderStale(f.Stale)
	return m.to(paneList, m.list.ShowVacancy(f.ID, f.Name, id))
}

// followCursor shows the resume under the cursor once the cursor rests;
// with none (an empty list) the detail panes empty at once.
func (m *Model) followCursor(id int64) tea.Cmd {
	m.cursorSeq++
	if id == 0 {
		return m.clearDetail()
	}
	seq, delay := m.cursorSeq, m.opts.DetailDelay
	switch {
	case delay < 0:
		return m.loadEntry(id)
	case delay == 0:
		delay = DefaultDetailDelay
	}
	return tea.Tick(delay, func(time.Time) tea.Msg { return detailDueMsg{seq: seq, id: id} })
}

// clearDetail empties the resume, history and comments panes.
func (m *Model) clearDetail() tea.Cmd {
	m.detail = store.EntryDetail{}
	m.history.SetEvents(0, nil)
	m.history.SetApplications(0, nil)
	m.comments.SetComments(0, nil)
	m.resume.Clear()
	return nil
}

// loadEntry reads the highlighted resume's detail in a command.
func (m *Model) loadEntry(id int64) tea.Cmd {
	if id == 0 {
		return nil
	}
	st := m.st
	return func() tea.Msg {
		ctx := context.Background()
		d, err := st.Entry(ctx, id)
		if err != nil {
			return entryMsg{id: id, err: err}
		}
		ev, _ := st.Events(ctx, id)
		cm, _ := st.Comments(ctx, id)
		apps, _ := st.Applications(ctx, id)
		return entryMsg{id: id, detail: d, events: ev, comments: cm, apps: apps}
	}
}

func (m *Model) entryLoaded(msg entryMsg) tea.Cmd {
	if msg.err != nil || msg.id == 0 {
		return nil
	}
	if r, ok := m.list.Selected(); !ok || r.ResumeID != msg.id {
		return nil // the cursor moved on
	}
	first := msg.id != m.detail.ResumeID
	m.detail = msg.detail
	m.history.SetEvents(msg.id, msg.events)
	m.history.SetApplications(msg.id, msg.apps)
	m.comments.SetComments(msg.id, msg.comments)
	cmd := m.to(paneResume, m.resume.SetResume(msg.detail))
	if first && m.focus == paneComments {
		return tea.Batch(cmd, m.fetchComments(msg.id))
	}
	return cmd
}

// focusChanged fetches comments when their pane is reached: they are not
// part of the sync.
func (m *Model) focusChanged() tea.Cmd {
	if m.focus == paneComments && m.detail.ResumeID != 0 {
		return m.fetchComments(m.detail.ResumeID)
	}
	return nil
}

func (m *Model) fetchComments(id int64) tea.Cmd {
	b := m.backend
	if b == nil {
		return nil
	}
	return func() tea.Msg {
		_ = b.LoadComments(context.Background(), id)
		return commentsMsg{id: id}
	}
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
func (m *Model) runSync(sync func(ctx context.Context, report func(SyncProgress)) (bool, error)) tea.Cmd {
	if m.status.Syncing() || m.backend == nil {
		return nil
	}
	m.status.SyncStarted()
	m.syncShown = 0
	// Progress comes through a channel holding only the latest report, so a
	// fast sync cannot flood the program with frames.
	ch := make(chan SyncProgress, 1)
	report := func(p SyncProgress) {
		select {
		case <-ch:
		default:
		}
		ch <- p
	}
	run := func() tea.Msg {
		changed, err := sync(context.Background(), report)
		close(ch)
		return syncDoneMsg{changed: changed, err: err}
	}
	return tea.Batch(run, waitProgress(ch))
}

// syncRowsEvery is how often a sync under way puts the rows it has written
// on screen: a first sync of 1,771 resumes took 20 s, and the folder said
// "No resumes" under "syncing… 1575/1771" all along.
const syncRowsEvery = time.Second

// showSyncedRows reloads the list and the counts while the list leaves
// rows of its window empty and a sync under way has written rows since they
// were last read: at once for its first rows, then at most every
// syncRowsEvery (a reload keeps the cursor's resume). A full window waits
// for the sync's end, as before: nothing is missing from the screen.
func (m *Model) showSyncedRows(done int) tea.Cmd {
	now := m.c.Now()
	if !m.list.Short() || done <= m.syncShown || m.syncShown > 0 && now.Sub(m.syncShownAt) < syncRowsEvery {
		return nil
	}
	m.syncShown, m.syncShownAt = done, now
	return tea.Batch(m.loadCounts(), m.to(paneList, m.list.Reload()))
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
		a := u.Actions[0]
		what := fmt.Sprintf("%s #%d", a.Kind, a.ResumeID)
		if len(u.Actions) > 1 {
			what = fmt.Sprintf("%d × %s", len(u.Actions), a.Kind)
		}
		undone := make([]int64, len(u.Actions))
		for i, a := range u.Actions {
			undone[i] = a.ID
		}
		return queuedMsg{info: fmt.Sprintf(t.Undone, what), undone: undone}
	}
}
