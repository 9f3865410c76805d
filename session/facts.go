package session

import (
	"strconv"
	"time"

	"hrdesk/apiclient"
	"hrdesk/config"
	"hrdesk/ratebudget/pgshare"
	"hrdesk/store"
	"hrdesk/syncer"
	"hrdesk/tokenfile"
)

// What the session's work tells a front end, named here so that a front
// end needs the session alone (issue 29 §6: a command needs the session,
// the config, the screens' root and its own words). They are the facts of
// the packages below (the sync engine's, the shared budget's, the
// service's, the token file's): the front end words them in its language.

// A sync's facts: its progress, why it waits, its news, its report.
type (
	// Progress is a running sync's snapshot (syncer.Progress).
	Progress = syncer.Progress
	// Phase is what a sync is doing.
	Phase = syncer.Phase
	// WaitReason says why a sync waits.
	WaitReason = syncer.WaitReason
	// News is a Progress.Note as facts; NewsKind says which.
	News     = syncer.News
	NewsKind = syncer.NewsKind
	// SyncOptions are a sync's options (Full: read the whole history).
	SyncOptions = syncer.SyncOptions
	// UserFolder is a configured user folder as the sync knows it.
	UserFolder = syncer.UserFolder
)

// The phases of a sync.
const (
	PhasePush      = syncer.PhasePush
	PhasePull      = syncer.PhasePull
	PhaseCatalogue = syncer.PhaseCatalogue
	PhaseDone      = syncer.PhaseDone
)

// Why a sync waits.
const (
	WaitRateLimit  = syncer.WaitRateLimit
	WaitServer     = syncer.WaitServer
	WaitConnection = syncer.WaitConnection
	WaitRecheck    = syncer.WaitRecheck
)

// The news a sync tells.
const (
	NewsNone           = syncer.NewsNone
	NewsOverCap        = syncer.NewsOverCap
	NewsDisagree       = syncer.NewsDisagree
	NewsRecheck        = syncer.NewsRecheck
	NewsNoVacancies    = syncer.NewsNoVacancies
	NewsCompanyRefused = syncer.NewsCompanyRefused
)

// Cap is how many responses one query of a list reaches (NewsOverCap's).
const Cap = syncer.Cap

// ErrBusy is what a sync or push gets while another process of the
// profile holds the cache's sync lease.
var ErrBusy = syncer.ErrBusy

// UserFolders are the configured folders as the sync knows them; nil
// when none are configured.
func UserFolders(folders []config.Folder) []UserFolder {
	var out []UserFolder
	for _, f := range folders {
		out = append(out, UserFolder{ID: strconv.Itoa(f.ID), Name: f.Name})
	}
	return out
}

// FolderOfMove is the user folder a move event names, "" when none of
// folders (the sync's reading, for `hrdesk export --events`).
func FolderOfMove(ev store.Event, folders []UserFolder) string {
	return syncer.FolderOfMove(ev, folders)
}

// The shared budget's notices (budget_url), for the front end's words.
type (
	// BudgetNotice is what the shared budget tells once.
	BudgetNotice = pgshare.Notice
	// BudgetNoticeKind says which notice it is.
	BudgetNoticeKind = pgshare.NoticeKind
)

// The shared budget's notices.
const (
	NoticeFallback   = pgshare.NoticeFallback
	NoticeHold       = pgshare.NoticeHold
	NoticeImpossible = pgshare.NoticeImpossible
)

// The shared budget's bounds on its rows: a hold further ahead than
// MaxHold, a turn dated more than MaxAhead ahead is impossible.
const (
	MaxHold  = pgshare.MaxHold
	MaxAhead = pgshare.MaxAhead
)

// When is t for the user: the time of day, with the date when t is not on
// now's day.
func When(t, now time.Time) string { return pgshare.When(t, now) }

// The service's and the token file's types a command names.
type (
	// Client is a client of the service (Profile.Client, LoggedInClient).
	Client = apiclient.Client
	// APIError is the service's refusal, its fields and words.
	APIError = apiclient.Error
	// VacancyWrite is an element of `vacancies apply`'s batch.
	VacancyWrite = apiclient.VacancyWrite
	// SelectionWrite is a selection's fields to create or change.
	SelectionWrite = apiclient.SelectionWrite
	// Token is the login kept in the profile's token.json.
	Token = tokenfile.Token
)

// ErrNoToken is what reading the login gets when nobody has logged in on
// the profile.
var ErrNoToken = tokenfile.ErrNoToken
