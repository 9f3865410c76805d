package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"hrdesk/apiclient"
	"hrdesk/budget"
	"hrdesk/budgetfile"
	"hrdesk/pgbudget"
	"hrdesk/problem"
	"hrdesk/store"
	"hrdesk/syncer"
	"hrdesk/tokenfile"
)

// client builds an API client for the configuration; with tok it is logged
// in, and refreshed tokens are written back to the token file.
func (a *app) client(tok *tokenfile.Token) (*apiclient.Client, error) {
	if err := a.requireApp(); err != nil {
		return nil, err
	}
	cfg := apiclient.Config{
		BaseURL: a.cfg.BaseURL, ClientID: a.cfg.ClientID, Secret: a.cfg.Secret,
		// Every client of the service shares its budget; the profile's
		// data directory names its share.
		Limiter: a.limiter(),
		// Renewals go through token.json under its lock: the workstation,
		// a cron sync and typed commands share one session (issue 12 §4).
		Tokens: tokenStore{path: a.cfg.TokenFile()},
	}
	if a.global.requestLog != "" {
		logf, err := a.openRequestLog()
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
		c.SetToken(apiToken(*tok))
	}
	return c, nil
}

// requestBudget is the scheduler of the configured service's host; with
// budget_url its turns come from the budget every process naming that
// database shares (issue 21).
func (a *app) requestBudget() *budget.Scheduler {
	// An app made outside Run (tests) gets its registry on first use, from
	// whichever goroutine (a poll, the meter) asks first.
	lazyHosts.Lock()
	if a.hosts == nil {
		a.hosts = budget.NewRegistry()
	}
	lazyHosts.Unlock()
	cfg := budget.Config{Requests: a.cfg.RequestsPerMinute}
	if a.cfg.BudgetURL == "" {
		return a.hosts.For(a.cfg.BaseURL, cfg)
	}
	return a.hosts.ForSource(a.cfg.BaseURL, cfg, func(host string) (budget.Source, error) {
		return pgbudget.Open(pgbudget.Config{URL: a.cfg.BudgetURL, Host: host, Budget: cfg})
	})
}

// lazyHosts guards the registry an app made outside Run creates late.
var lazyHosts sync.Mutex

// limiter is the profile's share of the service's budget; each request it
// lets go is noted in the profile's record for `hrdesk status`.
func (a *app) limiter() apiclient.Limiter {
	b := a.requestBudget()
	tenant := b.Tenant(a.cfg.DataDir)
	if a.spent == nil {
		return tenant
	}
	return notedTenant{Tenant: tenant, spent: a.spent.For(a.cfg.RequestsFile(), b.Config().Window)}
}

// notedTenant is a budget.Tenant that notes each request it lets go. It
// keeps Throttle, so a 429 still holds every tenant of the host.
type notedTenant struct {
	budget.Tenant
	spent *budgetfile.Recorder
}

func (t notedTenant) Wait(ctx context.Context) error {
	if err := t.Tenant.Wait(ctx); err != nil {
		return err
	}
	t.spent.Sent(time.Now())
	return nil
}

// loggedInClient is client with the stored session.
func (a *app) loggedInClient() (*apiclient.Client, error) {
	if err := a.requireApp(); err != nil {
		return nil, err
	}
	tok, err := tokenfile.Load(a.cfg.TokenFile())
	if errors.Is(err, tokenfile.ErrNoToken) {
		return nil, errors.New("not logged in: run `hrdesk login` first")
	}
	if err != nil {
		return nil, err
	}
	return a.client(&tok)
}

// engine builds the sync engine over the profile's cache.
func (a *app) engine(st *store.Store, progress func(syncer.Progress)) (*syncer.Engine, error) {
	return a.engineFor(st, store.Scope(a.cfg.Scope), progress)
}

// engineFor is engine for the lists of scope, which may be another than the
// profile's (the workstation's switch to the company's responses).
func (a *app) engineFor(st *store.Store, scope store.Scope, progress func(syncer.Progress)) (*syncer.Engine, error) {
	c, err := a.loggedInClient()
	if err != nil {
		return nil, err
	}
	var folders []syncer.UserFolder
	for _, f := range a.cfg.Folders {
		folders = append(folders, syncer.UserFolder{ID: strconv.Itoa(f.ID), Name: f.Name})
	}
	return syncer.New(syncer.NewAPIServer(c), st, syncer.Options{
		Horizon:     time.Duration(a.cfg.HistoryDays) * 24 * time.Hour,
		Scope:       scope,
		Progress:    progress,
		UserFolders: folders,
	}), nil
}

