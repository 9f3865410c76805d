package apiclient

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Answers in shapes the real service gives beyond the contract's tables
// (issue 18 §1, §2): an error inside a 200, a list that is not a page, a
// 410 with only its message, a token another process has just rotated.

const blockedBody = `{"error":{"code":403,"message":"Клиент-работодатель заблокирован администрацией"}}`

func TestErrorInsideSuccessIsAnError(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/resumes/received/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, blockedBody)
	})
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, blockedBody)
	})
	mux.HandleFunc("GET /2.0/vacancies/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"error":{"code":401,"message":"Unauthorized","error":"invalid_token"}}`)
	})
	mux.HandleFunc("POST /2.0/hr/resumes/7/move/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"error":{"message":"Папка не найдена"}}`)
	})
	mux.HandleFunc("POST /2.0/hr/resumes/8/move/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"result":true,"error":null}`)
	})
	mux.HandleFunc("GET /2.0/hr/resumes/9/open/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"status":false,"resume":null,"error":{"code":403,"message":"Доступ запрещён"}}`)
	})
	c, _ := setup(t, mux)
	ctx := context.Background()

	p, err := c.Received(ctx, ReceivedQuery{})
	if err == nil || !IsBlocked(err) || len(p.Objects) != 0 {
		t.Fatalf("received: %d objects, err %v; want a blocked employer's error", len(p.Objects), err)
	}
	var e *Error
	if !errors.As(err, &e) || e.Status != 403 || e.HTTPStatus != 200 || !strings.Contains(err.Error(), "HTTP 200 carrying error 403") ||
		!strings.Contains(err.Error(), "заблокирован") {
		t.Errorf("received: %+v (%v)", e, err)
	}
	if u, err := c.CurrentUser(ctx); err == nil || u.ID != 0 {
		t.Errorf("user/current: user %d, err %v; want the error, not user id 0", u.ID, err)
	}
	if _, err := c.Vacancies(ctx, VacancySearch{}); !IsNeedLogin(err) {
		t.Errorf("invalid_token in a 200: %v; want a needs-login error", err)
	}
	if err := c.Move(ctx, 7, FolderConsidered); err == nil || IsAmbiguous(err) || !strings.Contains(err.Error(), "Папка не найдена") {
		t.Errorf("move with an error and no code: %v; want a refusal with the message", err)
	}
	if err := c.Move(ctx, 8, FolderConsidered); err != nil {
		t.Errorf(`"error": null beside the result is a success: %v`, err)
	}
	var ce *ContactsError
	if _, err := c.OpenContacts(ctx, 9); !errors.As(err, &ce) || ce.Code != 403 {
		t.Errorf("contacts keep their own failure shape (status beside error): %v", err)
	}
}

func TestAListWithoutObjectsIsNotAPage(t *testing.T) {
	var calls atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/resumes/received/", func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		fmt.Fprint(w, `{"total":0,"more":false}`)
	})
	c, _ := setup(t, mux, func(cfg *Config) { cfg.MaxRetries = 1 })
	p, err := c.Received(context.Background(), ReceivedQuery{})
	if err == nil || !errors.Is(err, err) || len(p.Objects) != 0 || !strings.Contains(err.Error(), "not the list page") {
		t.Fatalf("got %d objects, %v; want an error: the answer is no page", len(p.Objects), err)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("%d requests; an answer that is no page comes the same again: not retried", n)
	}
	if !IsNotAList(err) {
		t.Errorf("IsNotAList(%v) is false", err)
	}
	// An empty page is a page.
	mux2 := http.NewServeMux()
	mux2.HandleFunc("GET /2.0/resumes/received/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"objects":{},"total":0,"more":false}`)
	})
	c2, _ := setup(t, mux2)
	if _, err := c2.Received(context.Background(), ReceivedQuery{}); err != nil {
		t.Errorf("PHP's empty objects {}: %v", err)
	}
}

func TestAny410OnAnAuthorizedCallRenews(t *testing.T) {
	var refreshes atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") == "Bearer access-2" {
			fmt.Fprint(w, `{"id":1,"name":"HR"}`)
			return
		}
		// The real service's expiry: its message only, no label, no header.
		w.WriteHeader(410)
		fmt.Fprint(w, `{"error":{"code":410,"message":"Истек срок действия авторизационного токена. Срок действия токена — 31 день."}}`)
	})
	mux.HandleFunc("GET /2.0/oauth2/refresh_token/", func(w http.ResponseWriter, r *http.Request) {
		refreshes.Add(1)
		fmt.Fprint(w, `{"access_token":"access-2","refresh_token":"refresh-2","expires_in":604800}`)
	})
	c, _ := setup(t, mux)
	if u, err := c.CurrentUser(context.Background()); err != nil || u.Name != "HR" {
		t.Fatalf("got %+v, %v; want the call renewed and retried", u, err)
	}
	if refreshes.Load() != 1 {
		t.Errorf("%d renewals, want 1", refreshes.Load())
	}
}

