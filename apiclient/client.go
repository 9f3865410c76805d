// Package apiclient is a typed client for the job board's HTTP API 2.0
// (../shared/api/job-board-api-2.0.md). It knows nothing of the rest of
// hrdesk: every method takes a context, returns the contract's types, and
// reports failures as *Error values callers inspect with the Is… helpers.
//
// One Client is safe for concurrent use; all its calls share one rate
// limiter (120 requests a minute by default, section 8) and one token.
// Clients of one service in one process should share a Limiter instead
// (Config.Limiter): the service counts requests per address, not per client.
package apiclient

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"
)

// Production addresses (real-world notes).
const (
	DefaultBaseURL = "https://api.superjob.ru"
	DefaultAuthURL = "https://www.superjob.ru/authorize/"
)

// refreshSkew renews a token this long before its ttl, so a call does not
// set out with a token that dies on the way.
const refreshSkew = 30 * time.Second

// DefaultAnswerTimeout is how long a call waits in all for a service that
// does not answer (Config.AnswerTimeout).
const DefaultAnswerTimeout = 30 * time.Second

// Version goes into the User-Agent.
var Version = "dev"

// Config configures a Client. BaseURL, ClientID and Secret are required.
type Config struct {
	BaseURL  string
	ClientID int
	// Secret is the application's secret key: sent as X-Api-App-Id on every
	// request and as client_secret to the token methods.
	Secret     string
	HTTPClient *http.Client // default: 30 s timeout
	UserAgent  string
	// RequestsPerMinute is the client-side limit (default 120; negative: none).
	// It is ignored when Limiter is set.
	RequestsPerMinute int
	// Limiter, when set, paces every request instead of the client's own
	// limiter: a budget shared by all clients of the service. If it also
	// implements Throttler it is told when the service answers 429/503.
	Limiter Limiter
	// MaxRetries bounds retries of one call (default 4; negative: none).
	MaxRetries int
	// AnswerTimeout bounds how long one call waits, across all its tries,
	// for answers that do not come (default 30 s; negative: only the
	// HTTP client's own timeout per try). A service that accepts
	// connections and never answers made `whoami` wait 5 × 30 s (issue 26
	// §4). Waits the service asked for (a rate limit) and answers that
	// come slowly are not counted: only tries that got no answer.
	AnswerTimeout time.Duration
	// RetryBase is the first back-off delay, doubled each retry, with
	// jitter (default 500 ms); RetryMax caps any wait (default 30 s).
	RetryBase, RetryMax time.Duration
	// OnTokenRefresh receives every new token pair (to store it).
	OnTokenRefresh func(Token)
	// Tokens, when set, is where the session is kept for every process
	// that shares it: the client renews it under the store's lock and
	// saves it there, and takes what another process stored (see
	// TokenStore).
	Tokens TokenStore
	// Log, when set, receives one record per call, secrets redacted.
	Log func(RequestLog)
	// OnClockSkew, when set, is told once when this machine's clock and
	// the service's (its Date header) differ by more than a minute; ahead
	// is how far this machine's is ahead (i18n's Text.ClockSkew words it).
	OnClockSkew func(ahead time.Duration)
	// Now and Sleep are the clock, replaceable in tests.
	Now   func() time.Time
	Sleep func(ctx context.Context, d time.Duration) error
}

// Limiter paces requests: Wait returns when one may be sent. A
// *rate.Limiter is one; so is a budget shared by several clients.
type Limiter interface {
	Wait(ctx context.Context) error
}

// Throttler is a Limiter that can be told the service refused a request
// for the rate limit and asked to wait d before the next.
type Throttler interface {
	Throttle(d time.Duration)
}

// Client talks to one job-board service.
type Client struct {
	cfg     Config
	base    *url.URL
	hc      *http.Client
	limiter Limiter

	mu    sync.Mutex
	token *Token
	// seenStored is the access token the TokenStore held when this client
	// last read or wrote it: a different one there is another process's.
	seenStored string
	skewTold   atomic.Bool // OnClockSkew was called
	refreshMu  sync.Mutex
}

