package syncer

import (
	"context"
	"fmt"
	"hrdesk/problem"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"hrdesk/ratebudget"
	"hrdesk/store"
)

// Options tune an Engine; zero values take the defaults.
type Options struct {
	// Horizon is how far back received resumes are fetched (default 365
	// days); the server alone would give three months.
	Horizon time.Duration
	// Scope is the list to sync: ScopeMine (default) or ScopeCompany.
	Scope store.Scope
	// Overlap re-reads this much before the last sync point, so an event
	// stamped a little in the past is not missed (default 10 minutes).
	Overlap time.Duration
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Progress receives progress reports; it is called from the syncing
	// goroutine and must not block.
	Progress func(Progress)
	// Owner names this process for the store's sync lease.
	Owner string
	// Sleep waits before a request is tried again (default: a timer that
	// ends with ctx); tests replace it.
	Sleep func(ctx context.Context, d time.Duration) error
	// UserFolders are the recruiter's own folders (config.toml): no list
	// call names them, so a resume whose newest folder-changing event is a
	// move naming one is placed there, and one naming a site's folder none
	// of them matches under the site's name (see userfolders.go).
	UserFolders []UserFolder
	// RecheckPause is how long a list that would hide most of a folder
	// waits before it is read again (default DefaultRecheckPause); the
	// wait goes through Sleep.
	RecheckPause time.Duration
}

// Engine pulls and pushes for one profile's store. Its methods may be called
// from several goroutines; a second Sync while one runs waits for it.
type Engine struct {
	srv  Server
	st   *store.Store
	opts Options

	mu        sync.Mutex // one sync or push at a time per process
	recovered bool       // RecoverInFlight ran for this process
	// patience is how long the run under way waits out failures: a Sync
	// all it takes, a Push a short rate limit, a Poll nothing.
	patience patience
	prog     progressMeter
}

// Statuses are the four received-resume lists in the order they are synced:
// the inbox first, since that is what the recruiter opens first.
var Statuses = []int{0, 20, 10, 30}

// PageSize is the largest page the API serves (section 1).
const PageSize = 100

// Cap is the most entities the API returns for one query (section 1, rule 1).
const Cap = 500

// leaseTTL bounds how long a crashed process keeps others from syncing.
const leaseTTL = 2 * time.Minute

