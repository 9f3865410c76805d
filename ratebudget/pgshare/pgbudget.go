// Package pgshare keeps a service's request budget in PostgreSQL, so that
// every hrdesk process naming the same database — workstations on twenty
// laptops behind one NAT address, several `hrdesk serve` hosts behind one
// egress — takes its turns from one budget per service host (issue 21).
//
// A Source is a ratebudget.Source: each process's ratebudget.Scheduler keeps its
// own order (a recruiter's actions first, background round-robin between
// its profiles) and asks the Source for a batch of turns for everything
// waiting. One ask is one round trip: a pipelined batch that takes the
// host's advisory lock, forgets what left the window and grants in one
// statement (sql.go). The rules across processes are in that statement:
// no more than the limit in any window (plus a margin for the way to the
// service), a reserve left for recruiters' actions, background work
// smoothed over the window and least-spent profile first, and a 429/503
// seen by any process holding them all.
//
// When the database does not answer within Patience, the process runs on
// a local budget at a quarter of the limit (Fallback) and says why; a
// probe brings it back to the shared one when the database answers,
// noting there what it sent meanwhile.
package pgshare

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/time/rate"

	"hrdesk/ratebudget"
)

// Config sizes a shared budget; zero values take the defaults.
type Config struct {
	// URL names the database (postgres://user@host/db).
	URL string
	// Host is the service's host (and port): one budget per host.
	Host string
	// Budget is the service's limit (ratebudget.Config's defaults apply).
	Budget ratebudget.Config
	// Machine names this machine among those sharing the budget (default
	// its hostname); only a hash of it is stored.
	Machine string
	// Margin is added to the window a turn counts in, for the way from
	// the grant to the service (default a sixtieth of the window, at
	// least 100 ms): a request granted late in one window must not reach
	// the service early in the next.
	Margin time.Duration
	// Patience is the most a request waits on the database before the
	// process falls back to its local share (default: the URL's
	// connect_timeout, else 750 ms).
	Patience time.Duration
	// Probe is how often a process running on its fallback asks whether
	// the database is back (default 2 s).
	Probe time.Duration
	// FallbackShare is the part of the limit a process takes on its own
	// while the database is away (default a quarter).
	FallbackShare float64
	// Now, when set, is the clock the window is kept by instead of the
	// database's (which every machine shares, whatever their own clocks
	// say): tests on a fake clock.
	Now func() time.Time
	// Log, when set, is told once what the user should know and would
	// not see otherwise: the process left the shared budget (and why),
	// impossible rows were dropped, the service asked everyone to wait
	// more than a minute (a command's stderr).
	Log func(line string)
	// Tell, when set, is told those instead, as facts (Notice), for words
	// in the user's language.
	Tell func(Notice)
}

func (c Config) withDefaults() Config {
	c.Budget = c.Budget.Resolved()
	if c.Machine == "" {
		c.Machine, _ = os.Hostname()
	}
	if c.Margin <= 0 {
		c.Margin = max(c.Budget.Window/60, 100*time.Millisecond)
	}
	if c.Patience <= 0 {
		c.Patience = 750 * time.Millisecond
	}
	if c.Probe <= 0 {
		c.Probe = 2 * time.Second
	}
	if c.FallbackShare <= 0 || c.FallbackShare > 1 {
		c.FallbackShare = 0.25
	}
	return c
}

// The rules background work keeps — the reserve left for recruiters'
// actions, growing while they act, and the smoothing over twelfths of the
// window — are budget's (ratebudget.Config.Reserve, SmoothPart), which a
// process's own Scheduler keeps too (issue 21 §2).
const (
	// wantTTL is how long a refused profile counts as starving without
	// asking again.
	wantTTL = 2 * time.Second
	// otherHostsKept is how long a turn of another host is kept: its
	// window is not known here, and no service's is near an hour
	// (section 8: a minute), so a host no longer used leaves nothing.
	otherHostsKept = time.Hour
	// longWait is a wait the user is told about, with its cause.
	longWait = time.Minute
)

