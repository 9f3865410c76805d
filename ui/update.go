package ui

import (
	"context"
	"errors"
	"fmt"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/hostexec"
	"hrdesk/store"
	"hrdesk/views/comments"
	"hrdesk/views/dialogs"
	"hrdesk/views/resume"
	"hrdesk/views/resumelist"
	"hrdesk/views/vacancies"
)

// filterDelay debounces the full-text filter while the user types.
const filterDelay = 100 * time.Millisecond

// Update routes a message: results to their owner, then keys (overlays
// first, then global keys, then the focused pane).
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m.dialog != nil {
		switch msg.(type) {
		case tea.KeyPressMsg, tea.PasteMsg:
			if km, ok := msg.(tea.KeyPressMsg); ok && key.Matches(km, m.c.Keys.ForceQuit) {
				return m, tea.Quit
			}
			return m, m.dialogMsg(msg)
		case tea.WindowSizeMsg, resumelist.PageMsg, resumelist.CursorMsg, detailDueMsg, resume.RenderedMsg, entryMsg, countsMsg,
			syncDoneMsg, syncProgressMsg, pushDoneMsg, actionDoneMsg, commentsMsg, filterTickMsg, tea.BackgroundColorMsg, loginDoneMsg,
			contactsDoneMsg, templatesMsg, selectionsMsg, catalogDoneMsg, dialogs.EditorUnavailableMsg:
			// Results and sizes are the root's; the dialog keeps its place.
		default:
			if !vacancies.Owns(msg) {
				return m, m.dialogMsg(msg) // e.g. the editor's result
			}
		}
	}
	if cmd, ok := m.screenMsg(msg); ok {
		return m, cmd
	}
	switch msg := msg.(type) {
	case templatesMsg:
		if msg.err != nil {
			m.problem = msg.err.Error()
			return m, nil
		}
		d := dialogs.NewLetterDialog(m.c, msg.kind, msg.ids, msg.set, m.opts.Editor)
		m.openDialog(d)
		return m, d.Preview()
	case dialogs.EditorUnavailableMsg:
		m.info = m.c.Text.Status.NoEditor
		if errors.Is(msg.Err, hostexec.ErrRemote) {
			m.info = m.c.Text.Status.EditorRemote
		}
		return m, nil
	case contactsDoneMsg:
		m.info = ""
		if msg.err != nil {
			m.problem = m.opts.Explain(msg.err).Text
			return m, nil
		}
		m.problem = ""
		m.info = m.c.Text.Dialogs.BuyContacts + " ✓"
		return m, tea.Batch(m.list.Reload(), m.loadEntry(msg.id))
	case comments.AddCommentRequestMsg, comments.DeleteCommentRequestMsg:
		return m, m.paneRequest(msg)
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		cmd := m.layout()
		if m.dialog != nil {
			m.dialog.SetSize(m.width, m.height)
		}
		return m, tea.Batch(cmd, m.resume.Rerender())
	case tea.BackgroundColorMsg:
		m.rebuildStyles(msg.IsDark())
		return m, tea.Batch(m.resume.Update(msg), m.history.Update(msg), m.comments.Update(msg), m.list.Reload())
	case resumelist.PageMsg:
		return m, m.list.Update(msg)
	case resumelist.CursorMsg:
		return m, m.followCursor(msg.ResumeID)
	case detailDueMsg:
		if msg.seq != m.cursorSeq {
			return m, nil // the cursor moved on: a held key skips the resumes in between
		}
		return m, m.loadEntry(msg.id)
	case resume.RenderedMsg:
		return m, m.resume.Update(msg)
	case entryMsg:
		return m, m.entryLoaded(msg)
	case commentsMsg:
		if msg.id == m.detailID {
			return m, m.loadEntry(msg.id)
		}
		return m, nil
	case countsMsg:
		m.folders = m.folderItems(msg.folders)
		m.outbox = msg.outbox
		vacCmd := m.vacView.SetVacancies(msg.vacancies)
		// "sent" only when the outbox really emptied after a push.
		if m.queued != "" && m.outbox.Pending+m.outbox.InFlight == 0 && m.info == m.c.Text.Status.Queued+": "+m.queued {
			m.info = m.c.Text.Status.Sent + ": " + m.queued
			m.queued = ""
		}
		m.vacancies = msg.vacancies
		names := make(map[int64]string, len(m.vacancies))
		for _, v := range m.vacancies {
			names[v.ID] = v.Profession
		}
		m.list.SetVacancyNames(names)
		if m.vacIdx >= len(m.vacancies) {
			m.vacIdx = -1
		}
		return m, vacCmd
	case loginDoneMsg:
		return m, m.loginDone(msg)
	case syncProgressMsg:
		if m.syncing {
			m.progress = msg.p
		}
		return m, waitProgress(msg.ch)
	case syncDoneMsg:
		m.syncing = false
		m.noteBackend(msg.err)
		if msg.err == nil {
			m.lastSync = m.c.Now()
		}
		return m, tea.Batch(m.loadCounts(), m.list.Reload())
	case pushDoneMsg:
		m.noteBackend(msg.err)
		if msg.err != nil {
			m.queued = "" // stays "queued"; the pending count says the rest
		}
		return m, tea.Batch(m.loadCounts(), m.list.Reload())
	case actionDoneMsg:
		m.info, m.queued = msg.info, msg.queued
		if msg.err != nil {
			m.info, m.problem = "", msg.err.Error()
		}
		return m, tea.Batch(m.loadCounts(), m.list.Reload(), m.push())
	case filterTickMsg:
		if msg.seq != m.filterSeq {
			return m, nil // a newer keystroke follows
		}
		q := m.list.Query()
		q.Search = m.filter.Value()
		return m, m.list.SetQuery(q)
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.MouseWheelMsg, tea.MouseClickMsg:
		return m, m.mouse(msg)
	case tea.PasteMsg:
		if m.loginForm != nil {
			var cmd tea.Cmd
			if m.loginForm.field == 0 {
				m.loginForm.login, cmd = m.loginForm.login.Update(msg)
			} else {
				m.loginForm.password, cmd = m.loginForm.password.Update(msg)
			}
			return m, cmd
		}
		if m.filtering {
			var cmd tea.Cmd
			m.filter, cmd = m.filter.Update(msg)
			return m, tea.Batch(cmd, m.filterChanged())
		}
		if m.screen == screenSelections {
			return m, m.selView.Update(msg)
		}
	}
	// The screens' own messages: rendered vacancies, cursor blinks.
	return m, tea.Batch(m.vacView.Update(msg), m.selView.Update(msg))
}

