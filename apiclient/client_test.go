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

	"hrdesk/internal/testkit/testwait"
)

const testSecret = "v3.r.123456789.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"

// setup mounts handlers under /api so a path mistake (absolute URL, missing
// base path) fails loudly, go-github style. Sleeps are recorded, not slept.
func setup(t *testing.T, mux *http.ServeMux, mod ...func(*Config)) (*Client, *[]time.Duration) {
	t.Helper()
	outer := http.NewServeMux()
	outer.Handle("/api/", http.StripPrefix("/api", mux))
	outer.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("request outside the base path: %s", r.URL.Path)
		http.Error(w, "wrong path", 599)
	})
	srv := httptest.NewServer(outer)
	t.Cleanup(srv.Close)
	var mu sync.Mutex
	var waits []time.Duration
	cfg := Config{BaseURL: srv.URL + "/api", ClientID: 1, Secret: testSecret, RequestsPerMinute: -1,
		Sleep: func(ctx context.Context, d time.Duration) error {
			mu.Lock()
			waits = append(waits, d)
			mu.Unlock()
			return ctx.Err()
		}}
	for _, m := range mod {
		m(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	c.SetToken(Token{AccessToken: "access-1", RefreshToken: "refresh-1"})
	return c, &waits
}

func TestWireBasics(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /2.0/hr/resumes/5/move/", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Api-App-Id") != testSecret || r.Header.Get("Authorization") != "Bearer access-1" ||
			!strings.HasPrefix(r.Header.Get("User-Agent"), "hrdesk/") ||
			r.Header.Get("Content-Type") != "application/x-www-form-urlencoded" {
			t.Errorf("headers %v", r.Header)
		}
		r.ParseForm()
		if r.PostForm.Get("id_folder") != "considered" {
			t.Errorf("form %v", r.PostForm)
		}
		fmt.Fprint(w, `{"result":true}`)
	})
	c, _ := setup(t, mux)
	if err := c.Move(context.Background(), 5, FolderConsidered); err != nil {
		t.Fatal(err)
	}
}

func TestNewRejectsPlainHTTPOffLoopback(t *testing.T) {
	for _, u := range []string{"http://api.example.com", "ftp://x", "::"} {
		if _, err := New(Config{BaseURL: u, Secret: "s"}); err == nil {
			t.Errorf("%s accepted", u)
		}
	}
	if _, err := New(Config{BaseURL: "http://127.0.0.1:1", Secret: "s"}); err != nil {
		t.Error(err)
	}
	if _, err := New(Config{BaseURL: "https://api.example.com"}); err == nil {
		t.Error("no secret accepted")
	}
}

func TestNotLoggedInMakesNoRequest(t *testing.T) {
	var n atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { n.Add(1) })
	c, _ := setup(t, mux)
	c.SetToken(Token{})
	if _, err := c.CurrentUser(context.Background()); !errors.Is(err, ErrNotLoggedIn) || !IsNeedLogin(err) {
		t.Fatalf("got %v", err)
	}
	if n.Load() != 0 {
		t.Error("a request was made without a token")
	}
}

func TestRefreshOn410AndRetryOnce(t *testing.T) {
	var refreshes atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") == "Bearer access-2" {
			fmt.Fprint(w, `{"id":1,"name":"HR"}`)
			return
		}
		w.Header().Set("X-Oauth-Error", "invalid_token")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(410)
		fmt.Fprint(w, `{"error":{"code":410,"message":"expired","error":"invalid_token"}}`)
	})
	mux.HandleFunc("GET /2.0/oauth2/refresh_token/", func(w http.ResponseWriter, r *http.Request) {
		refreshes.Add(1)
		if r.URL.Query().Get("refresh_token") != "refresh-1" || r.URL.Query().Get("client_secret") != testSecret {
			t.Errorf("refresh query %v", r.URL.Query())
		}
		fmt.Fprint(w, `{"access_token":"access-2","refresh_token":"refresh-2","ttl":4102444800,"expires_in":604800,"token_type":"bearer"}`)
	})
	var saved []Token
	c, _ := setup(t, mux, func(cfg *Config) { cfg.OnTokenRefresh = func(t Token) { saved = append(saved, t) } })
	// Concurrent calls refresh once.
	var wg sync.WaitGroup
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if u, err := c.CurrentUser(context.Background()); err != nil || u.Name != "HR" {
				t.Errorf("after refresh: %v %v", u, err)
			}
		}()
	}
	testwait.Within(t, 10*time.Second, "five concurrent calls", wg.Wait)
	if refreshes.Load() != 1 || len(saved) != 1 || saved[0].RefreshToken != "refresh-2" {
		t.Errorf("%d refreshes, saved %+v", refreshes.Load(), saved)
	}
}

