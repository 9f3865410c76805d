package cli

import (
	"fmt"
	"sync"
	"time"

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
		a.hosts = session.NewHosts()
	}
	lazyHosts.Unlock()
	return &session.Profile{Config: a.cfg, Hosts: a.hosts, Spent: a.spent, RequestLog: a.global.requestLog,
		ClockSkew: a.clockSkew, ClockTold: a.clockTold, BudgetLog: a.budgetLog,
		BudgetTell: a.budgetTell}
}

// clockSkew says on standard error, in the profile's language, that this
// machine's clock is off the service's (session.Profile.ClockSkew, once a
// process): at once for a command and in serve's log, whose terminals each
// say it on their status line too.
func (a *app) clockSkew(ahead time.Duration) {
	if a.onScreen == nil || !a.onScreen.Load() {
		fmt.Fprintln(a.Err, "hrdesk: "+a.clockWords(ahead))
	}
}

// clockWords are the clocks' difference and why it does no harm.
func (a *app) clockWords(ahead time.Duration) string {
	t := a.text()
	return t.ClockSkew(ahead) + "; " + t.Clock.Why
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
	return session.Open(*a.profile(), st, session.Options{})
}
