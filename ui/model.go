package ui

import (
	"hrdesk/problem"

	tea "charm.land/bubbletea/v2"

	"hrdesk/theme"
	"hrdesk/views/common"
	"hrdesk/views/dialogs"
	"hrdesk/views/frame"
	"hrdesk/views/held"
	"hrdesk/views/help"
	"hrdesk/views/login"
	"hrdesk/views/statusbar"
	"hrdesk/views/triage"
)

// Model is the root of the workstation: it holds the screens, the focused
// one, the mode, the open dialog and what spans screens (the session's
// sync, polls, meter and login; the letters held in their undo window),
// and nothing the panes own.
type Model struct {
	c       *common.Common
	st      Store
	backend Backend
	opts    Options

	width, height int
	// mode is the screen in front (a row of the table), or the help or
	// login covering it; back is where those return to.
	mode, back paneID
	focus      paneID

	// screens is the screen table (table.go); triage is its first row,
	// which the root talks to by name.
	screens [screenCount]screenRow
	triage  *triage.Model
	login   *login.Model
	status  *statusbar.Model
	help    *help.Model

	dialog       dialogs.Dialog
	dialogFrom   paneID // the pane whose action the dialog asks about
	dialogSerial int    // numbers dialogs, so a closed one's results are dropped

	// openedCompany: the store view showed the company's responses when
	// the model was built (the profile's scope), so its title names the
	// scope only once switched away (scopeLabel).
	openedCompany bool
	// companySync: the sync under way reads the company's lists for a
	// switch to them (its end says what the list shows now).
	companySync bool
	// companyWait numbers the wait of a company sync that could not start
	// yet (another sync under way), 0 when none waits (scope.go).
	companyWait int
	// held is the letters this session queued that wait out their undo
	// window (views/held).
	held *held.Model
	// offered is the moves the status line offers to take back (outbox
	// ids), while it does (undo.go).
	offered []int64
	// outboxCount is how many actions the outbox screen lists, for its
	// tab; unsettled is how many of them need the recruiter (refused or
	// unknown).
	outboxCount, unsettled int
	// loggedIn is whether the profile has a session, read once when the
	// model is built and kept up to date by logins and expired sessions,
	// so no Update reads the token file.
	loggedIn bool
	// clockSaid: the status line has said that this machine's clock is
	// off the service's (meter.go), which it says once.
	clockSaid bool
	// frames are the screens' borders drawn once per width and focus.
	frames *frame.Frames
	// drafts orders the cache's writes of the recruiter's drafts
	// (drafts.go); the drafts themselves are the session's, c.Drafts.
	drafts draftBook
}

// New builds the workstation over a store and a backend.
func New(st Store, backend Backend, opts Options) *Model {
	c := opts.Common
	if opts.Explain == nil {
		opts.Explain = problem.Of
	}
	if c.Drafts == nil {
		c.Drafts = &common.Drafts{}
	}
	if dark, fixed := opts.Background.Fixed(); fixed {
		// Before any pane copies a style.
		c.Styles = theme.New(dark, opts.ThemeOptions...)
	}
	m := &Model{c: c, st: st, backend: backend, opts: opts, focus: paneTriage, frames: frame.New(c)}
	m.loggedIn = backend != nil && backend.LoggedIn()
	m.triage = triage.New(c, st, triage.Options{StaleAfter: opts.StaleAfter, DetailDelay: opts.DetailDelay, Views: opts.Views, Limits: opts.Limits})
	m.screens = m.table(st)
	m.login = login.New(c, opts.LoginHint)
	m.login.Remember(opts.Login)
	m.status = statusbar.New(c, opts.LastSync)
	m.help = help.New(c)
	m.held = held.New(c)
	m.help.SetViews(opts.Views)
	m.help.SetOwn(ownKeys(opts.Own))
	m.refreshTabs()
	if sw, ok := st.(ScopeSwitch); ok {
		m.openedCompany = sw.ShowsCompany()
	}
	return m
}

// Init asks the terminal for its background, loads the first screen,
// starts listening to the profile's background polls and reads the meter.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{m.askBackground(), m.loadCounts(), m.to(paneTriage, m.triage.Start()), m.nextPoll(0), m.readMeter(), m.meterLater(), m.loadDrafts()}
	switch {
	case m.backend != nil && !m.loggedIn:
		cmds = append(cmds, m.openLogin())
	case m.opts.SyncOnStart:
		cmds = append(cmds, m.startSync())
	}
	return tea.Batch(cmds...)
}

// askBackground asks the terminal for its background, unless config's
// theme fixed it.
func (m *Model) askBackground() tea.Cmd {
	if _, fixed := m.opts.Background.Fixed(); fixed {
		return nil
	}
	return tea.RequestBackgroundColor
}

// rebuildStyles follows the terminal's background; the panes restyle when
// the message is passed on to them.
func (m *Model) rebuildStyles(dark bool) {
	m.c.Styles = theme.New(dark, m.opts.ThemeOptions...)
	m.frames.Reset()
}

// DefaultDetailDelay is how long the cursor rests on a resume before the
// detail pane follows it (triage.DefaultDetailDelay).
const DefaultDetailDelay = triage.DefaultDetailDelay