func TestRefreshFailureMeansLogIn(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Oauth-Error", "invalid_token")
		w.WriteHeader(410)
		fmt.Fprint(w, `{"error":{"code":410,"message":"expired","error":"invalid_token"}}`)
	})
	mux.HandleFunc("GET /2.0/oauth2/refresh_token/", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(400)
		fmt.Fprint(w, `{"error":{"code":400,"message":"bad refresh","error":"invalid_grant"}}`)
	})
	c, _ := setup(t, mux)
	_, err := c.CurrentUser(context.Background())
	if !IsNeedLogin(err) {
		t.Fatalf("got %v, want a needs-login error", err)
	}
	if strings.Contains(err.Error(), "refresh-1") || strings.Contains(err.Error(), testSecret) {
		t.Errorf("a secret leaked into the error: %v", err)
	}
}

func TestRateLimitBackoff(t *testing.T) {
	var n atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		switch n.Add(1) {
		case 1:
			w.Header().Set("Retry-After", "7")
			w.WriteHeader(429)
			fmt.Fprint(w, `{"error":{"code":429,"message":"Limit is over"}}`)
		case 2:
			w.WriteHeader(503)
			fmt.Fprint(w, `{"error":{"code":503,"message":"busy"}}`)
		default:
			fmt.Fprint(w, `{"id":1}`)
		}
	})
	c, waits := setup(t, mux)
	if _, err := c.CurrentUser(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(*waits) != 2 || (*waits)[0] != 7*time.Second || (*waits)[1] <= 0 || (*waits)[1] > time.Second {
		t.Errorf("waits %v: want Retry-After 7s, then a jittered back-off", *waits)
	}
}

func TestRateLimitGivesUp(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(429)
		fmt.Fprint(w, `{"error":{"code":429,"message":"Limit is over"}}`)
	})
	c, waits := setup(t, mux)
	_, err := c.CurrentUser(context.Background())
	if !IsRateLimited(err) || len(*waits) != 4 {
		t.Fatalf("err %v after %d waits", err, len(*waits))
	}
	for i := 1; i < len(*waits); i++ {
		if (*waits)[i] < (*waits)[i-1]/2 {
			t.Errorf("back-off does not grow: %v", *waits)
		}
	}
}

func TestPostIsNotRetriedAfterReachingServer(t *testing.T) {
	var n atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("POST /2.0/hr/resumes/5/invite/", func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.WriteHeader(502)
		fmt.Fprint(w, `<html>bad gateway</html>`)
	})
	mux.HandleFunc("GET /2.0/hr/resumes/5/invitation_data/", func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) < 3 {
			w.WriteHeader(500)
			return
		}
		fmt.Fprint(w, `{"templates":[{"id":"3","name":"x"}],"total":1,"more":false,"send_sms":true}`)
	})
	c, _ := setup(t, mux)
	err := c.Invite(context.Background(), 5, Letter{TemplateID: 1})
	if !IsAmbiguous(err) || n.Load() != 1 {
		t.Fatalf("invite after a 502: %v, %d requests; want ambiguous after one", err, n.Load())
	}
	n.Store(0)
	tl, err := c.Templates(context.Background(), 5, InvitationTemplates)
	if err != nil || n.Load() != 3 || tl.Templates[0].ID != 3 || !bool(tl.SendSMS) {
		t.Fatalf("GET after two 500s: %v, %d requests", err, n.Load())
	}
}

func TestAmbiguousWhenTheAnswerIsLost(t *testing.T) {
	var posts atomic.Int32
	mux := http.NewServeMux()
	drop := func(w http.ResponseWriter, r *http.Request) {
		posts.Add(1)
		conn, _, _ := w.(http.Hijacker).Hijack()
		conn.Close()
	}
	mux.HandleFunc("POST /2.0/hr/resumes/5/send_mail/", drop)
	mux.HandleFunc("POST /2.0/hr/resumes/6/send_mail/", func(w http.ResponseWriter, r *http.Request) {
		posts.Add(1)
		fmt.Fprint(w, `{"res`) // cut off
	})
	c, _ := setup(t, mux)
	if err := c.SendMail(context.Background(), 5, Letter{TemplateID: 1}); !IsAmbiguous(err) || posts.Load() != 1 {
		t.Fatalf("dropped connection: %v after %d posts", err, posts.Load())
	}
	if err := c.SendMail(context.Background(), 6, Letter{TemplateID: 1}); !IsAmbiguous(err) || posts.Load() != 2 {
		t.Fatalf("truncated answer: %v after %d posts", err, posts.Load())
	}
}

// failFirstDial refuses the first connection before anything is written.
type failFirstDial struct {
	next  http.RoundTripper
	calls atomic.Int32
}

func (f *failFirstDial) RoundTrip(r *http.Request) (*http.Response, error) {
	if f.calls.Add(1) == 1 {
		return nil, errors.New("dial tcp: connection refused")
	}
	return f.next.RoundTrip(r)
}

