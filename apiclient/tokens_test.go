package apiclient

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// memTokens is a TokenStore shared by clients that stand for processes.
type memTokens struct {
	lockMu sync.Mutex // the cross-process lock
	noLock bool       // a process that renews without the lock

	mu     sync.Mutex
	stored Token
	saves  int
}

func (m *memTokens) Lock(ctx context.Context) (func(), error) {
	if m.noLock {
		return func() {}, nil
	}
	m.lockMu.Lock()
	return m.lockMu.Unlock, nil
}

func (m *memTokens) Load() (Token, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.stored, nil
}

func (m *memTokens) Save(t Token) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.stored = t
	m.saves++
	return nil
}

// oneUseRefresh is a service whose access tokens "access-N" work only for
// the newest N, and whose refresh tokens work once (a used one is not found).
func oneUseRefresh(t *testing.T) (*http.ServeMux, *atomic.Int32) {
	var gen atomic.Int32
	gen.Store(1)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != fmt.Sprintf("Bearer access-%d", gen.Load()) {
			w.Header().Set("X-Oauth-Error", "invalid_token")
			w.WriteHeader(410)
			fmt.Fprint(w, `{"error":{"code":410,"message":"expired","error":"invalid_token"}}`)
			return
		}
		fmt.Fprint(w, `{"id":1}`)
	})
	mux.HandleFunc("GET /2.0/oauth2/refresh_token/", func(w http.ResponseWriter, r *http.Request) {
		n := gen.Load()
		if r.URL.Query().Get("refresh_token") != fmt.Sprintf("refresh-%d", n) || !gen.CompareAndSwap(n, n+1) {
			w.Header().Set("X-Oauth-Error", "token_not_found")
			w.WriteHeader(404)
			fmt.Fprint(w, `{"error":{"code":404,"message":"Токен не найден","error":"token_not_found"}}`)
			return
		}
		fmt.Fprintf(w, `{"access_token":"access-%d","refresh_token":"refresh-%d","ttl":0,"expires_in":604800}`, n+1, n+1)
	})
	return mux, &gen
}

func TestProcessesRenewOneAtATimeUnderTheLock(t *testing.T) {
	mux, gen := oneUseRefresh(t)
	// The service is at generation 2: every process holds the expired
	// access-1 and the one refresh token that still works, refresh-2.
	gen.Store(2)
	store := &memTokens{stored: Token{AccessToken: "access-1", RefreshToken: "refresh-2", UserType: "hr_user"}}
	var clients []*Client
	for range 4 {
		c, _ := setup(t, mux, func(cfg *Config) { cfg.Tokens = store })
		c.SetToken(store.stored)
		clients = append(clients, c)
	}
	var wg sync.WaitGroup
	errs := make([]error, len(clients))
	for i, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = c.CurrentUser(context.Background())
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("process %d: %v", i, err)
		}
	}
	if store.saves != 1 || store.stored.AccessToken != "access-3" || store.stored.UserType != "hr_user" {
		t.Errorf("%d renewals stored, now %+v; want one, access-3, hr_user", store.saves, store.stored)
	}
}

func TestRefreshNotFoundTakesWhatAnotherProcessStored(t *testing.T) {
	// A process that renews without the lock (an older hrdesk) wins the
	// race: between this client's look at the store and its refresh, it
	// renews with the same refresh token and stores the new pair.
	mux, gen := oneUseRefresh(t)
	store := &memTokens{noLock: true, stored: Token{AccessToken: "access-0", RefreshToken: "refresh-1"}}
	gen.Store(1)
	outer := http.NewServeMux()
	var raced atomic.Bool
	outer.HandleFunc("GET /2.0/oauth2/refresh_token/", func(w http.ResponseWriter, r *http.Request) {
		if raced.CompareAndSwap(false, true) {
			gen.Store(2)
			store.Save(Token{AccessToken: "access-2", RefreshToken: "refresh-2"})
		}
		mux.ServeHTTP(w, r)
	})
	outer.Handle("/", mux)
	late, _ := setup(t, outer, func(cfg *Config) { cfg.Tokens = store })
	late.SetToken(Token{AccessToken: "access-0", RefreshToken: "refresh-1"})
	if _, err := late.CurrentUser(context.Background()); err != nil {
		t.Fatalf("logged out by another process's renewal: %v", err)
	}
	if got := late.Token().AccessToken; got != "access-2" {
		t.Errorf("late uses %q, want what the other process stored", got)
	}
}

