// Package session is one profile's session with the service, below the
// command line and the workstation (issue 19 §1): its configuration, the
// API client and its token store (token.json, which the client reads again
// before each call, so a login renewed by another process is adopted), the
// share of the request budget, the sync engine over the cache, the poller
// and its feed, the meter and the pushes of the outbox. `hrdesk` commands
// build a Profile for a single call; the workstation and `hrdesk serve`
// open a Session, whose Backend the UI talks to.
package session

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"hrdesk/apiclient"
	"hrdesk/config"
	"hrdesk/ratebudget"
	"hrdesk/ratebudget/pgshare"
	"hrdesk/ratebudget/record"
	"hrdesk/store"
	"hrdesk/syncer"
	"hrdesk/tokenfile"
)

// Profile is what one profile's calls to the service are built from. A
// value: copy it for another profile (serve's) and change Config.
type Profile struct {
	Config config.Config
	// Hosts is the request budget of each service host, one per process:
	// every profile and session of the process shares it (issue 12).
	Hosts *ratebudget.Registry
	// Spent notes each request the profile sends in its data directory,
	// for `hrdesk status` in another process (issue 11 §7); nil: not noted.
	Spent *record.Recorders
	// RequestLog is a file to append one line per API call to ("": none).
	RequestLog string
	// Transport carries the profile's requests (nil: Go's default). A
	// session puts its watch on requests left without an answer here.
	Transport http.RoundTripper
	// ClockSkew, when set, is told that this machine's clock is more than
	// a minute off the service's, ahead being how far it is ahead
	// (negative: behind; i18n's Text.ClockSkew words it): once for all
	// the profiles sharing ClockTold, else once a client.
	ClockSkew func(ahead time.Duration)
	// ClockTold makes ClockSkew once for every profile holding it (the
	// command line's: once a process).
	ClockTold *atomic.Bool
	// clockSeen is a Session's: it keeps the difference for its terminals'
	// status line (clock.go).
	clockSeen func(ahead time.Duration)
	// BudgetLog is told what the shared budget (budget_url) says once:
	// the process left it and why, impossible rows dropped, a wait of
	// more than a minute and its cause (nil: nothing said).
	BudgetLog func(line string)
	// BudgetTell, when set, is told those instead, as facts, for words in
	// the profile's language.
	BudgetTell func(pgshare.Notice)
}

// ErrNotLoggedIn is what a call needing the login gets without one.
var ErrNotLoggedIn = errors.New("not logged in: run `hrdesk login` first")

// RequireApp checks the application credentials every API call needs.
func (p *Profile) RequireApp() error {
	switch {
	case p.Config.ClientID == 0 && p.Config.Secret == "":
		return fmt.Errorf("no application credentials: set --client-id and --secret (or HRDESK_CLIENT_ID and HRDESK_SECRET, or client_id and secret in %s); try --demo to explore without them", p.Config.ConfigFile)
	case p.Config.ClientID == 0:
		return fmt.Errorf("no client id: set --client-id or HRDESK_CLIENT_ID")
	case p.Config.Secret == "":
		return fmt.Errorf("no application secret: set --secret or HRDESK_SECRET")
	}
	return nil
}

// Client builds an API client for the profile; with tok it is logged in,
// and refreshed tokens are written back to the token file.
func (p *Profile) Client(tok *tokenfile.Token) (*apiclient.Client, error) {
	if err := p.RequireApp(); err != nil {
		return nil, err
	}
	cfg := apiclient.Config{
		BaseURL: p.Config.BaseURL, ClientID: p.Config.ClientID, Secret: p.Config.Secret,
		// Every client of the service shares its budget; the profile's
		// data directory names its share.
		Limiter: p.limiter(),
		// Renewals go through token.json under its lock: the workstation,
		// a cron sync and typed commands share one session (issue 12 §4).
		Tokens:      tokenStore{path: p.Config.TokenFile()},
		OnClockSkew: p.clockNotice(),
	}
	if p.Transport != nil {
		cfg.HTTPClient = &http.Client{Timeout: 30 * time.Second, Transport: p.Transport}
	}
	if p.RequestLog != "" {
		logf, err := openRequestLog(p.RequestLog)
		if err != nil {
			return nil, err
		}
		cfg.Log = logf
	}
	c, err := apiclient.New(cfg)
	if err != nil {
		return nil, err
	}
	if tok != nil {
		c.SetToken(APIToken(*tok))
	}
	return c, nil
}