// tokenStore is the profile's token.json as the client's TokenStore.
type tokenStore struct{ path string }

func (s tokenStore) Lock(ctx context.Context) (func(), error) { return tokenfile.Lock(ctx, s.path) }

func (s tokenStore) Load() (apiclient.Token, error) {
	t, err := tokenfile.Load(s.path)
	if err != nil {
		return apiclient.Token{}, err
	}
	return apiToken(t), nil
}

func (s tokenStore) Save(t apiclient.Token) error { return tokenfile.Save(s.path, fileToken(t)) }

func apiToken(t tokenfile.Token) apiclient.Token {
	return apiclient.Token{AccessToken: t.AccessToken, RefreshToken: t.RefreshToken, Expires: t.Expires, TokenType: t.TokenType, UserType: t.UserType}
}

func fileToken(t apiclient.Token) tokenfile.Token {
	return tokenfile.Token{AccessToken: t.AccessToken, RefreshToken: t.RefreshToken, Expires: t.Expires, TokenType: t.TokenType, UserType: t.UserType}
}

var requestLogMu sync.Mutex

// openRequestLog appends one line per API call to the --request-log file.
func (a *app) openRequestLog() (func(apiclient.RequestLog), error) {
	f, err := os.OpenFile(a.global.requestLog, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return nil, fmt.Errorf("cannot open the request log: %w", err)
	}
	return func(r apiclient.RequestLog) {
		requestLogMu.Lock()
		defer requestLogMu.Unlock()
		line := fmt.Sprintf("%s %s %s %d %s retries=%d", time.Now().UTC().Format(time.RFC3339), r.Method, r.Path, r.Status, r.Duration.Round(time.Millisecond), r.Retries)
		if r.Err != "" {
			line += " err=" + strings.ReplaceAll(r.Err, "\n", " ")
		}
		fmt.Fprintln(f, line)
	}, nil
}

// explainLoginError turns a failed login into what to do about it.
func (a *app) explainLoginError(err error) error {
	p := problem.Of(err)
	switch {
	case p.Kind == problem.TooManyAttempts:
		return errors.New("too many attempts: the server allows 10 wrong passwords an hour for one login; wait and try again")
	case p.Kind == problem.WrongCredentials:
		return errors.New(withServiceWords("wrong login or password", p.Detail))
	case p.Label == "invalid_client":
		return errors.New("the server does not accept this application (client id or secret); check --client-id and --secret")
	case p.Label == "code_expired":
		return errors.New("the authorization code has expired; run `hrdesk login --oauth` again and paste the new code at once")
	}
	return a.explainNetworkError(err)
}

// withServiceWords adds the service's own words to ours, unless they say
// the same ("wrong login or password (wrong login or password)").
func withServiceWords(ours, theirs string) string {
	if theirs == "" || strings.EqualFold(strings.Trim(theirs, ". "), ours) {
		return ours
	}
	return ours + " (the service says: " + theirs + ")"
}

// explainNetworkError names the next step for the usual failures, in the
// command line's words for problem.Of's kinds.
func (a *app) explainNetworkError(err error) error {
	p := problem.Of(err)
	switch p.Kind {
	case problem.None:
		return nil
	case problem.NeedsLogin:
		return errors.New("the session has expired or was ended: run `hrdesk login`")
	case problem.RateLimited:
		return errors.New("the server is limiting requests (120 a minute); try again in a minute")
	case problem.Offline:
		return fmt.Errorf("cannot reach %s (%v); check --base-url and your network — the cache still works offline", a.cfg.BaseURL, oneLine(err.Error()))
	case problem.Timeout:
		return fmt.Errorf("%s did not answer in time; try again — the cache still works offline", a.cfg.BaseURL)
	case problem.Blocked:
		return fmt.Errorf("your employer account is blocked: %s", p.Detail)
	case problem.Redirected:
		return fmt.Errorf("%s answered with a redirect to %s, and hrdesk follows none (it would carry your login there); check --base-url", a.cfg.BaseURL, p.Detail)
	}
	return err
}