func TestAnExpiredSessionThatCannotRenewNeedsLogin(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(410)
		fmt.Fprint(w, `{"error":{"code":410,"message":"Истек срок действия авторизационного токена"}}`)
	})
	c, _ := setup(t, mux)
	c.SetToken(Token{AccessToken: "access-1"}) // no refresh token
	if _, err := c.CurrentUser(context.Background()); !IsNeedLogin(err) {
		t.Errorf("got %v, want a needs-login error", err)
	}
}

// rotatingService knows only the newest access token; an older one gets
// 404 token_not_found, as the real service answers a rotated token.
func rotatingService(current *atomic.Value) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+current.Load().(string) {
			w.Header().Set("X-Oauth-Error", "token_not_found")
			w.WriteHeader(404)
			fmt.Fprint(w, `{"error":{"code":404,"message":"Токен не найден","error":"token_not_found"}}`)
			return
		}
		fmt.Fprint(w, `{"id":1,"name":"HR"}`)
	})
	return mux
}

func TestARotatedTokenIsTakenFromTheStore(t *testing.T) {
	var current atomic.Value
	current.Store("access-1")
	store := &memTokens{stored: Token{AccessToken: "access-1", RefreshToken: "refresh-1"}}
	var sent atomic.Int32
	mux := rotatingService(&current)
	counting := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { sent.Add(1); mux.ServeHTTP(w, r) })
	outer := http.NewServeMux()
	outer.Handle("/", counting)
	c, _ := setup(t, outer, func(cfg *Config) { cfg.Tokens = &racyStore{memTokens: store} })
	c.SetToken(store.stored)

	// Another process renews between this client's look at the store and
	// its request: the request goes out with access-1 and meets 404.
	rs := c.cfg.Tokens.(*racyStore)
	rs.after = func() {
		current.Store("access-2")
		store.Save(Token{AccessToken: "access-2", RefreshToken: "refresh-2"})
	}
	if _, err := c.CurrentUser(context.Background()); err != nil {
		t.Fatalf("a token rotated by another process failed the call: %v", err)
	}
	if got := c.Token().AccessToken; got != "access-2" || sent.Load() != 2 {
		t.Errorf("holds %q after %d requests; want access-2 after one retry", got, sent.Load())
	}
}

// racyStore runs after once, right after the first Load: the moment
// another process renews the pair.
type racyStore struct {
	*memTokens
	once  sync.Once
	after func()
}

func (s *racyStore) Load() (Token, error) {
	t, err := s.memTokens.Load()
	if s.after != nil {
		s.once.Do(s.after)
	}
	return t, err
}

func TestManyProcessesAfterARotation(t *testing.T) {
	// 40 `hrdesk whoami` at once, each a client holding the pair it read;
	// one process renews and the rest must follow it, not fail.
	var current atomic.Value
	current.Store("access-2")
	store := &memTokens{stored: Token{AccessToken: "access-2", RefreshToken: "refresh-2"}}
	mux := rotatingService(&current)
	var wg sync.WaitGroup
	var failed atomic.Int32
	for range 40 {
		c, _ := setup(t, mux, func(cfg *Config) { cfg.Tokens = store })
		c.SetToken(Token{AccessToken: "access-1", RefreshToken: "refresh-1"})
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.CurrentUser(context.Background()); err != nil {
				failed.Add(1)
			}
		}()
	}
	wg.Wait()
	if n := failed.Load(); n != 0 {
		t.Errorf("%d of 40 failed though the store held a fresh pair", n)
	}
}

func TestTheStoredPairIsUsedWithoutAnError(t *testing.T) {
	// An open workstation after a cron sync renewed the login: its next
	// request already carries the new pair.
	var current atomic.Value
	current.Store("access-1")
	store := &memTokens{stored: Token{AccessToken: "access-1", RefreshToken: "refresh-1"}}
	var stale atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+current.Load().(string) {
			stale.Add(1)
			w.WriteHeader(404)
			return
		}
		fmt.Fprint(w, `{"id":1}`)
	})
	c, _ := setup(t, mux, func(cfg *Config) { cfg.Tokens = store })
	c.SetToken(store.stored)
	if _, err := c.CurrentUser(context.Background()); err != nil {
		t.Fatal(err)
	}
	current.Store("access-2")
	store.Save(Token{AccessToken: "access-2", RefreshToken: "refresh-2"})
	if _, err := c.CurrentUser(context.Background()); err != nil {
		t.Fatal(err)
	}
	if stale.Load() != 0 || c.Token().AccessToken != "access-2" {
		t.Errorf("%d requests with the retired token; holds %q", stale.Load(), c.Token().AccessToken)
	}
	// A pair this client has seen in the store already is not taken back
	// over the one it holds (its own renewal, which it could not store).
	c.SetToken(Token{AccessToken: "access-3", RefreshToken: "refresh-3"})
	current.Store("access-3")
	if _, err := c.CurrentUser(context.Background()); err != nil || c.Token().AccessToken != "access-3" {
		t.Errorf("went back to an older pair: %v, holds %q", err, c.Token().AccessToken)
	}
}