func TestAnExpiredPairAnotherProcessStoredIsRenewedAtOnce(t *testing.T) {
	// As above, but what the other process stored has expired since: it
	// is renewed with its own refresh token, not sent to meet a 410.
	mux, gen := oneUseRefresh(t)
	store := &memTokens{noLock: true, stored: Token{AccessToken: "access-0", RefreshToken: "refresh-1"}}
	gen.Store(1)
	outer := http.NewServeMux()
	var raced atomic.Bool
	outer.HandleFunc("GET /2.0/oauth2/refresh_token/", func(w http.ResponseWriter, r *http.Request) {
		if raced.CompareAndSwap(false, true) {
			gen.Store(2)
			store.Save(Token{AccessToken: "access-2", RefreshToken: "refresh-2", Expires: time.Now().Add(-time.Hour)})
		}
		mux.ServeHTTP(w, r)
	})
	outer.Handle("/", mux)
	late, _ := setup(t, outer, func(cfg *Config) { cfg.Tokens = store })
	late.SetToken(Token{AccessToken: "access-0", RefreshToken: "refresh-1", UserType: "hr_user"})
	if _, err := late.CurrentUser(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := late.Token().AccessToken; got != "access-3" || store.stored.AccessToken != "access-3" {
		t.Errorf("late uses %q, stored %q; want the expired pair renewed to access-3", got, store.stored.AccessToken)
	}
	if ut := late.Token().UserType; ut != "hr_user" {
		t.Errorf("user type %q: a stored pair without one keeps the login's", ut)
	}
}

func TestWhichRefreshAnswersAreRefusals(t *testing.T) {
	for e, want := range map[*Error]bool{
		{Status: 404}: true, {Status: 400, OAuth: "invalid_grant"}: true, {Status: 400, OAuth: "token_not_found"}: true,
		{Status: 400}: false, {Status: 400, OAuth: "invalid_client"}: false, {Status: 500}: false,
	} {
		if got := refreshRefused(fmt.Errorf("wrapped: %w", e)); got != want {
			t.Errorf("%+v: refused %v; want %v", e, got, want)
		}
	}
	if refreshRefused(errRefreshFailed) {
		t.Error("an error that is not the service's answer is no refusal")
	}
}

func TestTheStoredLoginIsTakenAsItIs(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{"id":1}`) })
	store := &memTokens{stored: Token{AccessToken: "access-1", RefreshToken: "refresh-1"}}
	// A client made before any login (a command's) takes the stored one.
	fresh, _ := setup(t, mux, func(cfg *Config) { cfg.Tokens = store })
	fresh.SetToken(Token{})
	if _, err := fresh.CurrentUser(context.Background()); err != nil || fresh.Token().AccessToken != "access-1" {
		t.Fatalf("a client without a token: %v, %q; want the stored login", err, fresh.Token().AccessToken)
	}
	// Another process renewed, and stored no user type: the login's stays.
	c, _ := setup(t, mux, func(cfg *Config) { cfg.Tokens = store })
	c.SetToken(Token{AccessToken: "access-1", RefreshToken: "refresh-1", UserType: "hr_user"})
	store.Save(Token{AccessToken: "access-2", RefreshToken: "refresh-2"})
	if _, err := c.CurrentUser(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := c.Token(); got.AccessToken != "access-2" || got.UserType != "hr_user" {
		t.Errorf("took %+v; want access-2 with the login's user type", got)
	}
}
