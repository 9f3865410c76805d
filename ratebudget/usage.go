package ratebudget

import "time"

// The budget meter (issue 11 §7): how much of the window's budget is
// spent, counted as the service counts it (section 8: a number of requests
// per minute per address; the fake counts over a sliding minute), so the
// status bar can say "12 requests left" before the recruiter's actions
// start to wait.

// Usage is how much of a Scheduler's budget the window that ends now has
// spent.
type Usage struct {
	// Limit is how many requests the service allows per Window: the
	// configured limit, or the one learned from its refusals (Learned).
	Limit  int
	Window time.Duration
	// Learned is set when Limit was learned from the service's refusals
	// and is lower than the configured limit (issue 26 §5).
	Learned bool
	// Used is how many requests were let go in the window ending now.
	Used int
	// Left is how many more the window has room for: Limit-Used, and none
	// while the service has asked every request to wait (Throttle).
	Left int
	// Next is when one more request is back: the oldest grant of the
	// window leaves it, or the service's hold ends. Zero when none is
	// spent.
	Next time.Time
	// Full is when the whole budget is back if nothing more is sent.
	// Zero when none is spent.
	Full time.Time

	// The rest describe a budget shared beyond the process (issue 21),
	// and are zero for a process's own.

	// Shared is set when the figures are the shared window's: every
	// process of every machine that names the same budget.
	Shared bool
	// Profiles and Machines are how many profiles and machines spent
	// the shared window.
	Profiles, Machines int
	// Fallback, when set, says why the shared budget cannot be reached:
	// the process then runs on a safe share of its own (Limit).
	Fallback string
}

// Usage is how much of the budget the window ending now has spent. It is
// cheap (a scan of at most Limit times under the scheduler's lock) and safe
// for concurrent use, so a status bar may ask for it on every tick.
func (s *Scheduler) Usage() Usage {
	now := time.Now()
	if us, ok := s.src.(UsageSource); ok {
		u := us.Usage()
		s.mu.Lock()
		limit, _ := s.limitNow(now)
		s.mu.Unlock()
		if limit < s.cfg.Requests && u.Fallback == "" {
			u.Limit, u.Learned, u.Left = limit, true, max(min(u.Left, limit-u.Used), 0)
		}
		return u
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	limit, _ := s.limitNow(now)
	u := Usage{Limit: limit, Window: s.cfg.Window, Learned: limit < s.cfg.Requests}
	var oldest, newest time.Time
	u.Used, oldest, newest = s.sent.within(now.Add(-s.cfg.Window))
	u.Left = max(u.Limit-u.Used, 0)
	if u.Used > 0 {
		u.Next, u.Full = oldest.Add(s.cfg.Window), newest.Add(s.cfg.Window)
	}
	if s.holdUntil.After(now) {
		u.Left = 0
		u.Next = s.holdUntil
		if s.holdUntil.After(u.Full) {
			u.Full = s.holdUntil
		}
	}
	return u
}

// sentRing keeps the times of the latest grants, at most as many as the
// budget allows in a window: more could not change what is left.
type sentRing struct {
	times []time.Time
	next  int // where the next time goes once the ring is full
}

func (r *sentRing) add(at time.Time, size int) {
	if len(r.times) < size {
		r.times = append(r.times, at)
		return
	}
	r.times[r.next] = at
	r.next = (r.next + 1) % len(r.times)
}

// within counts the grants after since, with the oldest and newest of them.
func (r *sentRing) within(since time.Time) (n int, oldest, newest time.Time) {
	for _, t := range r.times {
		if !t.After(since) {
			continue
		}
		n++
		if oldest.IsZero() || t.Before(oldest) {
			oldest = t
		}
		if t.After(newest) {
			newest = t
		}
	}
	return n, oldest, newest
}
