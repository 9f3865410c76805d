// Package syncer keeps the cache in step with the job board: it pulls the
// server's received resumes (and templates, vacancies, the user) into the
// store, and pushes the outbox of the recruiter's actions to the server.
//
// It joins the API client and the store and knows neither the UI nor the
// terminal: progress goes to a callback.
package syncer

import (
	"context"
	"time"

	"hrdesk/store"
)

// ReceivedQuery asks for one page of a received-resume list (4.10) over
// last-event times [From, To].
type ReceivedQuery struct {
	Scope  store.Scope // ScopeMine: /resumes/received/; ScopeCompany: /resumes/received-by-client/
	Status int         // 0, 10, 20, 30
	From   time.Time
	To     time.Time
	Page   int
	Count  int
}

// ReceivedPage is one page of a received list, already in the store's terms.
type ReceivedPage struct {
	Entries []store.Entry
	Total   int
	More    bool
}

// Server is what the engine needs of the job board. APIServer adapts the
// API client to it; tests may use anything that behaves like the service.
type Server interface {
	Received(ctx context.Context, q ReceivedQuery) (ReceivedPage, error)
	Comments(ctx context.Context, resumeID int64) ([]store.Comment, error)
	// Templates lists one kind of templates; the API serves them per resume.
	Templates(ctx context.Context, kind store.TemplateKind, resumeID int64) (store.TemplateSet, error)
	Vacancies(ctx context.Context) ([]store.Vacancy, error)
	CurrentUser(ctx context.Context) (store.User, error)
	// Perform sends one outbox action. For comment_add it returns the
	// comment the server created.
	Perform(ctx context.Context, a store.Action) (*store.Comment, error)
	// Classify tells the engine what an error of this server means.
	Classify(err error) ErrorClass
}

// ErrorClass is what an error means for the engine.
type ErrorClass int

const (
	// Transient: the request did not get through (offline, 5xx before the
	// action, rate limited after retries). Try again later; an action was
	// not applied.
	Transient ErrorClass = iota
	// NeedLogin: the session is gone; stop until the user logs in.
	NeedLogin
	// Refused: the server answered no (validation, access, not found); an
	// action is marked failed with the message.
	Refused
	// Ambiguous: a non-idempotent request went out and no answer came back;
	// it may or may not have been applied.
	Ambiguous
)
