// Package budget shares one service's request budget among everything a
// process sends to it (issue 12). The contract allows 120 requests a minute
// per IP address (section 8), and every recruiter of one `hrdesk serve`
// shares the server's address: a limiter per client lets four recruiters
// send four times the budget and draw 429s. Here there is one Scheduler per
// service host; each profile takes a Tenant of it.
//
// A Scheduler grants requests in order of priority: the recruiter's own
// actions (the default, Interactive) before Background work (sync, polling),
// and background requests round-robin between tenants, so nobody's first
// sync of 10,000 resumes starves a colleague. The pacing itself is
// golang.org/x/time/rate.
//
// The package knows nothing else of hrdesk; apiclient takes a Tenant as its
// Limiter.
package ratebudget

import (
	"context"
	"net/url"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Priority orders the requests waiting for one host's budget.
type Priority int

// Priorities, most urgent first.
const (
	// Interactive is a request the recruiter waits for: an action, a
	// purchase, the screen in front of them. It is the default.
	Interactive Priority = iota
	// Background is a request nobody is looking at: sync and polling.
	Background
)

type priorityKey struct{}

// WithPriority marks the requests made with ctx.
func WithPriority(ctx context.Context, p Priority) context.Context {
	return context.WithValue(ctx, priorityKey{}, p)
}

// PriorityOf is the priority ctx carries; Interactive when none.
func PriorityOf(ctx context.Context) Priority {
	p, _ := ctx.Value(priorityKey{}).(Priority)
	return p
}

// Config sizes a budget; zero values take the defaults.
type Config struct {
	// Requests is how many requests the service allows per Window
	// (default 120, section 8).
	Requests int
	// Window is the period Requests is counted over (default a minute;
	// tests shrink it).
	Window time.Duration
	// Burst is how many requests may go at once after a quiet spell
	// (default 4, at most Requests/4).
	Burst int
}

// DefaultRequests is the contract's figure (section 8).
const DefaultRequests = 120

// Resolved is c with its defaults filled in.
func (c Config) Resolved() Config { return c.withDefaults() }

func (c Config) withDefaults() Config {
	if c.Requests <= 0 {
		c.Requests = DefaultRequests
	}
	if c.Window <= 0 {
		c.Window = time.Minute
	}
	if c.Burst <= 0 {
		c.Burst = 4
	}
	c.Burst = max(1, min(c.Burst, c.Requests/4))
	return c
}

// Sustained is the steady rate a Scheduler of c grants: the burst and one
// request of slack come off the budget, so that no window of length Window
// sees more than Requests even when a full burst opens it and arrivals at
// the service are a little bunched by the network.
func (c Config) Sustained() rate.Limit {
	c = c.withDefaults()
	per := max(1, c.Requests-c.Burst-1)
	return rate.Limit(float64(per) / c.Window.Seconds())
}

// Scheduler is one service host's budget. It is safe for concurrent use;
// its goroutine runs only while requests wait.
type Scheduler struct {
	cfg Config
	lim *rate.Limiter

	mu        sync.Mutex
	urgent    []*waiter  // Interactive, first come first served
	ring      []*tenantQ // tenants with Background requests waiting
	next      int        // the ring position served next
	pumping   bool
	holdUntil time.Time // the service asked everyone to wait until then
	granted   int
	sent      sentRing       // when the latest grants went, for Usage
	acted     sentRing       // when the latest Interactive grants went: the reserve grows with them
	joined    map[string]int // profiles with an open workspace (Join), for PollEvery
	learned   learning       // what the service's refusals taught (learn.go)
	tuned     int            // the limit the token bucket paces at

	src  Source        // where turns come from when the budget is shared (NewShared)
	wake chan struct{} // an Interactive request arrived while the pump sleeps on background work

	sharedUntil time.Time     // the Source said nothing goes before then (waitreport.go)
	aheadMoved  chan struct{} // closed when sharedUntil moves: reporting waiters look again
}

type tenantQ struct {
	name  string
	queue []*waiter
}

type waiter struct {
	ready  chan struct{} // closed when the request may go
	tenant string
	prio   Priority
}

// New makes a scheduler for one service.
func New(cfg Config) *Scheduler {
	cfg = cfg.withDefaults()
	return &Scheduler{cfg: cfg, lim: rate.NewLimiter(cfg.Sustained(), cfg.Burst), tuned: cfg.Requests,
		joined: map[string]int{}, wake: make(chan struct{}, 1)}
}

// Config is the scheduler's resolved configuration.
func (s *Scheduler) Config() Config { return s.cfg }

// Tenant is one profile's share of the scheduler; pass it to the profile's
// API client as its limiter.
func (s *Scheduler) Tenant(name string) Tenant { return Tenant{s: s, name: name} }

// Tenant is a profile's handle on a Scheduler.
type Tenant struct {
	s    *Scheduler
	name string
}

// Wait blocks until a request may be sent, or ctx ends. The priority
// comes from ctx (WithPriority).
func (t Tenant) Wait(ctx context.Context) error { return t.s.wait(ctx, t.name, PriorityOf(ctx)) }

// Throttle tells the scheduler the service refused a request for the rate
// limit and asked to wait d: every tenant of the host waits, since the
// service counts them together.
func (t Tenant) Throttle(d time.Duration) { t.s.Throttle(d) }

// Learned is the scheduler's learned limit (Scheduler.Learned).
func (t Tenant) Learned() (limit int, since time.Time) { return t.s.Learned() }

// Throttle tells the scheduler the service refused one request for the
// rate limit and asked to wait d: it holds every request of the host for
// d (a shared budget's Source passes that on to every process that shares
// it) and lowers its limit to what the service allowed (learn.go).
func (s *Scheduler) Throttle(d time.Duration) {
	if s.src != nil && d > 0 {
		s.src.Throttle(d)
	}
	now := time.Now()
	shared, sharedOK := s.sharedUsage()
	s.mu.Lock()
	sent, _, _ := s.sent.within(now.Add(-s.cfg.Window))
	if sharedOK {
		// The service counts the office's requests, not this process's.
		sent = max(sent, shared.Used)
	}
	s.refusal(now, sent)
	learned := s.share()
	if until := now.Add(d); until.After(s.holdUntil) {
		s.holdUntil = until
	}
	s.mu.Unlock()
	if ls, ok := s.src.(LearnSource); ok {
		ls.Learn(learned) // every process of the office lowers its rate too
	}
}

// Granted is how many requests the scheduler has let go.
func (s *Scheduler) Granted() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.granted
}

