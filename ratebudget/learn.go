package ratebudget

import "time"

// A service stricter than the contract (issue 26 §5): another application
// shares this address, or the service allows fewer than the 120 a minute
// section 8 promises. Pacing at the configured limit would then draw a
// refusal every second or two, each waited out and none learned from. So a
// refusal teaches the scheduler the limit it met: what the service took
// from this process in the window ending at the refusal, when that window
// was loaded enough to say so. Until the learned limit rises again, every
// request — the recruiter's too — waits for room in a window a margin
// longer than the service's (grants are counted here, arrivals there), and
// the token bucket paces at the learned rate without bursts.

const (
	// steadyWindows is how many windows the learned limit holds after a
	// refusal before it rises: each rise past what the service allows
	// costs one more refusal.
	steadyWindows = 5
	// riseShare: after that the limit rises by a fortieth of the
	// configured one (3 of 120) per window without a refusal, back to the
	// configured limit (additive increase).
	riseShare = 40
	// trustShare: a refusal when the window held at least a quarter of the
	// limit in force says what the service allows; one in a quieter window
	// (a contacts limit, a failing proxy) only halves it.
	trustShare = 4
	// floorShare: halving never takes the limit below an eighth of the
	// configured one; only a loaded window's count does.
	floorShare = 8
)

// learning is what the service's refusals taught a Scheduler.
type learning struct {
	limit   int       // the limit set at the latest refusal; 0: none learned
	at      time.Time // when
	refused sentRing  // the latest refusals: requests the service did not count
}

// limitAt is the limit in force at now for a budget configured as c.
func (l *learning) limitAt(c Config, now time.Time) int {
	if l.limit == 0 {
		return c.Requests
	}
	rises := int64(now.Sub(l.at)/c.Window) - steadyWindows
	if rises <= 0 {
		return l.limit
	}
	step := int64(max(1, c.Requests/riseShare))
	if rises >= int64(c.Requests) { // no overflow however long the quiet
		return c.Requests
	}
	return int(min(int64(c.Requests), int64(l.limit)+rises*step))
}

// refusal lowers the limit after the service refused a request at now,
// given how many grants the window ending then holds (sent). s.mu is held.
func (s *Scheduler) refusal(now time.Time, sent int) {
	s.adoptShared(now)
	cur := s.learned.limitAt(s.cfg, now)
	s.learned.refused.add(now, s.cfg.Requests)
	refused, _, _ := s.learned.refused.within(now.Add(-s.cfg.Window))
	took := sent - refused // what the service counted of this process's
	next := max(cur/2, s.cfg.Requests/floorShare)
	if took*trustShare >= cur {
		next = took
	}
	s.learned.limit, s.learned.at = max(1, min(next, cur-1)), now
}

// limitNow is the limit in force at now and the span grants are counted
// over: the window, plus a sixtieth of it once a limit is learned, for
// requests that reach the service later than others. s.mu is held.
func (s *Scheduler) limitNow(now time.Time) (limit int, span time.Duration) {
	s.adoptShared(now)
	limit = s.learned.limitAt(s.cfg, now)
	if limit >= s.cfg.Requests {
		return s.cfg.Requests, s.cfg.Window
	}
	return limit, s.cfg.Window + s.cfg.Window/60
}

// retune sets the token bucket to the limit in force at now: the
// configured pacing, or the learned limit's without a burst. s.mu is held.
func (s *Scheduler) retune(now time.Time) {
	limit, _ := s.limitNow(now)
	if limit == s.tuned {
		return
	}
	s.tuned = limit
	c := s.cfg
	if limit < c.Requests {
		c.Requests, c.Burst = limit, 1
	}
	s.lim.SetLimitAt(now, c.Sustained())
	s.lim.SetBurstAt(now, c.Burst)
}

// Learned is the limit the service's refusals taught the scheduler, lower
// than the configured one, and when it was learned; zero when none is in
// force (none came, or the limit has risen back).
func (s *Scheduler) Learned() (limit int, since time.Time) {
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if l, _ := s.limitNow(now); l < s.cfg.Requests {
		return l, s.learned.at
	}
	return 0, time.Time{}
}

// Learned is the limit a scheduler of c holds at now when it learned limit
// at at, for a process that only read what another learned (`hrdesk
// status`): the configured limit once it has risen back.
func (c Config) Learned(limit int, at, now time.Time) int {
	c = c.withDefaults()
	if limit <= 0 || limit >= c.Requests {
		return c.Requests
	}
	l := learning{limit: limit, at: at}
	return l.limitAt(c, now)
}

// A limit learned by one process holds for every process sharing its
// budget (issue 26 §5, "and, with budget_url, for the office"): the
// service counts the office's requests together, so a process that never
// drew a refusal would otherwise keep asking at the configured rate. A
// Source that can share them is a LearnSource; each process applies the
// strictest limit still in force by the same rule (limitAt) from when it
// was learned, so nothing in the shared store needs to rise it.

// Learned is a limit a process learned At.
type Learned struct {
	Limit int
	At    time.Time
}

// LearnSource is a Source that shares learned limits.
type LearnSource interface {
	// Learn records l for every process sharing the budget; it does not
	// wait for the store.
	Learn(l Learned)
	// Learned is what every process sharing the budget learned, as last
	// read (this machine's clock): the limits that may still be in force.
	Learned() []Learned
}

// ShareFloor is the lowest limit a budget of c takes from another
// process: an eighth of the configured one. A process's own count may
// teach it less, but what it shares is raised to this, and a shared row
// below it is impossible (one row must not stop the office).
func (c Config) ShareFloor() int {
	c = c.withDefaults()
	return (c.Requests + floorShare - 1) / floorShare
}

// LearnedFor is how long after it was learned any limit of c has risen
// back to the configured one: a shared row older than that is pruned.
func (c Config) LearnedFor() time.Duration {
	c = c.withDefaults()
	step := max(1, c.Requests/riseShare)
	return time.Duration(steadyWindows+(c.Requests+step-1)/step) * c.Window
}

// adoptShared takes the strictest limit the Source's processes learned
// when it is stricter at now than this scheduler's own. s.mu is held.
func (s *Scheduler) adoptShared(now time.Time) {
	ls, ok := s.src.(LearnSource)
	if !ok {
		return
	}
	cur := s.learned.limitAt(s.cfg, now)
	for _, l := range ls.Learned() {
		if l.Limit < s.cfg.ShareFloor() {
			continue // impossible: the Source drops such rows; never trusted here
		}
		// (One above the configured limit is never stricter than cur.)
		other := learning{limit: l.Limit, at: l.At}
		if n := other.limitAt(s.cfg, now); n < cur {
			s.learned.limit, s.learned.at, cur = l.Limit, l.At, n
		}
	}
}

// share is what this scheduler's latest refusal taught, for its Source to
// share: raised to ShareFloor. s.mu is held.
func (s *Scheduler) share() Learned {
	return Learned{Limit: max(s.learned.limit, s.cfg.ShareFloor()), At: s.learned.at}
}