// querier is what the Source needs of a pool (or a connection).
type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// Source is one process's handle on the shared budget of one host.
type Source struct {
	cfg     Config
	pool    *pgxpool.Pool
	machine string // hash
	redact  func(string) string

	mu        sync.Mutex
	ready     bool      // the table is known to exist
	down      string    // why the database is away ("" while it answers)
	downSince time.Time //
	probing   bool
	offset    time.Duration    // the database's clock minus ours
	local     *rate.Limiter    // the fallback share
	localSent []time.Time      // turns let go on the fallback, to note when back
	last      ratebudget.Usage // the shared window at the latest answer
	lastAt    time.Time
	reading   bool
	names     map[string]string // tenant → stored profile hash
	toldHold  time.Time         // the long hold last told to Log (database's clock)
	// Learned limits (learned.go): whether the table holds them, what the
	// latest ask read, and whether this process has read them yet.
	shareLimits bool
	learned     []ratebudget.Learned
	learnedRead bool
	closed      bool
}

// now is the time to judge the window by: nil for the database's clock.
func (s *Source) now() *time.Time {
	if s.cfg.Now == nil {
		return nil
	}
	t := s.cfg.Now()
	return &t
}

// clock is this machine's time (or the test's).
func (s *Source) clock() time.Time {
	if s.cfg.Now != nil {
		return s.cfg.Now()
	}
	return time.Now()
}

// Open makes a Source for cfg. It does not wait for the database: the
// first ask connects (and creates the table), and a database that does not
// answer puts the process on its fallback share at once.
func Open(cfg Config) (*Source, error) {
	pc, err := pgxpool.ParseConfig(cfg.URL)
	if err != nil {
		return nil, errors.New(Redact(err.Error(), cfg.URL))
	}
	// A database behind a slow link is given the connect_timeout its URL
	// (or PGCONNECT_TIMEOUT) names, libpq's own knob, before the process
	// leaves it for the fallback share.
	if cfg.Patience <= 0 && pc.ConnConfig.ConnectTimeout > 0 {
		cfg.Patience = pc.ConnConfig.ConnectTimeout
	}
	cfg = cfg.withDefaults()
	pc.ConnConfig.ConnectTimeout = cfg.Patience
	pc.MaxConns = 4
	pc.MinConns = 0
	pc.HealthCheckPeriod = 10 * time.Second
	pool, err := pgxpool.NewWithConfig(context.Background(), pc)
	if err != nil {
		return nil, errors.New(Redact(err.Error(), cfg.URL))
	}
	fb := ratebudget.Config{Requests: max(1, int(float64(cfg.Budget.Requests)*cfg.FallbackShare)), Window: cfg.Budget.Window, Burst: 1}
	return &Source{
		cfg: cfg, pool: pool, machine: hash(cfg.Machine),
		redact: func(s string) string { return Redact(s, cfg.URL) },
		local:  rate.NewLimiter(fb.Sustained(), 1),
		names:  map[string]string{},
	}, nil
}

// Close closes the Source's connections.
func (s *Source) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.pool.Close()
}

func hash(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:8])
}

// profile is the stored name of a tenant: a hash of machine and tenant (a
// data directory's path says whose it is).
func (s *Source) profile(tenant string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.names[tenant]
	if !ok {
		p = hash(s.cfg.Machine + "\x00" + tenant)
		s.names[tenant] = p
	}
	return p
}

// Take grants turns from the shared budget, or from the fallback share
// while the database is away. It returns within Patience.
func (s *Source) Take(ctx context.Context, ask ratebudget.Ask) (ratebudget.Grant, error) {
	if err := ctx.Err(); err != nil {
		return ratebudget.Grant{}, err
	}
	s.mu.Lock()
	down := s.down != ""
	s.mu.Unlock()
	if down {
		return s.takeLocal(ask), nil
	}
	g, err := s.takeShared(ctx, ask)
	if err != nil {
		if ctx.Err() != nil {
			return ratebudget.Grant{}, ctx.Err()
		}
		s.fallBack(err)
		return s.takeLocal(ask), nil
	}
	return g, nil
}