// noteBackend records the outcome of a network command for the status bar.
func (m *Model) noteBackend(err error) {
	if err == nil {
		m.offline, m.problem = false, ""
		return
	}
	p := m.opts.Explain(err)
	m.offline = p.Offline
	m.problem = p.Text
	switch {
	case p.NeedLogin:
		m.problem = m.c.Text.Status.SessionExpired
	case p.Offline:
		m.problem = m.c.Text.Status.ServerUnreachable
	case p.RateLimited:
		m.problem = m.c.Text.Status.RateLimited
	case p.ServerError:
		m.problem = m.c.Text.Status.ServerError
	case p.Blocked:
		m.problem = m.c.Text.Status.Blocked + ": " + p.Detail
	}
}

func (m *Model) entryLoaded(msg entryMsg) tea.Cmd {
	if msg.err != nil || msg.id == 0 {
		return nil
	}
	if r, ok := m.list.Selected(); !ok || r.ResumeID != msg.id {
		return nil // the cursor moved on
	}
	first := msg.id != m.detailID
	m.detailID = msg.id
	m.detail = msg.detail
	m.history.SetEvents(msg.id, msg.events)
	m.comments.SetComments(msg.id, msg.comments)
	cmd := m.resume.SetResume(msg.detail)
	if first && m.backend != nil && (m.focus == focusComments) {
		return tea.Batch(cmd, m.fetchComments(msg.id))
	}
	return cmd
}

