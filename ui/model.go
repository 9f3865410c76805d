package ui

import (
	tea "charm.land/bubbletea/v2"

	"hrdesk/problem"
	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/common"
	"hrdesk/views/frame"
	"hrdesk/views/held"
	"hrdesk/views/help"
	"hrdesk/views/login"
	"hrdesk/views/statusbar"
	"hrdesk/views/triage"
)

// Model is the root of the workstation: it routes (issue 29 §4). It holds
// the screens and the root's own panes, where the recruiter is (the
// screen in front and the focus), the dialog open over them, and what the
// session's work leaves it to keep: the C key's scope, the letters held
// in their undo window, the outbox's counts for its tab, the drafts'
// writes. Each group is a small struct with one job, embedded so its
// fields read as the root's.
type Model struct {
	c    *common.Common
	opts Options
	// link is what the root talks to: the cache, the network side and
	// whether the profile has a login.
	link
	// place is the screen in front and the pane with the keyboard.
	place
	// canvas is the terminal's size and the borders drawn for it.
	canvas

	// screens is the screen table (table.go); triage is its first row,
	// which the root talks to by name.
	screens [screenCount]screenRow
	triage  *triage.Model
	login   *login.Model
	status  *statusbar.Model
	help    *help.Model

	// overlay is the dialog open over the screens, who asked and its
	// serial (overlay.go); m.dialog is the dialog.
	overlay
	// scoping is the C key's: the scope opened with, the company's first
	// sync (scope.go).
	scoping
	// held is the letters this session queued that wait out their undo
	// window (views/held).
	held *held.Model
	// outboxShown is what the root shows of the outbox before a screen reads
	// it: its counts for the tab, the move shown before it was written.
	outboxShown
	// local is what the root keeps in this profile's cache alone, never
	// sent to the site: the drafts' writes and the snoozes' wake timer.
	local
}

// outboxShown is what the root shows of the outbox.
type outboxShown struct {
	// counts is the outbox's, for its tab (the screen reads its own
	// entries, the status bar hears them too).
	counts store.OutboxCounts
	// shownMove is the move the counts showed before the cache had it,
	// once queued: u takes its counts back at once (moving.go).
	shownMove shownMove
}

// local is what the root keeps in the cache alone.
type local struct {
	// drafts orders the cache's writes of the recruiter's drafts
	// (drafts.go); the drafts themselves are the session's, c.Drafts.
	drafts draftBook
	// wake numbers the snooze's wake timers (snooze.go).
	wake wakeClock
}

// link is what the root talks to.
type link struct {
	st      Store
	backend Backend
	// loggedIn is whether the profile has a session, read once when the
	// model is built and kept up to date by logins and expired sessions,
	// so no Update reads the token file.
	loggedIn bool
}

// place is where the recruiter is.
type place struct {
	// mode is the screen in front (a row of the table), or the help or
	// login covering it; back is where those return to.
	mode, back paneID
	focus      paneID
}

// canvas is what the screens are drawn on.
type canvas struct {
	width, height int
	// frames are the screens' borders drawn once per width and focus.
	frames *frame.Frames
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
	m := &Model{c: c, opts: opts, link: link{st: st, backend: backend}, place: place{focus: paneTriage}, canvas: canvas{frames: frame.New(c)}}
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
	cmds := []tea.Cmd{m.askBackground(), m.loadCounts(), m.to(paneTriage, m.triage.Start()), m.nextPoll(0), m.readMeter(), m.meterLater(), m.loadDrafts(), m.planWake()}
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
