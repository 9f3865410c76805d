// Package ui is the workstation's root Bubble Tea model: it holds the
// panes, the focused one and the mode, routes keys and results, lays the
// screen out, and carries out what panes and dialogs ask (do.go). It reads
// only the cache; network work goes through Backend in commands.
package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/ownactions"
	"hrdesk/problem"
	"hrdesk/session/feed"
	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/common"
	"hrdesk/views/criteria"
	"hrdesk/views/dialogs"
)

// Store is what the workstation reads and writes in the cache: the
// screens' sources (table.go) and the root's own reads and writes (the
// outbox's counts, queued actions, held letters, drafts);
// *store.Store and the profile's scoped view of it satisfy it.
type Store interface {
	Sources
	OutboxCounts(ctx context.Context) (store.OutboxCounts, error)
	EnqueueBatch(ctx context.Context, actions []store.Action) ([]int64, error)
	ReleaseHeld(ctx context.Context, ids []int64) (int, error)
	// The recruiter's unsent text (issue 26 §6, drafts.go).
	Drafts(ctx context.Context) ([]store.Draft, error)
	SaveDraft(ctx context.Context, d store.Draft) error
	DeleteDraft(ctx context.Context, key string) error
}

// ScopeSwitch is a Store whose view switches between the recruiter's own
// responses and the company's (store.ScopedStore): the terminal's view,
// each its own; whether a scope was ever synced is the session's
// (Backend.ScopeSynced).
type ScopeSwitch interface {
	ShowCompany(company bool)
	ShowsCompany() bool
}

// Backend is the network side, implemented over the sync engine. Its
// methods block (the session knows nothing of Bubble Tea): the root wraps
// each in a command, never calls one in Update.
type Backend interface {
	// Sync pushes the outbox and pulls what changed, reporting progress;
	// changed says the cache changed (entries fetched or hidden, actions
	// settled, the catalogue read again), also when the sync failed partway.
	Sync(ctx context.Context, progress func(SyncProgress)) (changed bool, err error)
	// SyncScope syncs the lists of another scope (store.ScopeCompany) than
	// the profile's, so a switch to it shows them (the C key).
	SyncScope(ctx context.Context, scope store.Scope, progress func(SyncProgress)) (changed bool, err error)
	// Push sends queued actions now; reached says the server was asked
	// anything (an empty outbox asks nothing, and says nothing about
	// whether the server is up).
	Push(ctx context.Context) (reached bool, err error)
	// NextPoll waits for the profile's next background poll after seq and
	// returns it; ok is false when there is none to wait for (no poller,
	// or the session ended). While the service does not answer the
	// session polls early by itself, so the first poll it answers says
	// online (the offline probe is the session's). It blocks: the root
	// runs it in a command (nextPoll), from Init and again after each poll.
	NextPoll(ctx context.Context, after uint64) (msg feed.PolledMsg, ok bool)
	// LoadComments fetches one resume's comments into the cache.
	LoadComments(ctx context.Context, resumeID int64) error
	// LoggedIn reports whether the profile has a session.
	LoggedIn() bool
	// Login logs in with the password method and keeps the session.
	Login(ctx context.Context, login, password string) error
	// BuyContacts and OpenContacts get a resume's contacts (4.7) into the
	// cache; they are never queued: buying costs money.
	BuyContacts(ctx context.Context, resumeID int64) error
	OpenContacts(ctx context.Context, resumeID int64) error

	// The vacancies and selections screens: direct server calls, each
	// followed by a refresh of the cache those screens read.
	RefreshVacancies(ctx context.Context) error
	ArchiveVacancies(ctx context.Context, ids []int64) error
	RefreshSelections(ctx context.Context) error
	// SaveSelection creates (id 0) or updates; fields use the contract's names.
	SaveSelection(ctx context.Context, id int64, fields map[string]any) error
	SetSelectionMail(ctx context.Context, id int64, on bool) error
	DeleteSelection(ctx context.Context, id int64) error

	// Undo takes back the slip u names (outbox ids: the unit the status
	// line offers, or held letters, sent or not; or the snooze it offers,
	// as the resumes stood before it), or with neither the newest move or
	// letter still waiting (issue 28 §2). store.ErrNotFound and
	// store.ErrStateConflict: nothing to take back.
	Undo(ctx context.Context, slip store.Slip) (store.Undone, error)
	// ScopeSynced reports whether the lists of scope were ever read whole
	// (the C key syncs the company's first when not).
	ScopeSynced(ctx context.Context, scope store.Scope) (bool, error)

	// Meter reads the request budget and the login's lifetime for the
	// status bar (issue 11 §7). It asks no server: it is cheap enough to
	// run in a command on every meter tick.
	Meter() Meter
}