func (m *Model) fetchComments(id int64) tea.Cmd {
	b := m.backend
	return func() tea.Msg {
		_ = b.LoadComments(context.Background(), id)
		return commentsMsg{id: id}
	}
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	if key.Matches(msg, k.ForceQuit) {
		return tea.Quit
	}
	if m.loginForm != nil {
		return m.loginKey(msg)
	}
	if m.showHelp {
		if key.Matches(msg, k.Help, k.Back, k.Quit) {
			m.showHelp = false
		}
		return nil
	}
	if m.filtering {
		return m.filterKey(msg)
	}
	m.info = ""
	if m.screen != screenTriage {
		if cmd, ok := m.screenKey(msg); ok {
			return cmd
		}
	}
	switch {
	case key.Matches(msg, k.ScreenVacancies):
		return m.openScreen(screenVacancies)
	case key.Matches(msg, k.ScreenSelections):
		return m.openScreen(screenSelections)
	case m.screen != screenTriage && key.Matches(msg, k.FolderInbox, k.FolderConsidered, k.FolderInvited, k.FolderRefused):
		m.screen = screenTriage
	}
	switch {
	case key.Matches(msg, k.Quit):
		return tea.Quit
	case key.Matches(msg, k.Help):
		m.showHelp = true
		return nil
	case key.Matches(msg, k.Filter):
		m.filtering = true
		m.setFocus(focusList)
		return m.filter.Focus()
	case key.Matches(msg, k.NextPane):
		m.setFocus((m.focus + 1) % focusCount)
		return m.focusChanged()
	case key.Matches(msg, k.PrevPane):
		m.setFocus((m.focus + focusCount - 1) % focusCount)
		return m.focusChanged()
	case key.Matches(msg, k.FolderInbox):
		return m.showFolder(0)
	case key.Matches(msg, k.FolderConsidered):
		return m.showFolder(1)
	case key.Matches(msg, k.FolderInvited):
		return m.showFolder(2)
	case key.Matches(msg, k.FolderRefused):
		return m.showFolder(3)
	case key.Matches(msg, k.Sync):
		return m.startSync()
	case key.Matches(msg, k.Undo):
		return m.undo()
	case key.Matches(msg, k.Later):
		return m.enqueue(store.ActionLater, store.ActionPayload{}, m.c.Text.Folders.Considered)
	case key.Matches(msg, k.Login):
		return m.openLogin()
	case key.Matches(msg, k.Sort):
		q := m.list.Query()
		q.SortBy = (q.SortBy + 1) % 3
		return m.list.SetQuery(q)
	case key.Matches(msg, k.SortReverse):
		q := m.list.Query()
		q.Ascending = !q.Ascending
		return m.list.SetQuery(q)
	case key.Matches(msg, k.VacancyFilter):
		return m.nextVacancy()
	case key.Matches(msg, k.Scope):
		q := m.list.Query()
		if q.Scope == store.ScopeMine {
			q.Scope = store.ScopeAll
		} else {
			q.Scope = store.ScopeMine
		}
		return m.list.SetQuery(q)
	case key.Matches(msg, k.Copy):
		return m.copyDetail()
	case key.Matches(msg, k.Back):
		if m.narrowDetail {
			m.narrowDetail = false
			m.setFocus(focusList)
		} else if m.focus != focusList {
			m.setFocus(focusList)
		}
		return nil
	}
	// In the comments pane, c and D belong to the pane.
	if m.focus != focusComments || !key.Matches(msg, k.Comment, k.DeleteComment) {
		if cmd, ok := m.actionKey(msg); ok {
			return cmd
		}
	}
	switch m.focus {
	case focusFolders:
		return m.foldersKey(msg)
	case focusList:
		if key.Matches(msg, k.Open) {
			m.narrowDetail = m.narrow()
			m.setFocus(focusResume)
			return nil
		}
		return m.list.Update(msg)
	case focusResume:
		return m.resume.Update(msg)
	case focusHistory:
		return m.history.Update(msg)
	case focusComments:
		return m.comments.Update(msg)
	}
	return nil
}

func (m *Model) foldersKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	switch {
	case key.Matches(msg, k.Down):
		return m.showFolder(min(m.folderIdx+1, len(m.folders)-1))
	case key.Matches(msg, k.Up):
		return m.showFolder(max(m.folderIdx-1, 0))
	case key.Matches(msg, k.Open):
		m.setFocus(focusList)
	}
	return nil
}

func (m *Model) filterKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	switch {
	case key.Matches(msg, k.DialogCancel):
		m.filtering = false
		m.filter.Blur()
		m.filter.SetValue("")
		q := m.list.Query()
		q.Search = ""
		return m.list.SetQuery(q)
	case key.Matches(msg, k.DialogConfirm):
		m.filtering = false
		m.filter.Blur()
		return nil
	}
	var cmd tea.Cmd
	m.filter, cmd = m.filter.Update(msg)
	return tea.Batch(cmd, m.filterChanged())
}

// filterChanged schedules the search once typing pauses.
func (m *Model) filterChanged() tea.Cmd {
	m.filterSeq++
	seq := m.filterSeq
	return tea.Tick(filterDelay, func(time.Time) tea.Msg { return filterTickMsg{seq: seq} })
}

func (m *Model) setFocus(f focus) {
	m.focus = f
	m.list.Blur()
	m.resume.Blur()
	m.history.Blur()
	m.comments.Blur()
	switch f {
	case focusList:
		m.list.Focus()
	case focusResume:
		m.resume.Focus()
	case focusHistory:
		m.history.Focus()
	case focusComments:
		m.comments.Focus()
	}
}

// focusChanged fetches comments when their pane is reached: they are not
// part of the sync.
func (m *Model) focusChanged() tea.Cmd {
	if m.focus == focusComments && m.detailID != 0 && m.backend != nil {
		return m.fetchComments(m.detailID)
	}
	return nil
}

// enqueue queues one action per resume the list offers (marked, or the
// highlighted one) through the outbox.
func (m *Model) enqueue(kind store.ActionKind, p store.ActionPayload, where string) tea.Cmd {
	ids := m.list.Marked()
	if len(ids) == 0 {
		return nil
	}
	return m.queue(ids, kind, p, where)
}

func (m *Model) undo() tea.Cmd {
	st := m.st
	t := m.c.Text.Status
	return func() tea.Msg {
		a, err := st.UndoLastMove(context.Background())
		switch {
		case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrStateConflict):
			return actionDoneMsg{info: t.NothingToUndo}
		case err != nil:
			return actionDoneMsg{err: err}
		}
		return actionDoneMsg{info: fmt.Sprintf(t.Undone, fmt.Sprintf("%s #%d", a.Kind, a.ResumeID))}
	}
}
