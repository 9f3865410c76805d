package apiclient

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"
)

// countingLimiter is a shared budget that lets everything go and records
// what the client tells it.
type countingLimiter struct {
	mu        sync.Mutex
	waits     int
	throttles []time.Duration
}

func (l *countingLimiter) Wait(ctx context.Context) error {
	l.mu.Lock()
	l.waits++
	l.mu.Unlock()
	return ctx.Err()
}

func (l *countingLimiter) Throttle(d time.Duration) {
	l.mu.Lock()
	l.throttles = append(l.throttles, d)
	l.mu.Unlock()
}

func TestSharedLimiterPacesEveryAttemptAndHearsTheRateLimit(t *testing.T) {
	lim := &countingLimiter{}
	calls := 0
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		calls++
		if calls == 1 {
			w.Header().Set("Retry-After", "7")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprint(w, `{"error":{"code":429,"message":"Limit is over"}}`)
			return
		}
		fmt.Fprint(w, `{"id":1}`)
	})
	c, waits := setup(t, mux, func(cfg *Config) { cfg.Limiter = lim; cfg.RequestsPerMinute = 0 })
	if _, err := c.CurrentUser(context.Background()); err != nil {
		t.Fatal(err)
	}
	if lim.waits != 2 {
		t.Errorf("the shared limiter was asked %d times for 2 attempts", lim.waits)
	}
	if len(lim.throttles) != 1 || lim.throttles[0] != 7*time.Second {
		t.Errorf("throttles %v, want the server's 7 s", lim.throttles)
	}
	if len(*waits) != 1 || (*waits)[0] != 7*time.Second {
		t.Errorf("client waits %v", *waits)
	}
}

func TestRetryDelayHonoursRetryAfter(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "40")
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprint(w, `{"error":{"code":503,"message":"busy"}}`)
	})
	c, _ := setup(t, mux, func(cfg *Config) { cfg.MaxRetries = -1 })
	_, err := c.CurrentUser(context.Background())
	if !IsRateLimited(err) {
		t.Fatalf("want a rate-limit error, got %v", err)
	}
	if d := c.RetryDelay(0, err); d != 40*time.Second {
		t.Errorf("RetryDelay after Retry-After: 40 = %s", d)
	}
	other := fmt.Errorf("wrapped: %w", ErrNoAnswer)
	if d := c.RetryDelay(2, other); d <= 0 || d > c.cfg.RetryMax {
		t.Errorf("back-off %s out of (0, %s]", d, c.cfg.RetryMax)
	}
}

func TestUnreachableIsNotACutConnection(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nobody listens there now
	c, err := New(Config{BaseURL: "http://" + addr, ClientID: 1, Secret: testSecret, RequestsPerMinute: -1,
		Sleep: func(ctx context.Context, d time.Duration) error { return nil }})
	if err != nil {
		t.Fatal(err)
	}
	c.SetToken(Token{AccessToken: "a"})
	_, err = c.CurrentUser(context.Background())
	if !IsUnreachable(err) || !IsOffline(err) {
		t.Errorf("refused connection: unreachable %v, offline %v (%v)", IsUnreachable(err), IsOffline(err), err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		conn, _, _ := w.(http.Hijacker).Hijack()
		conn.Close()
	})
	cut, _ := setup(t, mux, func(cfg *Config) { cfg.MaxRetries = -1 })
	_, err = cut.CurrentUser(context.Background())
	if IsUnreachable(err) || !IsOffline(err) {
		t.Errorf("cut connection: unreachable %v, offline %v (%v)", IsUnreachable(err), IsOffline(err), err)
	}
}

// Every request takes its turn of the shared budget, OAuth's included
// (issue 21 §1: in a team run the only 429s were token renewals sent at
// the full minute): an expired token's renewal and the call it precedes
// are two waits, and a 410's renewal and the retried call two more.
func TestTokenRenewalsTakeTheirTurn(t *testing.T) {
	lim := &countingLimiter{}
	calls := 0
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		calls++
		if calls == 2 { // the second call finds its token expired on the service
			w.Header().Set("X-Oauth-Error", "invalid_token")
			w.WriteHeader(410)
			fmt.Fprint(w, `{"error":{"code":410,"message":"expired","error":"invalid_token"}}`)
			return
		}
		fmt.Fprint(w, `{"id":1}`)
	})
	mux.HandleFunc("GET /2.0/oauth2/refresh_token/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"access_token":"access-2","refresh_token":"refresh-2","ttl":4102444800,"expires_in":604800,"token_type":"bearer"}`)
	})
	c, _ := setup(t, mux, func(cfg *Config) { cfg.Limiter = lim; cfg.RequestsPerMinute = 0 })
	c.SetToken(Token{AccessToken: "access-1", RefreshToken: "refresh-1", Expires: time.Now().Add(-time.Minute)})
	if _, err := c.CurrentUser(context.Background()); err != nil {
		t.Fatal(err)
	}
	if lim.waits != 2 {
		t.Errorf("an expired token's renewal and its call: %d turns, want 2", lim.waits)
	}
	if _, err := c.CurrentUser(context.Background()); err != nil {
		t.Fatal(err)
	}
	if lim.waits != 5 {
		t.Errorf("a 410, its renewal and the call again: %d turns in all, want 5", lim.waits)
	}
}