// LoggedInClient is Client with the stored login.
func (p *Profile) LoggedInClient() (*apiclient.Client, error) {
	if err := p.RequireApp(); err != nil {
		return nil, err
	}
	tok, err := tokenfile.Load(p.Config.TokenFile())
	if errors.Is(err, tokenfile.ErrNoToken) {
		return nil, ErrNotLoggedIn
	}
	if err != nil {
		return nil, err
	}
	return p.Client(&tok)
}

// LoggedIn reports whether the profile holds a login.
func (p *Profile) LoggedIn() bool {
	_, err := tokenfile.Load(p.Config.TokenFile())
	return err == nil
}

// Budget is the scheduler of the configured service's host; with
// budget_url its turns come from the budget every process naming that
// database shares (issue 21).
func (p *Profile) Budget() *ratebudget.Scheduler {
	// A profile built outside the command line (tests) gets its registry
	// on first use, from whichever goroutine (a poll, the meter) asks first.
	lazyHosts.Lock()
	if p.Hosts == nil {
		p.Hosts = ratebudget.NewRegistry()
	}
	lazyHosts.Unlock()
	cfg := ratebudget.Config{Requests: p.Config.RequestsPerMinute}
	if p.Config.BudgetURL == "" {
		return p.Hosts.For(p.Config.BaseURL, cfg)
	}
	url, say, tell := p.Config.BudgetURL, p.BudgetLog, p.BudgetTell
	return p.Hosts.ForSource(p.Config.BaseURL, cfg, func(host string) (ratebudget.Source, error) {
		return pgshare.Open(pgshare.Config{URL: url, Host: host, Budget: cfg, Log: say, Tell: tell})
	})
}

// lazyHosts guards the registry a profile made outside the command line creates late.
var lazyHosts sync.Mutex

// limiter is the profile's share of the service's budget; each request it
// lets go is noted in the profile's record for `hrdesk status`.
func (p *Profile) limiter() apiclient.Limiter {
	b := p.Budget()
	tenant := b.Tenant(p.Config.DataDir)
	if p.Spent == nil {
		return tenant
	}
	return notedTenant{Tenant: tenant, spent: p.Spent.For(p.Config.RequestsFile(), b.Config().Window)}
}

// notedTenant is a ratebudget.Tenant that notes each request it lets go. It
// keeps Throttle, so a 429 still holds every tenant of the host.
type notedTenant struct {
	ratebudget.Tenant
	spent *record.Recorder
}

// Throttle passes the service's refusal on and notes the limit the budget
// learned from it, which `hrdesk status` shows (issue 26 §5).
func (t notedTenant) Throttle(d time.Duration) {
	t.Tenant.Throttle(d)
	if limit, since := t.Tenant.Learned(); limit > 0 {
		t.spent.Learned(limit, since)
	}
}

func (t notedTenant) Wait(ctx context.Context) error {
	if err := t.Tenant.Wait(ctx); err != nil {
		return err
	}
	t.spent.Sent(time.Now())
	return nil
}

// Engine builds the sync engine over the profile's cache.
func (p *Profile) Engine(st *store.Store, progress func(syncer.Progress)) (*syncer.Engine, error) {
	return p.EngineFor(st, store.Scope(p.Config.Scope), progress)
}

// EngineFor is Engine for the lists of scope, which may be another than the
// profile's (the workstation's switch to the company's responses).
func (p *Profile) EngineFor(st *store.Store, scope store.Scope, progress func(syncer.Progress)) (*syncer.Engine, error) {
	c, err := p.LoggedInClient()
	if err != nil {
		return nil, err
	}
	return syncer.New(syncer.NewAPIServer(c), st, syncer.Options{
		Horizon:     time.Duration(p.Config.HistoryDays) * 24 * time.Hour,
		Scope:       scope,
		Progress:    progress,
		UserFolders: UserFolders(p.Config.Folders),
	}), nil
}

// ListScope is the entries the configured scope shows (store.ShownScope).
func (p *Profile) ListScope() store.Scope { return store.ShownScope(store.Scope(p.Config.Scope)) }

// Scoped wraps the cache for the workstation as the configured scope shows
// it; the workstation's benchmarks build the same view (store.Scoped).
func (p *Profile) Scoped(st *store.Store) store.ScopedStore {
	return store.Scoped(st, store.Scope(p.Config.Scope))
}