func TestRedirectsAreRefused(t *testing.T) {
	// The sink is where the redirects point: it must receive nothing.
	var sunk atomic.Int32
	sink := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sunk.Add(1)
		fmt.Fprint(w, `{"access_token":"","refresh_token":"","id":1,"result":true}`)
	}))
	defer sink.Close()
	for _, code := range []int{301, 302, 303, 307, 308} {
		for _, target := range []string{sink.URL, "http://198.51.100.7"} {
			mux := http.NewServeMux()
			mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, target+r.URL.Path+"?refresh_token=refresh-1", code)
			})
			c, _ := setup(t, mux)
			ctx := context.Background()
			_, lerr := c.PasswordLogin(ctx, "hr@example.com", "hunter2-pass", true)
			_, gerr := c.CurrentUser(ctx)
			perr := c.Move(ctx, 5, FolderConsidered)
			for name, err := range map[string]error{"login": lerr, "GET": gerr, "POST": perr} {
				if err == nil || !strings.Contains(err.Error(), "redirecting to "+target) || IsAmbiguous(err) {
					t.Errorf("%d to %s, %s: %v; want a refusal naming the target", code, target, name, err)
				}
				if err != nil && strings.Contains(err.Error(), "refresh-1") {
					t.Errorf("%d, %s: the redirect's query reached the error: %v", code, name, err)
				}
			}
		}
	}
	if n := sunk.Load(); n != 0 {
		t.Errorf("the sink received %d requests", n)
	}
}

func TestALoginAnswerWithoutATokenIsNoLogin(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /2.0/oauth2/password/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"access_token":"","refresh_token":""}`)
	})
	c, _ := setup(t, mux)
	c.SetToken(Token{})
	if tok, err := c.PasswordLogin(context.Background(), "hr", "pass-word", true); err == nil || tok.AccessToken != "" || c.Token().AccessToken != "" {
		t.Errorf("got %+v, %v; want no login", tok, err)
	}
}

func TestSecretsEchoedByTheServerAreScrubbed(t *testing.T) {
	const other = "v3.r.987654321.cccccccccccccccccccccccccccccccccccccccc.dddddddddddddddddddddddddddddddddddddddd"
	echo := func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		w.WriteHeader(400)
		msg := fmt.Sprintf("bad request: %s X-Api-App-Id=%s body=%s other=%s", r.Header.Get("Authorization"),
			r.Header.Get("X-Api-App-Id"), r.PostForm.Encode(), other)
		fmt.Fprintf(w, `{"error":{"code":400,"message":%q,"errors":[{"password":[%q]}]}}`, msg, "password="+r.PostForm.Get("password"))
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /2.0/oauth2/password/", echo)
	mux.HandleFunc("POST /2.0/hr/resumes/5/move/", echo)
	mux.HandleFunc("POST /2.0/hr/resumes/5/buy/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"status":false,"resume":null,"error":{"code":403,"message":"denied for %s"}}`, r.Header.Get("Authorization"))
	})
	var logged []string
	c, _ := setup(t, mux, func(cfg *Config) { cfg.Log = func(r RequestLog) { logged = append(logged, r.Err) } })
	c.SetToken(Token{AccessToken: "v3.r.111111111.eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.ffffffffffffffffffffffffffffffffffffffff", RefreshToken: "refresh-secret-1"})
	ctx := context.Background()
	_, lerr := c.PasswordLogin(ctx, "hr@example.com", "Sup3r-Secret-Pw", true)
	merr := c.Move(ctx, 5, FolderConsidered)
	_, berr := c.BuyContacts(ctx, 5)
	texts := append([]string{fmt.Sprint(lerr), fmt.Sprint(merr), fmt.Sprint(berr)}, logged...)
	for _, text := range texts {
		for _, secret := range []string{testSecret, "Sup3r-Secret-Pw", "eeeeeeeeee", other, "refresh-secret-1"} {
			if strings.Contains(text, secret) {
				t.Errorf("%q leaks %q", text, secret)
			}
		}
	}
	if !strings.Contains(fmt.Sprint(merr), "bad request") || !strings.Contains(fmt.Sprint(merr), redacted) {
		t.Errorf("the message itself is kept, secrets marked: %v", merr)
	}
}

func TestARenewalUnderWayIsWaitedFor(t *testing.T) {
	// Another process has renewed (the service knows only access-2) but
	// is still storing the pair, under the store's lock: the client's 404
	// must wait for it, not read the store too early and give up.
	var current atomic.Value
	current.Store("access-2")
	store := &memTokens{stored: Token{AccessToken: "access-1", RefreshToken: "refresh-1"}}
	c, _ := setup(t, rotatingService(&current), func(cfg *Config) { cfg.Tokens = store })
	c.SetToken(store.stored)
	store.lockMu.Lock()
	go func() {
		defer store.lockMu.Unlock()
		time.Sleep(50 * time.Millisecond)
		store.Save(Token{AccessToken: "access-2", RefreshToken: "refresh-2"})
	}()
	if _, err := c.CurrentUser(context.Background()); err != nil {
		t.Fatalf("a renewal being stored failed the call: %v", err)
	}
}
