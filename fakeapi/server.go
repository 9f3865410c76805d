// Package fakeapi is an in-process fake of the job board's HTTP API 2.0
// (../shared/api/job-board-api-2.0.md) with generated, realistic data.
//
// It serves the tests of every package, the demo mode and
// `hrdesk demo-server`. It enforces what the contract states (the app id
// header, token validity and expiry with the documented labels, paging
// bounds and the 500 cap, the three-month default period, 422s, the contacts
// failure bodies, 120 requests a minute) and can misbehave on purpose (fault
// mode). It shares no types with the client: two readings of the contract
// check each other.
package fakeapi

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Demo credentials: the application and the employer account of the demo.
const (
	DemoClientID = 1000
	DemoSecret   = "v3.r.100000000.5f2b1c9e0a7d4e6b8c3f1a2d9e7b6c5a4f3e2d1c.0a1b2c3d4e5f60718293a4b5c6d7e8f901a2b3c4"
	DemoLogin    = "demo@hrdesk.test"
	DemoPassword = "demo-password"
)

// Options configure a Server; zero values take the defaults.
type Options struct {
	ClientID        int
	Secret          string
	Login, Password string
	// Seed makes the generated data deterministic.
	Seed int64
	// Received is the number of generated received resumes (default 400).
	Received int
	// StatusMix, when set, gives the status (0, 10, 20, 30) of the i-th
	// generated entry, e.g. to put 10,000 in one list.
	StatusMix func(i int) int
	// Now is the clock (default time.Now).
	Now func() time.Time
	// ClockOffset sets the service's clock this far from Now: its ttl,
	// its expiries and its Date header, as a service whose clock is off.
	ClockOffset time.Duration
	// TokenTTL is the access token lifetime (default 7 days).
	TokenTTL time.Duration
	// RequestsPerMinute limits each client address (default 120; negative: no limit).
	RequestsPerMinute int
	// RateWindow is the period RequestsPerMinute counts over (default a
	// minute); tests shrink it to check a budget in seconds.
	RateWindow time.Duration
	// Faults make a share of answers fail on purpose.
	Faults Faults
	// Latency is added to every answer.
	Latency time.Duration
	// Arrivals, when positive, makes that many applicants respond (new
	// entries in the demo user's inbox) every ArrivalEvery (default a
	// minute) while the server is started: the live inbox's demo.
	Arrivals     int
	ArrivalEvery time.Duration
}

// Server is the fake service; it is an http.Handler.
type Server struct {
	opts Options
	mux  *http.ServeMux

	mu           sync.Mutex
	entries      map[int64]*entry
	order        []int64
	comments     []*comment
	nextComment  int64
	templates    map[string][]template
	vacancies    map[int64]*vacancy
	vacancyOrder []int64
	nextVacancy  int64
	tokens       map[string]*token // access token → token
	refresh      map[string]*token // refresh token → token
	codes        map[string]time.Time
	failedLogins map[string][]time.Time
	blocked      map[int64]bool
	subs         *collection // applicant vacancy subscriptions (4.3)
	selections   *collection // employer resume selections (4.6)
	mails        []SentMail
	money        bool // enough money on the account to buy contacts
	openAttempts map[int64]int
	requests     map[string]int
	limiter      *limiter
	faults       *faultPlan
	shapes       shapePlan
	offline      bool
	blockReasons []map[string]any // the employer is blocked (extension 4); nil: not

	httpSrv  *http.Server
	listener net.Listener
	stop     chan struct{} // ends the arrivals
}

