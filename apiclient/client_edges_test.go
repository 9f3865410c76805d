package apiclient

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Edges of one call the other tests pass by: a caller that gives up, a
// redirect without an address, a body-less answer, and each way the
// service says it does not know the token.

type cancelingTransport struct{ cancel context.CancelFunc }

func (c cancelingTransport) RoundTrip(*http.Request) (*http.Response, error) {
	c.cancel()
	return nil, errors.New("dial tcp: interrupted")
}

func TestACallTheCallerGaveUpOnIsNotRetried(t *testing.T) {
	// Before the request left: the caller's context ends during the dial.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, waits := setup(t, http.NewServeMux(), func(cfg *Config) {
		cfg.HTTPClient = &http.Client{Transport: cancelingTransport{cancel}}
	})
	if _, err := c.CurrentUser(ctx); !IsOffline(err) || len(*waits) != 0 {
		t.Errorf("canceled before the send: %v after %d waits; want no answer, no retry", err, len(*waits))
	}

	// After it left: the caller gives up while the service thinks.
	ctx2, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		cancel2()
		<-r.Context().Done() // the client hangs up
	})
	c, waits = setup(t, mux)
	if _, err := c.CurrentUser(ctx2); !IsOffline(err) || len(*waits) != 0 {
		t.Errorf("canceled after the send: %v after %d waits; want no answer, no retry", err, len(*waits))
	}
}

func TestARedirectWithoutAnAddress(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusFound)
	})
	c, _ := setup(t, mux)
	_, err := c.CurrentUser(context.Background())
	if err == nil || !strings.Contains(err.Error(), "HTTP 302 redirecting to no address") {
		t.Errorf("%v", err)
	}
}

func TestAMethodWithoutAResultTakesAnEmptyOrJSONBody(t *testing.T) {
	bodies := map[string]string{"1": "", "2": `{"result":true}`, "3": "<html>deleted</html>"}
	mux := http.NewServeMux()
	mux.HandleFunc("DELETE /2.0/hr/resumes/comments/{id}/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, bodies[r.PathValue("id")])
	})
	c, _ := setup(t, mux, func(cfg *Config) { cfg.MaxRetries = -1 })
	// A retry that never ends (MaxRetries -1 read as "for ever") fails
	// here instead of hanging the test binary until its timeout.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.DeleteComment(ctx, 1); err != nil {
		t.Errorf("empty 200: %v", err)
	}
	if err := c.DeleteComment(ctx, 2); err != nil {
		t.Errorf("JSON 200: %v", err)
	}
	var e *Error
	if err := c.DeleteComment(ctx, 3); !errors.As(err, &e) || !e.Unreadable {
		t.Errorf("HTML 200: %v; want an unreadable answer", err)
	}
}

// Each answer that means "no such token" makes the client take the pair
// another process stored, once.
func TestEveryUnknownTokenAnswerTakesTheStoredPair(t *testing.T) {
	for _, ans := range []struct {
		name   string
		status int
		hdr    string
		body   string
	}{
		{"token_not_found in the body", 404, "", `{"error":{"code":404,"message":"Токен не найден","error":"token_not_found"}}`},
		{"invalid_token in the header", 400, "invalid_token", `{"error":{"code":400,"message":"bad token"}}`},
		{"a bare 401", 401, "", `{"error":{"code":401,"message":"Unauthorized"}}`},
	} {
		var current atomic.Value
		current.Store("access-1")
		var sent atomic.Int32
		mux := http.NewServeMux()
		mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
			sent.Add(1)
			if r.Header.Get("Authorization") != "Bearer "+current.Load().(string) {
				if ans.hdr != "" {
					w.Header().Set("X-Oauth-Error", ans.hdr)
				}
				w.WriteHeader(ans.status)
				fmt.Fprint(w, ans.body)
				return
			}
			fmt.Fprint(w, `{"id":1,"name":"HR"}`)
		})
		store := &memTokens{stored: Token{AccessToken: "access-1", RefreshToken: "refresh-1"}}
		rs := &racyStore{memTokens: store, after: func() {
			current.Store("access-2")
			store.Save(Token{AccessToken: "access-2", RefreshToken: "refresh-2", Expires: time.Now().Add(time.Hour)})
		}}
		c, _ := setup(t, mux, func(cfg *Config) { cfg.Tokens = rs })
		c.SetToken(store.stored)
		if _, err := c.CurrentUser(context.Background()); err != nil || sent.Load() != 2 {
			t.Errorf("%s: %v after %d requests; want the stored pair's answer on the second", ans.name, err, sent.Load())
		}
	}
}
