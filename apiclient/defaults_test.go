package apiclient

import (
	"context"
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/time/rate"
)

// What a Config left empty means (section 8's pace, the retry policy, the
// timeouts), and the addresses New takes.

func TestAnEmptyConfigGetsTheDocumentedDefaults(t *testing.T) {
	c, err := New(Config{Secret: testSecret})
	if err != nil {
		t.Fatal(err)
	}
	if c.base.String() != DefaultBaseURL {
		t.Errorf("base %s, want %s", c.base, DefaultBaseURL)
	}
	if c.hc.Timeout != 30*time.Second {
		t.Errorf("HTTP timeout %s, want 30s", c.hc.Timeout)
	}
	if c.cfg.UserAgent != "hrdesk/"+Version+" (+terminal workstation)" {
		t.Errorf("user agent %q", c.cfg.UserAgent)
	}
	if c.cfg.MaxRetries != 4 || c.cfg.AnswerTimeout != DefaultAnswerTimeout || c.cfg.RetryBase != 500*time.Millisecond || c.cfg.RetryMax != 30*time.Second {
		t.Errorf("retries %d, answer timeout %s, base %s, max %s", c.cfg.MaxRetries, c.cfg.AnswerTimeout, c.cfg.RetryBase, c.cfg.RetryMax)
	}
	l, ok := c.limiter.(*rate.Limiter)
	if !ok || l.Limit() != 2 || l.Burst() != 4 {
		t.Fatalf("limiter %T; want 120 a minute (2/s) with a burst of 4", c.limiter)
	}
	if c.cfg.Now == nil || c.cfg.Sleep == nil {
		t.Error("no clock")
	}
	// A small limit is its own burst.
	c, _ = New(Config{Secret: testSecret, RequestsPerMinute: 3})
	if l := c.limiter.(*rate.Limiter); l.Burst() != 3 || l.Limit() != rate.Limit(0.05) {
		t.Errorf("3 a minute: burst %d, limit %v", l.Burst(), l.Limit())
	}
	// Negative: no limiter; a caller's values are kept.
	c, _ = New(Config{Secret: testSecret, RequestsPerMinute: -1, MaxRetries: 2, RetryBase: time.Second, RetryMax: 5 * time.Second,
		AnswerTimeout: time.Minute, UserAgent: "ua", HTTPClient: &http.Client{Timeout: time.Hour}})
	if c.limiter != nil || c.cfg.MaxRetries != 2 || c.cfg.RetryBase != time.Second || c.cfg.RetryMax != 5*time.Second ||
		c.cfg.AnswerTimeout != time.Minute || c.cfg.UserAgent != "ua" || c.hc.Timeout != time.Hour {
		t.Errorf("caller's config not kept: %+v", c.cfg)
	}
}

func TestLoopbackAloneMayUsePlainHTTP(t *testing.T) {
	for u, ok := range map[string]bool{
		"http://localhost:8080": true, "http://LOCALHOST": true, "http://127.0.0.1:1": true, "http://[::1]:1": true,
		"http://10.0.0.1": false, "http://localhost.example.com": false, "http://my-host": false,
		"https://10.0.0.1": true, "https://api.example.com/": true,
	} {
		if _, err := New(Config{BaseURL: u, Secret: "s"}); (err == nil) != ok {
			t.Errorf("%s: err %v, want accepted %v", u, err, ok)
		}
	}
}

func TestATokenCanBeCleared(t *testing.T) {
	c, _ := New(Config{Secret: testSecret})
	if c.Token() != (Token{}) {
		t.Errorf("new client has a token: %+v", c.Token())
	}
	c.SetToken(Token{AccessToken: "a", RefreshToken: "r"})
	if c.Token().AccessToken != "a" || c.Token().RefreshToken != "r" {
		t.Errorf("token %+v", c.Token())
	}
	c.SetToken(Token{RefreshToken: "r"})
	if c.Token() != (Token{}) {
		t.Errorf("a pair without an access token is kept: %+v", c.Token())
	}
}