// New validates cfg and returns a client. A base URL that is not loopback
// must be https: the token and the secret must never cross a network in clear.
func New(cfg Config) (*Client, error) {
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	u, err := url.Parse(strings.TrimRight(cfg.BaseURL, "/"))
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return nil, fmt.Errorf("apiclient: base URL %q is not an http(s) URL", cfg.BaseURL)
	}
	if u.Scheme == "http" && !isLoopback(u.Hostname()) {
		return nil, fmt.Errorf("apiclient: base URL %q must use https", cfg.BaseURL)
	}
	if cfg.Secret == "" {
		return nil, errors.New("apiclient: the application secret is required (X-Api-App-Id)")
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 30 * time.Second}
	}
	// No redirect is ever followed: the API has no reason to send one, and
	// Go's client would carry the form (app secret, password) to another
	// host and the bearer token to another port, in clear over http. The
	// 3xx answer itself becomes the call's error (attempt). A copy, so the
	// caller's client keeps its own policy.
	hc := *cfg.HTTPClient
	hc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	cfg.HTTPClient = &hc
	if cfg.UserAgent == "" {
		cfg.UserAgent = "hrdesk/" + Version + " (+terminal workstation)"
	}
	if cfg.RequestsPerMinute == 0 {
		cfg.RequestsPerMinute = 120
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = 4
	}
	if cfg.AnswerTimeout == 0 {
		cfg.AnswerTimeout = DefaultAnswerTimeout
	}
	if cfg.RetryBase == 0 {
		cfg.RetryBase = 500 * time.Millisecond
	}
	if cfg.RetryMax == 0 {
		cfg.RetryMax = 30 * time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Sleep == nil {
		cfg.Sleep = sleepCtx
	}
	c := &Client{cfg: cfg, base: u, hc: cfg.HTTPClient, limiter: cfg.Limiter}
	if c.limiter == nil && cfg.RequestsPerMinute > 0 {
		// A small burst keeps a sync from spending the minute's budget at once.
		c.limiter = rate.NewLimiter(rate.Limit(float64(cfg.RequestsPerMinute)/60), min(cfg.RequestsPerMinute, 4))
	}
	return c, nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// SetToken sets (or, with a zero Token, clears) the session's token pair.
func (c *Client) SetToken(t Token) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.AccessToken == "" {
		c.token = nil
		return
	}
	c.token = &t
}

// Token returns the current token pair (zero when not logged in).
func (c *Client) Token() Token {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.token == nil {
		return Token{}
	}
	return *c.token
}

// ClientID is the application's client id.
func (c *Client) ClientID() int { return c.cfg.ClientID }

// request is one call to make.
type request struct {
	method string
	path   string     // contract path, with trailing slash
	query  url.Values // GET parameters
	form   url.Values // body, form-encoded
	auth   bool       // send the bearer token; refresh on 410
}

// call performs r and decodes a successful JSON answer into out (nil: ignore the body).
func (c *Client) call(ctx context.Context, r request, out any) error {
	_, err := c.callRaw(ctx, r, out)
	return err
}

// callRaw is call that also returns the final response's headers.
func (c *Client) callRaw(ctx context.Context, r request, out any) (http.Header, error) {
	start := c.cfg.Now()
	var tok Token
	if r.auth {
		// Another process of the profile (a cron sync, a command) may have
		// renewed the login since this client read it: the stored pair is
		// the live one.
		c.adoptNewer(c.Token())
		tok = c.Token()
		if tok.AccessToken == "" {
			return nil, ErrNotLoggedIn
		}
		if c.expired(tok) {
			if err := c.refresh(ctx, tok); err != nil {
				return nil, err
			}
			tok = c.Token()
		}
	}
	refreshed, readopted := false, false
	retries := 0
	status := 0
	var hdr http.Header
	var err error
	silent := time.Duration(0) // spent in tries that got no answer
	for {
		var res attemptResult
		res, err = c.attempt(ctx, r, tok.AccessToken, out, c.cfg.AnswerTimeout-silent)
		status, hdr = res.status, res.header
		c.noteClock(hdr)
		if err == nil {
			break
		}
		silent += res.silent
		if c.cfg.AnswerTimeout > 0 && silent >= c.cfg.AnswerTimeout {
			break // the service has had its time to answer this call
		}
		if r.auth && !readopted && res.unknownToken && c.adoptRenewed(ctx, tok) {
			readopted = true
			tok = c.Token()
			continue
		}
		if r.auth && !refreshed && res.expired {
			refreshed = true
			if rerr := c.refresh(ctx, tok); rerr != nil {
				err = rerr
				break
			}
			tok = c.Token()
			continue
		}
		if !res.retry || retries >= c.cfg.MaxRetries || res.unreached && retries >= 1 {
			// A refused connection once more is worth one quick try, not a
			// long back-off: the UI should say "offline" within a second.
			break
		}
		wait := c.backoff(retries, res.retryAfter)
		if res.limited {
			c.throttle(wait)
		}
		retries++
		if serr := c.cfg.Sleep(ctx, wait); serr != nil {
			err = serr
			break
		}
	}
	if c.cfg.Log != nil {
		rec := RequestLog{Method: r.method, Path: redactedPath(r.path, r.query), Form: redactValues(r.form).Encode(), Status: status,
			Duration: c.cfg.Now().Sub(start), Retries: retries}
		if err != nil {
			rec.Err = err.Error()
		}
		c.cfg.Log(rec)
	}
	return hdr, err
}