// New generates the data and returns a server ready to serve.
func New(opts Options) *Server {
	if opts.ClientID == 0 {
		opts.ClientID = DemoClientID
	}
	if opts.Secret == "" {
		opts.Secret = DemoSecret
	}
	if opts.Login == "" {
		opts.Login = DemoLogin
	}
	if opts.Password == "" {
		opts.Password = DemoPassword
	}
	if opts.Received == 0 {
		opts.Received = 400
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.TokenTTL == 0 {
		opts.TokenTTL = 7 * 24 * time.Hour
	}
	if opts.ArrivalEvery <= 0 {
		opts.ArrivalEvery = time.Minute
	}
	if opts.RateWindow <= 0 {
		opts.RateWindow = time.Minute
	}
	if opts.RequestsPerMinute == 0 {
		opts.RequestsPerMinute = 120
	}
	s := &Server{
		opts: opts, entries: map[int64]*entry{}, vacancies: map[int64]*vacancy{}, nextVacancy: 46100000,
		tokens: map[string]*token{}, refresh: map[string]*token{}, codes: map[string]time.Time{},
		failedLogins: map[string][]time.Time{}, blocked: map[int64]bool{}, money: true,
		openAttempts: map[int64]int{}, requests: map[string]int{},
		subs: newCollection(), selections: newCollection(),
	}
	s.limiter = newLimiter(opts.RequestsPerMinute, opts.RateWindow, opts.Now)
	s.faults = newFaultPlan(opts.Faults)
	s.generate()
	s.routes()
	return s
}

func (s *Server) now() time.Time { return s.opts.Now().Add(s.opts.ClockOffset) }

// Start listens on addr (e.g. "127.0.0.1:0") and serves in the background;
// it returns the base URL.
func (s *Server) Start(addr string) (string, error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return "", err
	}
	s.listener = l
	s.httpSrv = &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go s.httpSrv.Serve(l)
	if s.opts.Arrivals > 0 {
		s.stop = make(chan struct{})
		go s.arrive(s.stop)
	}
	return "http://" + l.Addr().String(), nil
}

// Close stops a started server.
func (s *Server) Close() error {
	if s.httpSrv == nil {
		return nil
	}
	if s.stop != nil {
		close(s.stop)
		s.stop = nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	err := s.httpSrv.Shutdown(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		return s.httpSrv.Close()
	}
	return err
}

// ServeHTTP answers one request: app id check, rate limit, faults, then the method.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.opts.Latency > 0 {
		time.Sleep(s.opts.Latency)
	}
	s.mu.Lock()
	s.requests[routeKey(r.URL.Path)]++
	offline := s.offline
	s.mu.Unlock()
	if offline {
		hijackClose(w)
		return
	}
	// The service's own clock, not the machine's (Options.ClockOffset).
	w.Header().Set("Date", s.now().UTC().Format(http.TimeFormat))
	if s.shapes.redirect(w, r) || s.shapes.echo(w, r) {
		return
	}
	if !strings.HasPrefix(r.URL.Path, "/authorize") {
		if r.Header.Get("X-Api-App-Id") != s.opts.Secret {
			writeError(w, http.StatusForbidden, "Неверный ключ приложения в заголовке X-Api-App-Id", nil)
			return
		}
		if !s.limiter.allow(clientIP(r)) {
			w.Header().Set("Retry-After", "1")
			writeError(w, http.StatusTooManyRequests, "Limit is over", nil)
			return
		}
	}
	s.faults.serve(w, r, s.mux)
}

// SetFaults switches fault mode at run time.
func (s *Server) SetFaults(f Faults) { s.faults.set(f) }

// SetOffline makes the server drop every connection, like a dead network.
func (s *Server) SetOffline(off bool) {
	s.mu.Lock()
	s.offline = off
	s.mu.Unlock()
}

// Requests returns how many requests each path pattern received.
func (s *Server) Requests() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]int, len(s.requests))
	for k, v := range s.requests {
		out[k] = v
	}
	return out
}

// ResetRequests zeroes the request counters.
func (s *Server) ResetRequests() {
	s.mu.Lock()
	s.requests = map[string]int{}
	s.mu.Unlock()
}

// routeKey folds ids out of a path so counters group by method.
func routeKey(path string) string {
	parts := strings.Split(path, "/")
	for i, p := range parts {
		if p != "" && strings.Trim(p, "0123456789") == "" {
			parts[i] = ":id"
		}
	}
	return strings.Join(parts, "/")
}

func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// writeJSON answers status with v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeError answers with the error body of section 7; extra keys go into
// the error object (errors, error label).
func writeError(w http.ResponseWriter, status int, msg string, extra map[string]any) {
	body := map[string]any{"code": status, "message": msg}
	for k, v := range extra {
		body[k] = v
	}
	writeJSON(w, status, map[string]any{"error": body})
}

// writeOAuthError is writeError with the OAuth label in the body and in X-Oauth-Error (section 5.6).
func writeOAuthError(w http.ResponseWriter, status int, label, msg string) {
	w.Header().Set("X-Oauth-Error", label)
	writeError(w, status, msg, map[string]any{"error": label})
}

func hijackClose(w http.ResponseWriter) {
	if hj, ok := w.(http.Hijacker); ok {
		if conn, _, err := hj.Hijack(); err == nil {
			conn.Close()
			return
		}
	}
	w.WriteHeader(http.StatusServiceUnavailable)
}
