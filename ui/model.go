package ui

import (
	"context"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/comments"
	"hrdesk/views/common"
	"hrdesk/views/dialogs"
	"hrdesk/views/history"
	"hrdesk/views/resume"
	"hrdesk/views/resumelist"
	"hrdesk/views/selections"
	"hrdesk/views/vacancies"
)

// focus is the pane that gets the keys.
type focus int

const (
	focusFolders focus = iota
	focusList
	focusResume
	focusHistory
	focusComments
	focusCount
)

// folderItem is one entry of the folders pane.
type folderItem struct {
	id         string // store folder: inbox, considered, invited, refused or a user folder id
	name       string
	total, new int
}

// Model is the root of the workstation.
type Model struct {
	c       *common.Common
	st      Store
	backend Backend
	opts    Options

	width, height int
	focus         focus
	narrowDetail  bool // narrow layout: the detail pane replaces the list

	folders   []folderItem
	folderIdx int

	list     *resumelist.Model
	resume   *resume.Model
	history  *history.Model
	comments *comments.Model
	detailID int64
	// cursorSeq numbers cursor moves, so only the last one loads a detail.
	cursorSeq int
	// queued is the last queued action's summary, shown again as sent
	// when the push that follows succeeds.
	queued string

	filtering bool
	filter    textinput.Model
	filterSeq int

	showHelp bool
	help     help.Model

	loginForm *loginForm

	dialog        dialogs.Dialog
	pendingDelete int64 // the comment a delete confirmation is about

	vacancies []store.Vacancy
	vacIdx    int // -1: every vacancy
	detail    store.EntryDetail

	screen           screenID
	vacView          *vacancies.Model
	selView          *selections.Model
	selections       []store.Selection
	pendingArchive   []int64
	pendingSelection selections.DeleteMsg

	// Status bar state.
	syncing  bool
	progress SyncProgress
	offline  bool
	problem  string
	info     string
	outbox   store.OutboxCounts
	lastSync time.Time
}

// New builds the workstation over a store and a backend.
func New(st Store, backend Backend, opts Options) *Model {
	c := opts.Common
	if opts.Explain == nil {
		opts.Explain = func(err error) Problem { return Problem{Text: err.Error()} }
	}
	m := &Model{c: c, st: st, backend: backend, opts: opts, focus: focusList, lastSync: opts.LastSync, vacIdx: -1}
	m.list = resumelist.New(c, st)
	m.resume = resume.New(c)
	m.history = history.New(c)
	m.comments = comments.New(c)
	m.vacView = vacancies.New(c)
	m.selView = selections.New(c)
	m.filter = textinput.New()
	m.filter.Prompt = c.Text.Status.Filter + " "
	m.filter.SetStyles(c.Styles.TextInput())
	m.help = help.New()
	m.help.Styles = c.Styles.BubblesHelp()
	m.folders = m.folderItems(nil)
	m.list.Focus()
	return m
}

// folderItems lists the API folders then the user's own, with counts.
func (m *Model) folderItems(counts []store.FolderCount) []folderItem {
	t := m.c.Text
	items := []folderItem{
		{id: store.FolderInbox, name: t.Folders.Inbox},
		{id: store.FolderConsidered, name: t.Folders.Considered},
		{id: store.FolderInvited, name: t.Folders.Invited},
		{id: store.FolderRefused, name: t.Folders.Refused},
	}
	for _, f := range m.c.UserFolders {
		items = append(items, folderItem{id: f.ID, name: f.Name})
	}
	for i := range items {
		for _, c := range counts {
			if c.Folder == items[i].id {
				items[i].total, items[i].new = c.Total, c.New
			}
		}
	}
	return items
}

// Init asks the terminal for its background and loads the first screen.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, m.loadCounts(), m.showFolder(0)}
	switch {
	case m.backend != nil && !m.backend.LoggedIn():
		cmds = append(cmds, m.openLogin())
	case m.opts.SyncOnStart:
		cmds = append(cmds, m.startSync())
	}
	return tea.Batch(cmds...)
}

// Messages of the root's own commands.
type (
	countsMsg struct {
		folders   []store.FolderCount
		outbox    store.OutboxCounts
		vacancies []store.Vacancy
	}
	entryMsg struct {
		id       int64
		detail   store.EntryDetail
		events   []store.Event
		comments []store.Comment
		err      error
	}
	syncDoneMsg   struct{ err error }
	pushDoneMsg   struct{ err error }
	commentsMsg   struct{ id int64 }
	actionDoneMsg struct {
		info   string
		queued string // "1 → Considered": what was queued, for the "sent" line
		err    error
	}
	filterTickMsg struct{ seq int }
)

func (m *Model) loadCounts() tea.Cmd {
	st := m.st
	return func() tea.Msg {
		ctx := context.Background()
		f, _ := st.FolderCounts(ctx, store.ScopeAll)
		o, _ := st.OutboxCounts(ctx)
		v, _ := st.Vacancies(ctx)
		return countsMsg{folders: f, outbox: o, vacancies: v}
	}
}

// showFolder switches the list to folder i.
func (m *Model) showFolder(i int) tea.Cmd {
	m.folderIdx = i
	q := m.list.Query()
	q.Folder = m.folders[i].id
	m.list.ClearMarks()
	return m.list.SetQuery(q)
}

// DefaultDetailDelay is how long the cursor rests on a resume before the
// detail pane follows it. A held j then costs a slow SSH link two list rows
// per step instead of a whole resume, and the store is not asked for
// resumes nobody looks at.
const DefaultDetailDelay = 70 * time.Millisecond

// detailDueMsg says the cursor may have rested long enough on a resume.
type detailDueMsg struct {
	seq int
	id  int64
}

// followCursor shows the resume under the cursor once the cursor rests.
func (m *Model) followCursor(id int64) tea.Cmd {
	m.cursorSeq++
	seq, delay := m.cursorSeq, m.opts.DetailDelay
	switch {
	case delay < 0:
		return m.loadEntry(id)
	case delay == 0:
		delay = DefaultDetailDelay
	}
	return tea.Tick(delay, func(time.Time) tea.Msg { return detailDueMsg{seq: seq, id: id} })
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
		return entryMsg{id: id, detail: d, events: ev, comments: cm}
	}
}

func (m *Model) startSync() tea.Cmd {
	if m.syncing || m.backend == nil {
		return nil
	}
	m.syncing, m.problem, m.progress = true, "", SyncProgress{}
	b := m.backend
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
		err := b.Sync(context.Background(), report)
		close(ch)
		return syncDoneMsg{err: err}
	}
	return tea.Batch(run, waitProgress(ch))
}

type syncProgressMsg struct {
	p  SyncProgress
	ch chan SyncProgress
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
	return func() tea.Msg { return pushDoneMsg{err: b.Push(context.Background())} }
}

// rebuildStyles follows the terminal's background.
func (m *Model) rebuildStyles(dark bool) {
	m.c.Styles = theme.New(dark, m.opts.ThemeOptions...)
	m.filter.SetStyles(m.c.Styles.TextInput())
	m.help.Styles = m.c.Styles.BubblesHelp()
}