// Meter and SyncProgress are the session layer's values (package live, so
// the session does not import the UI to hand them over).
type (
	Meter        = feed.Meter
	SyncProgress = feed.SyncProgress
)

// Notify is how a workstation tells the terminal that new responses
// arrived, besides the notice on the status line.
type Notify int

// Notifications.
const (
	NotifyOff  Notify = iota
	NotifyBell        // BEL: most terminals beep or flash, tmux marks the window
	NotifyOSC9        // OSC 9: a desktop notification (iTerm2, kitty, WezTerm, foot)
)

// Options configure a workstation.
type Options struct {
	Common *common.Common
	// ThemeOptions are kept to rebuild styles when the terminal reports
	// its background (NO_COLOR, ASCII borders).
	ThemeOptions []theme.Option
	// Background is config's theme: BackgroundAuto (zero) asks the
	// terminal and follows its answer; light or dark is drawn from the
	// first frame and the terminal is not asked.
	Background theme.Background
	// Explain classifies a backend error for every part of the UI (nil:
	// problem.Of, the classifier every face of hrdesk uses; tests give
	// their own).
	Explain func(error) problem.Problem
	// SyncOnStart starts a sync as soon as the screen is up.
	SyncOnStart bool
	// LastSync is when the cache was last synced (zero: never).
	LastSync time.Time
	// DetailDelay is how long the cursor rests before the resume pane
	// follows it: 0 is DefaultDetailDelay, negative is at once.
	DetailDelay time.Duration
	// Mouse turns on the wheel and clicks (every action also has a key).
	Mouse bool
	// LoginHint is an extra line under the login form (the demo service's
	// credentials); empty for a real service.
	LoginHint string
	// Login is the login the form offers (config.toml's login, as `hrdesk
	// login` uses it); the one typed last in this session replaces it.
	Login string
	// Editor is the external editor (nil: none); in a session served over
	// SSH it refuses, and ctrl+o says so in the status line.
	Editor dialogs.Editor
	// StaleAfter is how long a candidate may wait in Considered or
	// Invited without an event (0: config.DefaultStaleAfter).
	StaleAfter time.Duration
	// Limits are the time limits per stage ([sla], issue 30 §2) the
	// triage list marks and lists on its needs-me key.
	Limits store.Limits
	// RecruiterNames are config.toml's [recruiters] (issue 30 §1).
	RecruiterNames map[int64]string
	// SendDelay is a letter's undo window (0: it leaves at once).
	SendDelay time.Duration
	// Countdown is how often a held letter's countdown is redrawn and its
	// window's end checked: 0 is each second of it, negative never (tests
	// send the ticks themselves).
	Countdown time.Duration
	// Notify is the terminal notification on new responses; a served
	// session's goes to its own client, whose program it is.
	Notify Notify
	// MeterEvery is how often the status bar's meter (the requests left,
	// the login's lifetime) is read again besides after each server call:
	// 0 is DefaultMeterEvery, negative never (tests send the ticks).
	MeterEvery time.Duration
	// Wake, when set, is the timer to the next snooze's end (tests hand
	// the message over when their clock gets there); nil is tea.Tick.
	Wake func(at time.Time, msg tea.Msg) tea.Cmd
	// Views are the saved views from config.toml, each on its key (the
	// keys are checked free by keymap.Extra).
	Views []criteria.View
	// Own are config's [[actions]], each on its key (issue 31 §3), run by
	// OwnRunner; a session served over SSH is handed none.
	Own       []ownactions.Action
	OwnRunner ownactions.Runner
}