// Back-off n waits between half and all of base·2ⁿ (full jitter above
// half), capped by RetryMax; a Retry-After of the service replaces it.
func TestTheBackOffStaysInItsBand(t *testing.T) {
	c, _ := New(Config{Secret: testSecret, RetryBase: 100 * time.Millisecond, RetryMax: time.Second})
	for n, hi := range []time.Duration{100, 200, 400, 800, 1000, 1000} {
		hi *= time.Millisecond
		if n == 4 || n == 5 {
			hi = time.Second
		}
		var lowest, highest time.Duration = hi, 0
		for range 200 {
			d := c.backoff(n, 0)
			if d < hi/2 || d > hi {
				t.Fatalf("backoff(%d) = %s, out of [%s, %s]", n, d, hi/2, hi)
			}
			lowest, highest = min(lowest, d), max(highest, d)
		}
		if highest-lowest < hi/8 {
			t.Errorf("backoff(%d): 200 waits within %s..%s, no jitter", n, lowest, highest)
		}
	}
	if d := c.backoff(0, 7*time.Second); d != time.Second {
		t.Errorf("a Retry-After over RetryMax: %s, want the cap", d)
	}
	if d := c.backoff(0, 300*time.Millisecond); d != 300*time.Millisecond {
		t.Errorf("Retry-After 300ms: %s", d)
	}
	// A shift past any duration is the cap, not a zero or negative wait.
	if d := c.backoff(70, 0); d < 500*time.Millisecond || d > time.Second {
		t.Errorf("backoff(70) = %s", d)
	}
	// An error without Retry-After gets the back-off, never a zero wait.
	for range 50 {
		if d := c.RetryDelay(0, &Error{Status: 500}); d < 50*time.Millisecond || d > 100*time.Millisecond {
			t.Fatalf("RetryDelay(0) after a 500: %s", d)
		}
	}
	if d := c.RetryDelay(0, &Error{Status: 429, RetryAfter: time.Hour}); d != maxRetryAfter {
		t.Errorf("Retry-After of an hour: %s, want %s", d, maxRetryAfter)
	}
}

// The band holds down to a base of a few nanoseconds (tests retry that
// fast): half the base plus a jitter of at most the other half, never a
// wait past the base nor a division by a zero span.
func TestTheBackOffBandHoldsForTheSmallestBases(t *testing.T) {
	for _, base := range []time.Duration{1, 2, 3, 4, 5} {
		c, _ := New(Config{Secret: testSecret, RetryBase: base, RetryMax: time.Second})
		for n := range 3 {
			hi := base << n
			for range 50 {
				if d := c.backoff(n, 0); d < hi/2 || d > hi {
					t.Fatalf("base %dns: backoff(%d) = %s, out of [%s, %s]", base, n, d, hi/2, hi)
				}
			}
		}
	}
}

func TestRetryAfterIsSecondsOrADate(t *testing.T) {
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	for v, want := range map[string]time.Duration{
		"":                              0,
		"5":                             5 * time.Second,
		" 12 ":                          12 * time.Second,
		"0":                             0,
		"-3":                            0,
		"soon":                          0,
		"Fri, 27 Nov 2026 12:01:30 GMT": 90 * time.Second,
		"Fri, 27 Nov 2026 11:59:00 GMT": 0,
	} {
		if got := retryAfter(v, now); got != want {
			t.Errorf("Retry-After %q: %s, want %s", v, got, want)
		}
	}
}

// MaxRetries bounds the tries: one more than the retries, then the error.
func TestTheDefaultRetriesAreFour(t *testing.T) {
	var n atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.WriteHeader(500)
		fmt.Fprint(w, `{"error":{"code":500,"message":"down"}}`)
	})
	c, waits := setup(t, mux)
	if _, err := c.CurrentUser(context.Background()); err == nil {
		t.Fatal("no error after 500s")
	}
	if n.Load() != 5 || len(*waits) != 4 {
		t.Errorf("%d tries, %d waits; want 5 and 4", n.Load(), len(*waits))
	}
	n.Store(0)
	c, _ = setup(t, mux, func(cfg *Config) { cfg.MaxRetries = -1 })
	if _, err := c.CurrentUser(context.Background()); err == nil || n.Load() != 1 {
		t.Errorf("no retries: %d tries (%v)", n.Load(), err)
	}
}
