package ui

import (
	"hrdesk/problem"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/comments"
	"hrdesk/views/common"
	"hrdesk/views/dialogs"
	"hrdesk/views/filter"
	"hrdesk/views/folders"
	"hrdesk/views/help"
	"hrdesk/views/history"
	"hrdesk/views/login"
	"hrdesk/views/outbox"
	"hrdesk/views/overview"
	"hrdesk/views/resume"
	"hrdesk/views/resumelist"
	"hrdesk/views/selections"
	"hrdesk/views/statusbar"
	"hrdesk/views/vacancies"
)

// mode is what the screen shows.
type mode int

const (
	// modeTriage: folders, the resume list and the resume with its
	// history and comments.
	modeTriage mode = iota
	// modeVacancies and modeSelections are the catalog screens (5 and 6).
	modeVacancies
	modeSelections
	// modeOutbox is the outbox screen (7): actions not yet done.
	modeOutbox
	// modeOverview is the overview screen (8): every vacancy's funnel.
	modeOverview
	// modeHelp and modeLogin cover the whole screen and go back to the
	// screen under them.
	modeHelp
	modeLogin
)

// Model is the root of the workstation: it holds the panes, the focused
// one, the mode and the open dialog, and nothing the panes own.
type Model struct {
	c       *common.Common
	st      Store
	backend Backend
	opts    Options

	width, height int
	mode, back    mode // back: where help and login return to
	focus         paneID

	folders    *folders.Model
	list       *resumelist.Model
	resume     *resume.Model
	history    *history.Model
	comments   *comments.Model
	vacancies  *vacancies.Model
	selections *selections.Model
	outbox     *outbox.Model
	overview   *overview.Model
	filter     *filter.Model
	login      *login.Model
	status     *statusbar.Model
	help       *help.Model

	dialog       dialogs.Dialog
	dialogFrom   paneID // the pane whose action the dialog asks about
	dialogSerial int    // numbers dialogs, so a closed one's results are dropped

	// detail is the resume the detail panes show (ResumeID 0: none).
	detail store.EntryDetail
	// cursorSeq numbers cursor moves, so only the last one loads a detail;
	// probeSeq the offline probes, so only the last one asks.
	cursorSeq, probeSeq int
	// syncShown is how many rows the sync under way had written when the
	// list was last reloaded for it, at syncShownAt (showSyncedRows).
	syncShown   int
	syncShownAt time.Time
	// openedCompany: the store view showed the company's responses when
	// the model was built (the profile's scope), so its title names the
	// scope only once switched away (scopeLabel).
	openedCompany bool
	// companySync: the sync under way reads the company's lists for a
	// switch to them (its end says what the list shows now).
	companySync bool
	// held is the letters this session queued that wait out their undo
	// window, oldest first; heldSeq numbers the countdown's ticks, so
	// only the last one planned acts; quitting: q was pressed with letters
	// held, which are on their way (held.go).
	held     []heldUnit
	heldSeq  int
	quitting bool
	// outboxCount is how many actions the outbox screen lists, for its
	// tab; unsettled is how many of them need the recruiter (refused or
	// unknown).
	outboxCount, unsettled int
	// loggedIn is whether the profile has a session, read once when the
	// model is built and kept up to date by logins and expired sessions,
	// so no Update reads the token file.
	loggedIn bool
	// frames are the panes' borders drawn once per width and focus (frame.go).
	frames map[frameKey]framePieces
}

// New builds the workstation over a store and a backend.
func New(st Store, backend Backend, opts Options) *Model {
	c := opts.Common
	if opts.Explain == nil {
		opts.Explain = problem.Of
	}
	m := &Model{c: c, st: st, backend: backend, opts: opts, focus: paneList}
	m.loggedIn = backend != nil && backend.LoggedIn()
	m.folders = folders.New(c)
	m.list = resumelist.New(c, st)
	m.list.SetStaleAfter(opts.StaleAfter)
	m.resume = resume.New(c)
	m.history = history.New(c)
	m.comments = comments.New(c)
	m.vacancies = vacancies.New(c)
	m.selections = selections.New(c)
	m.outbox = outbox.New(c)
	m.overview = overview.New(c, st, opts.StaleAfter)
	m.filter = filter.New(c)
	m.login = login.New(c, opts.LoginHint)
	m.status = statusbar.New(c, opts.LastSync)
	m.help = help.New(c)
	m.help.SetViews(opts.Views)
	m.folders.SetTabs(m.screenTabs(), -1)
	m.list.Focus()
	if sw, ok := st.(ScopeSwitch); ok {
		m.openedCompany = sw.ShowsCompany()
	}
	return m
}

// Init asks the terminal for its background, loads the first screen,
// starts listening to the profile's background polls and reads the meter.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, m.loadCounts(), m.showFolder(0), m.nextPoll(0), m.readMeter(), m.meterLater()}
	switch {
	case m.backend != nil && !m.loggedIn:
		cmds = append(cmds, m.openLogin())
	case m.opts.SyncOnStart:
		cmds = append(cmds, m.startSync())
	}
	return tea.Batch(cmds...)
}

// rebuildStyles follows the terminal's background; the panes restyle when
// the message is passed on to them.
func (m *Model) rebuildStyles(dark bool) {
	m.c.Styles = theme.New(dark, m.opts.ThemeOptions...)
	m.frames = nil
}

// DefaultDetailDelay is how long the cursor rests on a resume before the
// detail pane follows it. A held j then costs a slow SSH link two list rows
// per step instead of a whole resume, and the store is not asked for
// resumes nobody looks at.
const DefaultDetailDelay = 70 * time.Millisecond