// New makes an engine.
func New(srv Server, st *store.Store, opts Options) *Engine {
	if opts.Horizon <= 0 {
		opts.Horizon = 365 * 24 * time.Hour
	}
	if opts.Scope == store.ScopeAll {
		opts.Scope = store.ScopeMine
	}
	if opts.Overlap <= 0 {
		opts.Overlap = 10 * time.Minute
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Sleep == nil {
		opts.Sleep = sleepCtx
	}
	if opts.RecheckPause <= 0 {
		opts.RecheckPause = DefaultRecheckPause
	}
	if opts.Owner == "" {
		opts.Owner = OwnerPrefix() + strconv.FormatInt(time.Now().UnixNano(), 36)
	}
	e := &Engine{srv: srv, st: st, opts: opts}
	e.prog.report = opts.Progress
	e.prog.now = opts.Now
	return e
}

// ErrBusy means another process of this profile is syncing right now.
var ErrBusy error = busyError{}

type busyError struct{}

func (busyError) Error() string {
	return "another hrdesk session of this profile is syncing; try again in a moment"
}

// ProblemKind makes it problem.Busy wherever it is classified.
func (busyError) ProblemKind() problem.Kind { return problem.Busy }

// Report sums up a sync.
type Report struct {
	Full     bool
	Requests int
	Fetched  int // entries received
	// Arrived counts new responses in the inbox the cache did not have
	// (found by an incremental check: a first sync counts none).
	Arrived int
	Missing int // entries no longer listed by the server
	// Unread counts windows over the cap that could not be split (more
	// than 500 responses within one second): read in part, nothing hidden.
	Unread int
	// Unconfirmed counts lists that would have emptied most of a folder
	// and whose reads disagreed: nothing was hidden there this time.
	Unconfirmed int
	Pushed      int // actions the server accepted
	Failed      int // actions the server refused
	Unknown     int // actions with an ambiguous outcome
	// Deferred are actions kept queued after repeated server errors while
	// the others went out; the next sync tries them again.
	Deferred int
	// Catalogue says the user, the own vacancies and the templates were
	// read again.
	Catalogue bool
	Resumed   bool
	Duration  time.Duration
}

// Changed says the sync changed what a screen shows: entries fetched or
// hidden, actions settled, the catalogue read again. A sync that failed
// counts what it wrote before the failure. The workstation reloads its
// list and counts only then: a sync that found nothing (or could not reach
// the service) costs it nothing.
func (r Report) Changed() bool {
	return r.Fetched+r.Missing+r.Pushed+r.Failed+r.Unknown > 0 || r.Catalogue
}

// SyncOptions choose what a Sync does.
type SyncOptions struct {
	// Full re-reads the whole horizon instead of what changed.
	Full bool
}

// Sync pushes the outbox, then pulls what changed (or everything, with
// Full). Pushing first means the pull already reflects the recruiter's own
// actions. The push is the recruiter's own work and goes first in the
// host's request budget; the pull is background work (package budget).
func (e *Engine) Sync(ctx context.Context, so SyncOptions) (Report, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	start := e.opts.Now()
	e.prog.reset()
	if err := e.lease(ctx); err != nil {
		return Report{}, err
	}
	defer e.st.ReleaseLease(context.WithoutCancel(ctx), "sync", e.opts.Owner)
	ctx = ratebudget.WithWaitReport(ctx, e.heldByBudget)
	var rep Report
	if err := e.push(ctx, &rep); err != nil {
		rep.Requests = e.prog.requests
		return rep, err
	}
	err := e.pull(ratebudget.WithPriority(ctx, ratebudget.Background), so, &rep)
	rep.Requests = e.prog.requests
	rep.Duration = e.opts.Now().Sub(start)
	return rep, err
}

// Push sends the pending actions without pulling: what the UI does right
// after the recruiter acts.
func (e *Engine) Push(ctx context.Context) (Report, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.prog.reset()
	if err := e.lease(ctx); err != nil {
		return Report{}, err
	}
	defer e.st.ReleaseLease(context.WithoutCancel(ctx), "sync", e.opts.Owner)
	// A push follows a key press or a command: a recruiter waits on it.
	// A server error keeps the action queued for the next sync rather than
	// hold the screen or the command line for minutes.
	e.patience = hurried
	defer func() { e.patience = patient }()
	var rep Report
	err := e.push(ctx, &rep)
	rep.Requests = e.prog.requests
	return rep, err
}

// LoadComments fetches one resume's comments into the cache.
func (e *Engine) LoadComments(ctx context.Context, resumeID int64) error {
	comments, err := e.srv.Comments(ctx, resumeID)
	if err != nil {
		return err
	}
	return e.st.ReplaceComments(ctx, resumeID, comments)
}

// lease takes the profile's sync lease, and on the first take of this
// process settles actions a crashed process left in flight.
func (e *Engine) lease(ctx context.Context) error {
	ok, err := e.st.AcquireLease(ctx, "sync", e.opts.Owner, leaseTTL)
	if err != nil {
		return err
	}
	if !ok {
		ok, err = e.breakDeadLease(ctx)
		if err != nil {
			return err
		}
	}
	if !ok {
		return ErrBusy
	}
	if !e.recovered {
		if _, _, err := e.st.RecoverInFlight(ctx); err != nil {
			return fmt.Errorf("recovering interrupted actions: %w", err)
		}
		e.recovered = true
	}
	return nil
}

// OwnerPrefix names this process in lease owners: "pid-<pid>@<host>-".
func OwnerPrefix() string {
	host, _ := os.Hostname()
	return "pid-" + strconv.Itoa(os.Getpid()) + "@" + host + "-"
}

// breakDeadLease takes the sync lease from a process of this machine that
// no longer exists (killed mid-sync), so the next sync need not wait for the
// lease to expire.
func (e *Engine) breakDeadLease(ctx context.Context) (bool, error) {
	holder, _, err := e.st.LeaseHolder(ctx, "sync")
	if err != nil || holder == "" {
		return false, err
	}
	pid, host, ok := parseOwner(holder)
	myHost, _ := os.Hostname()
	if !ok || host != myHost || pid == os.Getpid() || processAlive(pid) {
		return false, nil
	}
	return e.st.BreakLease(ctx, "sync", holder, e.opts.Owner, leaseTTL)
}

func parseOwner(owner string) (pid int, host string, ok bool) {
	rest, found := strings.CutPrefix(owner, "pid-")
	if !found {
		return 0, "", false
	}
	at := strings.IndexByte(rest, '@')
	dash := strings.LastIndexByte(rest, '-')
	if at < 0 || dash < at {
		return 0, "", false
	}
	pid, err := strconv.Atoi(rest[:at])
	return pid, rest[at+1 : dash], err == nil
}