func (s *Source) takeShared(ctx context.Context, ask ratebudget.Ask) (ratebudget.Grant, error) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Patience)
	defer cancel()
	if err := s.ensureTable(ctx); err != nil {
		return ratebudget.Grant{}, err
	}
	s.mu.Lock()
	first := !s.learnedRead && s.shareLimits
	s.mu.Unlock()
	if first {
		if inForce, err := s.firstLimits(ctx); err != nil || inForce {
			return ratebudget.Grant{}, err // the scheduler trims by them, then asks again
		}
	}
	iprof := make([]string, len(ask.Interactive))
	for i, t := range ask.Interactive {
		iprof[i] = s.profile(t)
	}
	bprof := make([]string, len(ask.Background))
	byProfile := map[string]string{}
	for i, t := range ask.Background {
		bprof[i] = s.profile(t)
		byProfile[bprof[i]] = t
	}
	b := s.cfg.Budget
	win := (b.Window + s.cfg.Margin).Seconds()
	part, partCap := b.SmoothPart()
	batch := &pgx.Batch{}
	batch.Queue(lockHost, s.cfg.Host)
	at := s.now()
	var (
		badHolds, badTurns, badLimits int64
		badLatest                     *time.Time
	)
	batch.Queue(forget, s.cfg.Host, win, wantTTL.Seconds(), otherHostsKept.Seconds(), MaxHold.Seconds(), MaxAhead.Seconds(), at,
		b.LearnedFor().Seconds(), b.ShareFloor(), b.Requests).
		QueryRow(func(r pgx.Row) error { return r.Scan(&badHolds, &badTurns, &badLimits, &badLatest) })
	var (
		interactive, used, profiles, machines, granted, starving int64
		bg                                                       []string
		dbNow                                                    time.Time
		oldest, hold                                             *time.Time
	)
	batch.Queue(take, s.cfg.Host, win, b.Requests, iprof, bprof, s.machine,
		b.IdleReserve(), b.MostReserve(), part.Seconds(), partCap, wantTTL.Seconds(), at, ratebudget.ReservePerAction,
		MaxHold.Seconds(), MaxAhead.Seconds()).
		QueryRow(func(r pgx.Row) error {
			return r.Scan(&interactive, &bg, &dbNow, &used, &oldest, &hold, &profiles, &machines, &granted, &starving)
		})
	var (
		limitNs  []int32
		limitAts []time.Time
		limitNow time.Time
	)
	s.mu.Lock()
	shareLimits := s.shareLimits
	s.mu.Unlock()
	if shareLimits {
		batch.Queue(limits, append([]any{s.cfg.Host, at}, s.limitArgs()...)...).
			QueryRow(func(r pgx.Row) error { return r.Scan(&limitNs, &limitAts, &limitNow) })
	}
	sent := s.clock()
	if err := s.pool.SendBatch(ctx, batch).Close(); err != nil {
		return ratebudget.Grant{}, err
	}
	back := s.clock()
	offset := dbNow.Sub(sent.Add(back.Sub(sent) / 2))
	if shareLimits {
		s.gotLimits(limitNs, limitAts, offset)
	}
	s.tellImpossible(badHolds, badTurns, badLimits, badLatest)
	if hold != nil && hold.Sub(dbNow) > longWait {
		s.tellHold(*hold, hold.Add(-offset))
	}

	g := ratebudget.Grant{Interactive: int(interactive)}
	for _, p := range bg {
		g.Background = append(g.Background, byProfile[p])
	}
	// When to ask again for what was refused, on this machine's clock.
	local := func(t time.Time) time.Time { return t.Add(-offset) }
	spacing := b.Window / time.Duration(b.Requests)
	switch {
	case hold != nil:
		g.Retry = local(*hold)
	case oldest != nil && (int(interactive) < len(ask.Interactive) || int(used+granted) >= b.Requests-b.IdleReserve()):
		// The window is full (for background work: but for the reserve):
		// nothing frees before its oldest turn leaves it.
		g.Retry = local(oldest.Add(b.Window + s.cfg.Margin))
	default:
		// Refused to leave room, to smooth, or for a starving profile:
		// again after about a turn's spacing, the processes spread.
		g.Retry = back.Add(spacing/2 + rand.N(spacing))
	}
	u := ratebudget.Usage{Limit: b.Requests, Window: b.Window, Used: int(used + granted), Shared: true,
		Profiles: int(profiles), Machines: int(machines)}
	u.Left = max(u.Limit-u.Used, 0)
	switch {
	case oldest != nil:
		u.Next = local(oldest.Add(b.Window))
	case granted > 0: // the window was empty: its first turns are these
		u.Next = local(dbNow.Add(b.Window))
	}
	if u.Used > 0 {
		u.Full = back.Add(b.Window)
	}
	if hold != nil {
		u.Left, u.Next = 0, local(*hold)
	}
	s.mu.Lock()
	s.offset = offset
	s.last, s.lastAt = u, back
	s.mu.Unlock()
	return g, nil
}

func (s *Source) ensureTable(ctx context.Context) error {
	s.mu.Lock()
	ready := s.ready
	s.mu.Unlock()
	if ready {
		return nil
	}
	limits, err := migrate(ctx, s.pool)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.ready, s.shareLimits = true, limits
	s.mu.Unlock()
	return nil
}

