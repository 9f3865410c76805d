package ratebudget

import (
	"context"
	"time"
)

// A budget shared beyond the process (issue 21): several machines behind
// one address draw on one service's 120 requests a minute. The Scheduler
// keeps its rules — the recruiter's actions first, background round-robin
// between its tenants — and asks a Source for turns for the process as a
// whole, in batches: what is waiting now, in the order the Scheduler would
// grant it. The Source decides how many may go (package pgshare keeps the
// minute in PostgreSQL, and falls back to a local share of it).

// Ask is what a Scheduler has waiting when it asks its Source for turns.
type Ask struct {
	// Interactive names the tenant of each waiting Interactive request,
	// oldest first.
	Interactive []string
	// Background names the tenant of each waiting Background request, in
	// the round-robin order the Scheduler grants them.
	Background []string
}

// Grant is a Source's answer.
type Grant struct {
	// Interactive is how many of the Ask's Interactive requests may go
	// now (the first ones).
	Interactive int
	// Background names, for each Background request that may go now, its
	// tenant; each name takes that tenant's oldest waiting request.
	Background []string
	// Retry is when to ask again for what was not granted; zero: at once.
	Retry time.Time
}

// Source grants turns of a budget kept outside the Scheduler. Take must
// return within a moment (a recruiter's key waits on it) whatever happens
// to whatever keeps the budget; it fails only when ctx ends.
type Source interface {
	Take(ctx context.Context, ask Ask) (Grant, error)
	// Throttle tells every process sharing the budget that the service
	// asked to wait d.
	Throttle(d time.Duration)
}

// UsageSource is a Source that knows the shared window's spend, which the
// meter then shows instead of this process's own.
type UsageSource interface {
	Usage() Usage
}

// maxAsk bounds one Ask: a sync's pages go a few at a time anyway, and a
// long ask would hold turns nobody is ready to use.
const maxAsk = 32

// NewShared makes a scheduler whose turns come from src: the scheduler
// orders what waits, src says how much of it may go.
func NewShared(cfg Config, src Source) *Scheduler {
	s := New(cfg)
	s.src = src
	s.wake = make(chan struct{}, 1)
	return s
}

// pumpShared is pump for a scheduler with a Source: it asks for a batch
// of turns for everything waiting, hands them out in the scheduler's
// order, and when nothing was granted sleeps until the Source says or an
// Interactive request arrives, whichever is first.
func (s *Scheduler) pumpShared() {
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		s.mu.Lock()
		if s.empty() {
			s.pumping = false
			s.sayShared(time.Time{}) // the next pump asks afresh
			s.mu.Unlock()
			return
		}
		now := time.Now()
		hold := s.holdUntil.Sub(now)
		ask := s.ask()
		full := s.trim(&ask, now)
		s.mu.Unlock()
		if hold > 0 {
			s.sleepShared(timer, hold)
			continue
		}
		if full > 0 {
			s.sleepShared(timer, full)
			continue
		}
		g, err := s.src.Take(context.Background(), ask)
		if err != nil {
			g = Grant{Retry: time.Now().Add(100 * time.Millisecond)}
		}
		s.mu.Lock()
		granted := s.hand(g)
		if granted > 0 {
			s.sayShared(time.Time{})
		} else {
			s.sayShared(g.Retry)
		}
		s.mu.Unlock()
		if granted == 0 {
			// A Source that grants nothing says when to come back; one
			// that does not is asked again shortly, not in a busy loop.
			s.sleepShared(timer, max(time.Until(g.Retry), 10*time.Millisecond))
		}
	}
}

// sleepShared waits d, or less when an Interactive request arrives (it
// must not wait behind a background retry) or the last waiter gives up;
// false when it woke early.
func (s *Scheduler) sleepShared(timer *time.Timer, d time.Duration) bool {
	timer.Reset(d)
	select {
	case <-timer.C:
		return true
	case <-s.wake:
		timer.Stop()
		return false
	}
}

// ask lists what waits, in grant order; s.mu is held.
func (s *Scheduler) ask() Ask {
	var a Ask
	for _, w := range s.urgent {
		if len(a.Interactive) == maxAsk {
			break
		}
		a.Interactive = append(a.Interactive, w.tenant)
	}
	// Round-robin from the next tenant: first request of each, then the
	// second of each, and so on.
	for depth := 0; len(a.Background) < maxAsk; depth++ {
		added := false
		for i := range s.ring {
			tq := s.ring[(s.next+i)%len(s.ring)]
			if depth < len(tq.queue) && len(a.Background) < maxAsk {
				a.Background = append(a.Background, tq.name)
				added = true
			}
		}
		if !added {
			break
		}
	}
	return a
}

// trim cuts ask to the room a learned limit leaves in the window (learn.go):
// the Source grants by the configured limit, which the service refused.
// The window's count is the larger of this process's grants and the
// shared window's (as the Source last saw it). When there is no room it
// says how long to wait. s.mu is held.
func (s *Scheduler) trim(ask *Ask, now time.Time) (full time.Duration) {
	limit, span := s.limitNow(now)
	if limit >= s.cfg.Requests {
		return 0
	}
	used, oldest, _ := s.sent.within(now.Add(-span))
	if u, ok := s.sharedUsage(); ok && u.Used > used {
		used, oldest = u.Used, now.Add(-span+span/smoothParts) // frees somewhere in the window: look again soon
	}
	room := limit - used
	if room <= 0 {
		return max(oldest.Add(span).Sub(now), time.Millisecond)
	}
	ask.Interactive = ask.Interactive[:min(len(ask.Interactive), room)]
	room -= len(ask.Interactive)
	ask.Background = ask.Background[:min(len(ask.Background), room)]
	return 0
}

// sharedUsage is the shared window's spend when the Source knows it.
func (s *Scheduler) sharedUsage() (Usage, bool) {
	us, ok := s.src.(UsageSource)
	if !ok {
		return Usage{}, false
	}
	u := us.Usage()
	return u, u.Shared && u.Fallback == ""
}

// hand gives a Grant's turns to the waiters; s.mu is held. A turn whose
// waiter gave up meanwhile goes to the next waiter of the same kind, or is
// lost (it is spent in the shared window either way).
func (s *Scheduler) hand(g Grant) int {
	n := 0
	now := time.Now()
	give := func(w *waiter) {
		s.granted++
		s.sent.add(now, s.cfg.Requests)
		close(w.ready)
		n++
	}
	for range g.Interactive {
		if len(s.urgent) == 0 {
			break
		}
		w := s.urgent[0]
		s.urgent = s.urgent[1:]
		give(w)
	}
	for _, name := range g.Background {
		ri := -1
		for i, tq := range s.ring {
			if tq.name == name {
				ri = i
				break
			}
		}
		if ri < 0 {
			if len(s.ring) == 0 {
				continue
			}
			ri = s.next % len(s.ring) // its tenant gave up: the next in turn
		}
		tq := s.ring[ri]
		w := tq.queue[0]
		tq.queue = tq.queue[1:]
		if len(tq.queue) == 0 {
			s.dropTenant(ri)
		} else if ri == s.next%len(s.ring) {
			s.next = (ri + 1) % len(s.ring)
		}
		give(w)
	}
	return n
}