func (s *Scheduler) wait(ctx context.Context, tenant string, p Priority) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	w := &waiter{ready: make(chan struct{}), tenant: tenant, prio: p}
	s.mu.Lock()
	s.enqueue(w)
	switch {
	case !s.pumping:
		s.pumping = true
		if s.src != nil {
			go s.pumpShared()
		} else {
			go s.pump()
		}
	case p == Interactive:
		s.wakePump()
	}
	r := reporter{f: waitReportOf(ctx), least: s.cfg.Window / 12}
	var (
		moved <-chan struct{} // nil: nobody to tell, nothing to watch
		ahead time.Duration
	)
	if r.f != nil {
		ahead, moved = s.roomAhead(time.Now()), s.aheadMove()
	}
	s.mu.Unlock()
	r.say(ahead)
	defer r.end()
	for {
		select {
		case <-w.ready:
			return nil
		case <-moved: // the Source said when the next turn could come
			s.mu.Lock()
			ahead, moved = s.roomAhead(time.Now()), s.aheadMove()
			s.mu.Unlock()
			r.say(ahead)
		case <-ctx.Done():
			return s.giveUp(ctx, w)
		}
	}
}

// giveUp takes w, whose ctx ended, out of its queue.
func (s *Scheduler) giveUp(ctx context.Context, w *waiter) error {
	s.mu.Lock()
	removed := s.remove(w)
	if removed && s.empty() {
		// Nothing waits any more: a pump sleeping until the window
		// has room for background work may stop now.
		s.wakePump()
	}
	s.mu.Unlock()
	if !removed {
		// Granted at the same moment: the token is spent either way.
		<-w.ready
	}
	return ctx.Err()
}

// wakePump ends the pump's sleep on background work: an action arrived,
// or nothing waits any more.
func (s *Scheduler) wakePump() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

func (s *Scheduler) enqueue(w *waiter) {
	if w.prio == Interactive {
		s.urgent = append(s.urgent, w)
		return
	}
	for _, tq := range s.ring {
		if tq.name == w.tenant {
			tq.queue = append(tq.queue, w)
			return
		}
	}
	s.ring = append(s.ring, &tenantQ{name: w.tenant, queue: []*waiter{w}})
}

// remove takes a waiter that gave up out of its queue; false when it was
// already granted.
func (s *Scheduler) remove(w *waiter) bool {
	if i := indexOf(s.urgent, w); i >= 0 {
		s.urgent = append(s.urgent[:i], s.urgent[i+1:]...)
		return true
	}
	for ri, tq := range s.ring {
		if i := indexOf(tq.queue, w); i >= 0 {
			tq.queue = append(tq.queue[:i], tq.queue[i+1:]...)
			if len(tq.queue) == 0 {
				s.dropTenant(ri)
			}
			return true
		}
	}
	return false
}

func indexOf(q []*waiter, w *waiter) int {
	for i, x := range q {
		if x == w {
			return i
		}
	}
	return -1
}

func (s *Scheduler) dropTenant(ri int) {
	s.ring = append(s.ring[:ri], s.ring[ri+1:]...)
	if s.next > ri {
		s.next--
	}
	if s.next >= len(s.ring) {
		s.next = 0
	}
}