// takeLocal grants from the fallback share: one turn at a time, a
// recruiter's action first.
func (s *Source) takeLocal(ask ratebudget.Ask) ratebudget.Grant {
	if len(ask.Interactive) == 0 && len(ask.Background) == 0 {
		return ratebudget.Grant{}
	}
	r := s.local.Reserve()
	if d := r.Delay(); d > 0 {
		r.Cancel()
		return ratebudget.Grant{Retry: time.Now().Add(d)}
	}
	s.mu.Lock()
	s.localSent = append(s.localSent, time.Now())
	if len(s.localSent) > s.cfg.Budget.Requests {
		s.localSent = s.localSent[len(s.localSent)-s.cfg.Budget.Requests:]
	}
	s.mu.Unlock()
	if len(ask.Interactive) > 0 {
		return ratebudget.Grant{Interactive: 1}
	}
	return ratebudget.Grant{Background: ask.Background[:1]}
}

// fallBack puts the process on its own share and starts the probe that
// brings it back.
func (s *Source) fallBack(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.down != "" || s.closed {
		return
	}
	s.down = s.redact(reason(err))
	s.downSince = time.Now()
	if s.cfg.Log != nil || s.cfg.Tell != nil {
		go s.tell(Notice{Kind: NoticeFallback, Share: max(1, int(float64(s.cfg.Budget.Requests)*s.cfg.FallbackShare)), Why: s.down})
	}
	s.ready = false // the database may come back empty
	s.learnedRead = false
	if !s.probing {
		s.probing = true
		go s.probe()
	}
}

// probe asks the database every Probe until it answers, then notes what
// this process sent on its own meanwhile and returns it to the shared
// budget.
func (s *Source) probe() {
	for {
		time.Sleep(s.cfg.Probe)
		s.mu.Lock()
		if s.closed {
			s.probing = false
			s.mu.Unlock()
			return
		}
		s.mu.Unlock()
		if err := s.rejoin(); err != nil {
			s.mu.Lock()
			s.down = s.redact(reason(err))
			s.mu.Unlock()
			continue
		}
		s.mu.Lock()
		s.down, s.probing = "", false
		s.mu.Unlock()
		return
	}
}

func (s *Source) rejoin() error {
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.Patience)
	defer cancel()
	var dbNow time.Time
	if err := s.pool.QueryRow(ctx, `SELECT clock_timestamp()`).Scan(&dbNow); err != nil {
		return err
	}
	offset := time.Until(dbNow)
	if s.cfg.Now != nil {
		offset = 0 // the window is kept by the test's clock
	}
	limits, err := migrate(ctx, s.pool)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.shareLimits = limits
	times := make([]time.Time, 0, len(s.localSent))
	for _, t := range s.localSent {
		times = append(times, t.Add(offset))
	}
	s.mu.Unlock()
	if len(times) > 0 {
		win := (s.cfg.Budget.Window + s.cfg.Margin).Seconds()
		if _, err := s.pool.Exec(ctx, note, s.cfg.Host, times, s.machine, win, s.now()); err != nil {
			return err
		}
	}
	s.mu.Lock()
	s.localSent = nil
	s.ready = true
	s.mu.Unlock()
	return nil
}

// Throttle holds every process of the host for d (a 429/503's
// Retry-After, at most MaxHold). It does not wait for the database: the
// process's own scheduler holds at once, the others from their next ask.
func (s *Source) Throttle(d time.Duration) {
	if d <= 0 {
		return
	}
	s.mu.Lock()
	down := s.down != ""
	s.mu.Unlock()
	if down {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), s.cfg.Patience)
		defer cancel()
		if err := s.hold(ctx, d); err != nil && ctx.Err() == nil {
			s.fallBack(err)
		}
	}()
}

// hold notes Throttle's hold in the database.
func (s *Source) hold(ctx context.Context, d time.Duration) error {
	if err := s.ensureTable(ctx); err != nil {
		return err
	}
	_, err := s.pool.Exec(ctx, holdAll, s.cfg.Host, min(d, MaxHold).Seconds(), s.now(), MaxHold.Seconds())
	return err
}

// tellHold says once per hold (as the table dates it) that everyone
// waits for the service, until when (until: this machine's clock) and why.
func (s *Source) tellHold(hold, until time.Time) {
	s.mu.Lock()
	told := s.toldHold.Equal(hold)
	s.toldHold = hold
	s.mu.Unlock()
	if !told {
		s.tell(Notice{Kind: NoticeHold, Until: until, Now: s.clock()})
	}
}