func TestPostRetriedWhenItNeverLeft(t *testing.T) {
	var posts atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("POST /2.0/hr/resumes/5/reject/", func(w http.ResponseWriter, r *http.Request) {
		posts.Add(1)
		fmt.Fprint(w, `{"result":true}`)
	})
	rt := &failFirstDial{next: http.DefaultTransport}
	c, _ := setup(t, mux, func(cfg *Config) { cfg.HTTPClient = &http.Client{Transport: rt} })
	if err := c.Reject(context.Background(), 5, Letter{}); err != nil {
		t.Fatal(err)
	}
	if rt.calls.Load() != 2 || posts.Load() != 1 {
		t.Errorf("%d tries, %d reached the server", rt.calls.Load(), posts.Load())
	}
}

func TestPagerStopsAtTheCap(t *testing.T) {
	var pages []int
	p := NewPager(100, func(ctx context.Context, page, count int) (Page[int], error) {
		pages = append(pages, page)
		objs := make([]int, count)
		return Page[int]{Objects: objs, Total: 2000, More: page < 4}, nil
	})
	n := 0
	for _, err := range p.All(context.Background()) {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 500 || len(pages) != 5 || !p.Truncated() || p.Total() != 2000 {
		t.Errorf("got %d entities from pages %v, truncated %v", n, pages, p.Truncated())
	}
	small := NewPager(100, func(ctx context.Context, page, count int) (Page[int], error) {
		return Page[int]{Objects: make([]int, 42), Total: 42}, nil
	})
	for range small.All(context.Background()) {
	}
	if small.Truncated() {
		t.Error("a complete list reported as truncated")
	}
}

func TestRequestLogRedactsSecrets(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/oauth2/refresh_token/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"access_token":"new-access","refresh_token":"new-refresh","ttl":4102444800}`)
	})
	mux.HandleFunc("POST /2.0/oauth2/password/", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(400)
		fmt.Fprint(w, `{"error":{"code":400,"message":"wrong","error":"invalid_grant"}}`)
	})
	var logs []string
	c, _ := setup(t, mux, func(cfg *Config) {
		cfg.Log = func(r RequestLog) { logs = append(logs, fmt.Sprintf("%+v", r)) }
	})
	_, _ = c.RefreshToken(context.Background(), "refresh-1")
	_, err := c.PasswordLogin(context.Background(), "hr@example.com", "hunter2", true)
	all := strings.Join(logs, "\n") + err.Error()
	for _, secret := range []string{testSecret, "refresh-1", "hunter2", "new-access", "new-refresh"} {
		if strings.Contains(all, secret) {
			t.Errorf("secret %q in the log or error:\n%s", secret, all)
		}
	}
	if len(logs) != 2 || !strings.Contains(logs[0], "/2.0/oauth2/refresh_token/") {
		t.Errorf("log %v", logs)
	}
}

func TestContactsFailuresInsideSuccess(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /2.0/hr/resumes/5/buy/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"status":false,"resume":null,"error":{"code":403,"message":"no money","data":{"error":"not_enough_money"}}}`)
	})
	mux.HandleFunc("GET /2.0/hr/resumes/5/open/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"status":false,"resume":null,"error":{"code":429,"message":"limit"}}`)
	})
	mux.HandleFunc("POST /2.0/hr/resumes/6/buy/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"status":true,"resume":{"id":6,"phone1":"+7 900"},"error":null}`)
	})
	c, _ := setup(t, mux)
	var ce *ContactsError
	if _, err := c.BuyContacts(context.Background(), 5); !errors.As(err, &ce) || ce.Label != "not_enough_money" || !strings.Contains(err.Error(), "money") {
		t.Errorf("buy: %v", err)
	}
	if _, err := c.OpenContacts(context.Background(), 5); !errors.As(err, &ce) || ce.Code != 429 || !strings.Contains(err.Error(), "too many") {
		t.Errorf("open: %v", err)
	}
	if r, err := c.BuyContacts(context.Background(), 6); err != nil || r.Phone1 != "+7 900" {
		t.Errorf("bought: %+v %v", r, err)
	}
}

func TestRefusedConnectionGivesUpQuickly(t *testing.T) {
	var waits []time.Duration
	c, err := New(Config{BaseURL: "http://127.0.0.1:9", Secret: testSecret, RequestsPerMinute: -1,
		Sleep: func(ctx context.Context, d time.Duration) error { waits = append(waits, d); return nil }})
	if err != nil {
		t.Fatal(err)
	}
	c.SetToken(Token{AccessToken: "a"})
	if _, err := c.CurrentUser(context.Background()); err == nil {
		t.Fatal("no error from a closed port")
	}
	if len(waits) != 1 {
		t.Errorf("%d waits before giving up on a refused connection, want 1", len(waits))
	}
}