// pop takes the request to grant next: Interactive first, then one
// Background request of the next tenant in the ring.
func (s *Scheduler) pop() *waiter {
	if len(s.urgent) > 0 {
		w := s.urgent[0]
		s.urgent = s.urgent[1:]
		return w
	}
	if len(s.ring) == 0 {
		return nil
	}
	if s.next >= len(s.ring) {
		s.next = 0
	}
	ri := s.next
	tq := s.ring[ri]
	w := tq.queue[0]
	tq.queue = tq.queue[1:]
	if len(tq.queue) == 0 {
		s.dropTenant(ri)
	} else {
		s.next = (ri + 1) % len(s.ring)
	}
	return w
}

func (s *Scheduler) empty() bool { return len(s.urgent) == 0 && len(s.ring) == 0 }

// pump grants requests one token at a time while any wait. Who gets a
// token is decided when it becomes available, not when it is reserved, so
// an action the recruiter takes meanwhile goes before queued sync pages.
//
// Background work keeps the rules pgshare keeps across machines (rules.go):
// it leaves the reserve of the window free for recruiters' actions, which
// grows while they act, so that a hundred profiles' polls and syncs take
// at most three quarters of the minute then. (The smoothing over twelfths of
// the window needs no rule here: the token bucket grants no faster than
// its sustained rate plus the burst.) While what waits has no room in the
// window, the pump sleeps until the window's oldest grant leaves it, an
// action arrives, or nothing waits any more.
func (s *Scheduler) pump() {
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		s.mu.Lock()
		if s.empty() {
			s.pumping = false
			s.mu.Unlock()
			return
		}
		now := time.Now()
		hold := s.holdUntil.Sub(now)
		full := s.roomWait(now)
		s.retune(now)
		s.mu.Unlock()
		if hold > 0 {
			s.sleepShared(timer, hold)
			continue
		}
		if full > 0 {
			s.sleepShared(timer, full)
			continue
		}
		r := s.lim.Reserve()
		if d := r.Delay(); d > 0 && !s.sleepShared(timer, d) {
			// Woken early: nobody may wait any more.
			r.Cancel()
			continue
		}
		s.mu.Lock()
		now = time.Now()
		// The service may have said to wait while this token ripened: a
		// token unused is cheaper than a refused request.
		if !now.Before(s.holdUntil) && s.roomWait(now) == 0 {
			if w := s.pop(); w != nil {
				s.granted++
				s.sent.add(now, s.cfg.Requests)
				if w.prio == Interactive {
					s.acted.add(now, s.cfg.Requests)
				}
				close(w.ready)
			}
		}
		s.mu.Unlock()
	}
}

// roomWait is how long the request granted next must wait for room in the
// window at now: zero when the window holds fewer grants than the limit
// in force, less the reserve for recruiters' actions when it is background
// work; else until its oldest grant leaves it. s.mu is held.
func (s *Scheduler) roomWait(now time.Time) time.Duration {
	limit, span := s.limitNow(now)
	since := now.Add(-span)
	reserve := 0
	if len(s.urgent) == 0 {
		c := s.cfg
		c.Requests = limit
		actions, _, _ := s.acted.within(since)
		reserve = c.Reserve(actions)
	}
	used, oldest, _ := s.sent.within(since)
	if used < limit-reserve {
		return 0
	}
	return max(oldest.Add(span).Sub(now), time.Millisecond)
}

// Registry holds one Scheduler per service host, so every client of a
// process that talks to one service shares its budget.
type Registry struct {
	mu    sync.Mutex
	hosts map[string]*Scheduler
}

// NewRegistry makes an empty registry.
func NewRegistry() *Registry {
	return &Registry{hosts: map[string]*Scheduler{}}
}

// For returns the scheduler of baseURL's host (host and port), making it
// with cfg on first use; later calls share it whatever cfg they give. An
// address that does not parse is its own key.
func (r *Registry) For(baseURL string, cfg Config) *Scheduler {
	return r.ForSource(baseURL, cfg, nil)
}

// HostKey is the key of baseURL's budget: its host and port, lower case.
func HostKey(baseURL string) string {
	if u, err := url.Parse(baseURL); err == nil && u.Host != "" {
		return strings.ToLower(u.Host)
	}
	return strings.ToLower(baseURL)
}

// ForSource is For for a budget shared beyond the process: on first use
// the host's scheduler takes its turns from open(host) (nil open: its
// own). When open fails the host gets a scheduler of its own at a quarter
// of the limit, the share a shared budget's fallback takes.
func (r *Registry) ForSource(baseURL string, cfg Config, open func(host string) (Source, error)) *Scheduler {
	key := HostKey(baseURL)
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.hosts[key]
	if s == nil {
		s = r.make(key, cfg, open)
		r.hosts[key] = s
	}
	return s
}

func (r *Registry) make(key string, cfg Config, open func(string) (Source, error)) *Scheduler {
	if open == nil {
		return New(cfg)
	}
	src, err := open(key)
	if err != nil {
		cfg = cfg.withDefaults()
		cfg.Requests, cfg.Burst = max(1, cfg.Requests/4), 1
		return New(cfg)
	}
	return NewShared(cfg, src)
}