// attemptResult says what one try of a request means for the next.
type attemptResult struct {
	status     int
	header     http.Header
	retry      bool          // safe and useful to try again
	unreached  bool          // the server could not be reached at all
	retryAfter time.Duration // the server's Retry-After
	limited    bool          // refused for the rate limit (429, 503)
	expired    bool          // 410: refresh and try once more
	// unknownToken: the service does not know the access token; another
	// process may have renewed it, so the stored pair is worth one try.
	unknownToken bool
	silent       time.Duration // how long the try waited for no answer
}

// throttle passes the service's "slow down" to a shared limiter, so the
// other clients of the service wait too instead of drawing more refusals.
func (c *Client) throttle(d time.Duration) {
	if t, ok := c.limiter.(Throttler); ok {
		t.Throttle(d)
	}
}

// idempotent requests may be repeated after a failure whatever happened.
func (r request) idempotent() bool { return r.method != http.MethodPost }

// attempt tries r once; limit (when positive) bounds the wait for its
// answer, past the limiter's wait for a turn.
func (c *Client) attempt(ctx context.Context, r request, access string, out any, limit time.Duration) (attemptResult, error) {
	var res attemptResult
	if c.limiter != nil {
		if err := c.limiter.Wait(ctx); err != nil {
			return res, err
		}
	}
	// The try's silence is counted from before its deadline is set, so a
	// try cut off by that deadline counts all of it, however slowly this
	// machine got from here to the send.
	startedAt := time.Now()
	actx := ctx
	if c.cfg.AnswerTimeout > 0 {
		var cancel context.CancelFunc
		actx, cancel = context.WithTimeout(ctx, max(limit, time.Millisecond))
		defer cancel()
	}
	req, err := c.newRequest(actx, r, access)
	if err != nil {
		return res, err
	}
	var wrote bool
	var wroteMu sync.Mutex
	trace := &httptrace.ClientTrace{WroteRequest: func(httptrace.WroteRequestInfo) {
		wroteMu.Lock()
		wrote = true
		wroteMu.Unlock()
	}}
	req = req.WithContext(httptrace.WithClientTrace(req.Context(), trace))
	resp, err := c.hc.Do(req)
	wroteMu.Lock()
	sent := wrote
	wroteMu.Unlock()
	if err != nil {
		res.silent = time.Since(startedAt)
		err = redactURLError(err)
		if !sent {
			// The request never left: any method may be tried again, unless
			// trying again cannot help (a certificate the system rejects).
			res.retry = ctx.Err() == nil && !isPermanentTransport(err)
			var oe *net.OpError
			res.unreached = errors.As(err, &oe) && oe.Op == "dial"
			return res, fmt.Errorf("%s %s: %w: %w", r.method, r.path, ErrNoAnswer, err)
		}
		res.retry = r.idempotent() && ctx.Err() == nil
		if !r.idempotent() {
			return res, fmt.Errorf("%s %s: %w: %w (%v)", r.method, r.path, ErrAmbiguous, ErrNoAnswer, err)
		}
		return res, fmt.Errorf("%s %s: %w: %w", r.method, r.path, ErrNoAnswer, err)
	}
	defer resp.Body.Close()
	res.status, res.header = resp.StatusCode, resp.Header
	body, readErr := io.ReadAll(io.LimitReader(resp.Body, 32<<20))
	var e *Error
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		notList := false
		if readErr == nil {
			e = errorInSuccess(r.method, r.path, resp, body)
			if e == nil {
				err := decodeSuccess(body, out)
				if err == nil {
					return res, nil
				}
				notList = errors.Is(err, ErrNotAList)
			}
		}
		if e == nil {
			// The server acted and answered, but the answer is cut off, not
			// JSON, or not the shape asked for.
			e = &Error{Method: r.method, Path: r.path, Status: resp.StatusCode, Unreadable: true, ContentType: resp.Header.Get("Content-Type"), notList: notList}
			if !r.idempotent() {
				return res, fmt.Errorf("%w: %w", ErrAmbiguous, e)
			}
			// A cut or garbled body may come whole next time; a page
			// without objects came whole and will come the same.
			res.retry = !notList
			return res, e
		}
	case resp.StatusCode >= 300 && resp.StatusCode < 400:
		// Never followed (see New): the API has no reason to send one, and
		// following it would carry the secret, the bearer token or a
		// password to wherever it points.
		e = &Error{Method: r.method, Path: r.path, Status: resp.StatusCode, Location: redirectTarget(resp)}
	default:
		e = decodeError(r.method, r.path, resp, body)
	}
	c.scrub(e, r, access)
	switch {
	case e.Status == http.StatusTooManyRequests && e.OAuth == "" || e.Status == http.StatusServiceUnavailable:
		// The rate limit (section 7.6): the server refused, nothing was done.
		res.retry, res.limited = true, true
		res.retryAfter = retryAfter(resp.Header.Get("Retry-After"), c.cfg.Now())
		e.RetryAfter = res.retryAfter
	case e.Status == http.StatusGone && r.auth:
		// An expired access token (section 7, extension 1). The real
		// service's answer may carry only its message, with neither the
		// invalid_token label nor X-Oauth-Error: any 410 on an authorized
		// call is renewed once.
		res.expired = true
	case r.auth && tokenUnknown(e):
		res.unknownToken = true
	case e.Status >= 500:
		res.retry = r.idempotent()
		if !r.idempotent() {
			return res, fmt.Errorf("%w: %w", ErrAmbiguous, e)
		}
	}
	return res, e
}

