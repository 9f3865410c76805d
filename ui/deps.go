// Package ui is the workstation's root Bubble Tea model: it holds the
// panes, the focused one and the mode, routes keys and results, lays the
// screen out, and carries out what panes and dialogs ask (do.go). It reads
// only the cache; network work goes through Backend in commands.
package ui

import (
	"context"
	"errors"
	"time"

	"hrdesk/store"
	"hrdesk/theme"
	"hrdesk/views/action"
	"hrdesk/views/common"
	"hrdesk/views/dialogs"
)

// Store is what the workstation reads and writes in the cache;
// *store.Store satisfies it.
type Store interface {
	ListEntries(ctx context.Context, q store.ListQuery) ([]store.EntryRow, error)
	CountEntries(ctx context.Context, q store.ListQuery) (int, error)
	FolderCounts(ctx context.Context, scope store.Scope) ([]store.FolderCount, error)
	Entry(ctx context.Context, resumeID int64) (store.EntryDetail, error)
	Events(ctx context.Context, resumeID int64) ([]store.Event, error)
	Comments(ctx context.Context, resumeID int64) ([]store.Comment, error)
	OutboxCounts(ctx context.Context) (store.OutboxCounts, error)
	EnqueueBatch(ctx context.Context, actions []store.Action) ([]int64, error)
	UndoLast(ctx context.Context, kinds ...store.ActionKind) (store.Undone, error)
	Vacancies(ctx context.Context) ([]store.Vacancy, error)
	Selections(ctx context.Context) ([]store.Selection, error)
	Templates(ctx context.Context, kind store.TemplateKind) (store.TemplateSet, error)
}

// Backend is the network side, implemented over the sync engine. Its
// methods run in commands, never in Update.
type Backend interface {
	// Sync pushes the outbox and pulls what changed, reporting progress.
	Sync(ctx context.Context, progress func(SyncProgress)) error
	// Push sends queued actions now; reached says the server was asked
	// anything (an empty outbox asks nothing, and says nothing about
	// whether the server is up).
	Push(ctx context.Context) (reached bool, err error)
	// Ping asks the server something cheap: whether it is back.
	Ping(ctx context.Context) error
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
}

// Login failures the login screen words itself, in the UI's language;
// Backend.Login wraps them (errors.Is).
var (
	ErrWrongCredentials = errors.New("wrong login or password")
	ErrTooManyAttempts  = errors.New("too many login attempts")
)

// SyncProgress is how far a sync is: resumes (or actions) done of total.
type SyncProgress struct {
	Done, Total int
}

// Options configure a workstation.
type Options struct {
	Common *common.Common
	// ThemeOptions are kept to rebuild styles when the terminal reports
	// its background (NO_COLOR, ASCII borders).
	ThemeOptions []theme.Option
	// Explain classifies a backend error, once, for every part of the UI
	// (nil: the error's text, as the server's words).
	Explain func(error) action.Problem
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
	// ProbeEvery is how often the server is asked whether it is back
	// while the status bar says offline: 0 is DefaultProbeEvery,
	// negative never (tests send the probe themselves).
	ProbeEvery time.Duration
	// Editor is the external editor (nil: none); in a session served over
	// SSH it refuses, and ctrl+o says so in the status line.
	Editor dialogs.Editor
}
