package cli

import (
	"fmt"
	"sync"

	"hrdesk/budget"
	"hrdesk/session"
	"hrdesk/store"
	"hrdesk/ui"
)

// The command line's side of the session layer (package session): a
// command builds the profile's Profile from its flags and configuration,
// the workstation and `serve` open a Session over the cache.

// The workstation talks to the session through ui.Backend.
var _ ui.Backend = (*session.Backend)(nil)

// profile is the configured profile, sharing the process's request budget
// and record of requests.
func (a *app) profile() *session.Profile {
	// An app made outside Run (tests) gets its registry on first use, from
	// whichever goroutine (a poll, the meter) asks first.
	lazyHosts.Lock()
	if a.hosts == nil {
		a.hosts = budget.NewRegistry()
	}
	lazyHosts.Unlock()
	return &session.Profile{Config: a.cfg, Hosts: a.hosts, Spent: a.spent, RequestLog: a.global.requestLog,
		Notice: a.notice, BudgetLog: a.budgetLog}
}

// notices holds the one-time words for the user (session.Profile.Notice)
// while the workstation owns the screen: written under it, they would
// scramble it.
var notices struct {
	sync.Mutex
	held  bool
	lines []string
}

// notice tells the user s on standard error: at once for a command (and
// serve's log), when it closes for the workstation.
func (a *app) notice(s string) {
	notices.Lock()
	defer notices.Unlock()
	if notices.held {
		notices.lines = append(notices.lines, s)
		return
	}
	fmt.Fprintln(a.Err, "hrdesk: "+s)
}

// holdNotices keeps notices back until the returned release.
func (a *app) holdNotices() (release func()) {
	notices.Lock()
	notices.held = true
	notices.Unlock()
	return func() {
		notices.Lock()
		defer notices.Unlock()
		notices.held = false
		for _, s := range notices.lines {
			fmt.Fprintln(a.Err, "hrdesk: "+s)
		}
		notices.lines = nil
	}
}

// budgetLog says on stderr what the shared budget tells once (its
// fallback and why, a long wait and its cause); not while the workstation
// holds the terminal, whose status line says it instead.
func (a *app) budgetLog(line string) {
	if a.onScreen != nil && a.onScreen.Load() {
		return
	}
	fmt.Fprintln(a.Err, line)
}

// lazyHosts guards the registry an app made outside Run creates late.
var lazyHosts sync.Mutex

// openSession opens the profile's session over its cache (closing the
// session closes the cache).
func (a *app) openSession(st *store.Store) *session.Session {
	return session.Open(*a.profile(), st, session.Options{Words: a.words()})
}

// words are the command line's words for failures, which the workstation's
// vacancies and selections screens show too.
func (a *app) words() session.Words {
	return session.Words{
		Network:   func(err error) error { return explain(err, a.explainNetworkError) },
		Selection: func(err error) error { return explain(err, a.selectionError) },
	}
}