// tokenUnknown reports an answer saying the access token is not (or no
// longer) known: what a request meets when another process of the profile
// has just renewed the pair it set out with.
func tokenUnknown(e *Error) bool {
	return e.OAuth == "token_not_found" || e.OAuth == "invalid_token" || e.Status == http.StatusUnauthorized
}

// redirectTarget names where a redirect pointed, without its query or
// credentials.
func redirectTarget(resp *http.Response) string {
	loc, err := resp.Location()
	if err != nil {
		return ""
	}
	return (&url.URL{Scheme: loc.Scheme, Host: loc.Host, Path: loc.Path}).String()
}

func decodeSuccess(body []byte, out any) error {
	if out == nil {
		if len(body) == 0 || json.Valid(body) {
			return nil
		}
		return errors.New("not JSON")
	}
	// Valid JSON of an unexpected shape in one field is still the server's
	// answer: the call happened, so keep what decodes (a POST must not turn
	// ambiguous because a field changed type).
	return looseUnmarshal(body, out)
}

func (c *Client) newRequest(ctx context.Context, r request, access string) (*http.Request, error) {
	u := *c.base
	u.Path = strings.TrimRight(c.base.Path, "/") + "/" + strings.TrimLeft(r.path, "/")
	if len(r.query) > 0 {
		// A base URL's own query (a gateway's key, say) goes on every
		// call, with the call's parameters beside it: the call's win
		// where both name one.
		q := c.base.Query()
		for k, v := range r.query {
			q[k] = v
		}
		u.RawQuery = q.Encode()
	}
	var body io.Reader
	if r.form != nil {
		body = strings.NewReader(r.form.Encode())
	}
	req, err := http.NewRequestWithContext(ctx, r.method, u.String(), body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("X-Api-App-Id", c.cfg.Secret)
	req.Header.Set("User-Agent", c.cfg.UserAgent)
	req.Header.Set("Accept", "application/json")
	if r.form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if r.auth && access != "" {
		req.Header.Set("Authorization", "Bearer "+access)
	}
	return req, nil
}

// backoff is the wait before retry n: the server's Retry-After when given,
// else exponential with full jitter, capped.
func (c *Client) backoff(n int, retryAfter time.Duration) time.Duration {
	if retryAfter > 0 {
		return min(retryAfter, c.cfg.RetryMax)
	}
	d := c.cfg.RetryBase << n
	if d <= 0 || d > c.cfg.RetryMax {
		d = c.cfg.RetryMax
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	jitter := time.Duration(binary.LittleEndian.Uint64(b[:]) % uint64(d/2+1))
	return d/2 + jitter
}

// RetryDelay is how long to wait before trying a failed call again for
// the n-th time (from 0): the service's Retry-After when its answer gave
// one, else the client's back-off with jitter. A caller that keeps trying
// past the client's own retries (a sync that must finish) paces itself with it.
func (c *Client) RetryDelay(n int, err error) time.Duration {
	if e, ok := asError(err); ok && e.RetryAfter > 0 {
		return min(e.RetryAfter, maxRetryAfter)
	}
	return c.backoff(min(n, 16), 0)
}

// maxRetryAfter bounds a Retry-After a caller honours, against a server
// (or a proxy) that names an hour.
const maxRetryAfter = 10 * time.Minute

// retryAfter reads Retry-After: seconds or an HTTP date.
func retryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n >= 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0)
	}
	return 0
}

// isPermanentTransport reports transport failures a retry cannot cure.
func isPermanentTransport(err error) bool {
	var ua x509.UnknownAuthorityError
	var he x509.HostnameError
	var ci x509.CertificateInvalidError
	var ve *tls.CertificateVerificationError
	return errors.As(err, &ua) || errors.As(err, &he) || errors.As(err, &ci) || errors.As(err, &ve)
}

// redactURLError drops the URL (which may hold a refresh token in its query)
// from a transport error.
func redactURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		if ue.Timeout() {
			return fmt.Errorf("no answer in time: %w", ue.Err)
		}
		return ue.Err
	}
	return err
}
