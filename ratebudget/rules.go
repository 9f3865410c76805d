package ratebudget

import "time"

// The rules background work keeps (issue 21 §2), the same whether the
// budget is this process's own (Scheduler) or shared through PostgreSQL
// (package pgshare takes them from here): a hundred recruiters' polls and
// syncs must not leave a recruiter's key waiting behind them.

const (
	// idleShare: background work leaves a thirtieth of the limit free for
	// recruiters' actions when none acted in the window (4 of 120), so
	// the first key after a quiet spell goes at once.
	idleShare = 30
	// activeShare: the reserve grows while recruiters act up to a quarter
	// of the limit, the most background work gives up for them.
	activeShare = 4
	// smoothParts cuts the window into parts in which background work
	// takes at most its share plus the burst, so a minute's budget is not
	// spent in its first second.
	smoothParts = 12
	// pollShare: polls may take half of the window between them; the rest
	// is for the reserve and for syncs, which would otherwise never finish
	// while a hundred profiles poll.
	pollShare = 2
)

// ReservePerAction is how much the reserve grows for each recruiter's
// action in the window, as a recruiter who acts once tends to act again
// (up to MostReserve).
const ReservePerAction = 2

// IdleReserve is the part of the window background work leaves free when
// no recruiter acted in it.
func (c Config) IdleReserve() int {
	c = c.withDefaults()
	return max(1, (c.Requests+idleShare-1)/idleShare)
}

// MostReserve is the most the reserve grows to while recruiters act.
func (c Config) MostReserve() int { return c.withDefaults().Requests / activeShare }

// Reserve is what background work leaves free in a window that holds
// that many recruiters' actions.
func (c Config) Reserve(actions int) int {
	return min(c.MostReserve(), c.IdleReserve()+ReservePerAction*actions)
}

// SmoothPart is the part of the window background work is smoothed over,
// and the most background turns one part may hold.
func (c Config) SmoothPart() (part time.Duration, most int) {
	c = c.withDefaults()
	return c.Window / smoothParts, c.Requests/smoothParts + c.Burst
}

// PollsPerWindow is how many polls the window has room for: its share of
// the limit, a poll costing about one request (the first page of the
// responses; more only when new ones arrived).
func (c Config) PollsPerWindow() int { return max(1, c.withDefaults().Requests/pollShare) }

// PollEvery is how often each of profiles sharing the budget may poll:
// configured, stretched when polling that often would take more than the
// polls' share of the window (profiles / PollsPerWindow windows: a hundred
// profiles at 120 a minute poll every 1 min 40 s). Zero when configured
// is: polling is off.
func (c Config) PollEvery(configured time.Duration, profiles int) time.Duration {
	if configured <= 0 {
		return 0
	}
	c = c.withDefaults()
	need := time.Duration(int64(c.Window) * int64(max(profiles, 0)) / int64(c.PollsPerWindow()))
	return max(configured, need)
}

// Join counts name among the profiles drawing on s while its workspace is
// open (PollEvery stretches with them); the function it returns is called
// when it closes. A name may join more than once.
func (s *Scheduler) Join(name string) (leave func()) {
	s.mu.Lock()
	s.joined[name]++
	s.mu.Unlock()
	var once bool
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if once {
			return
		}
		once = true
		if s.joined[name]--; s.joined[name] <= 0 {
			delete(s.joined, name)
		}
	}
}

// PollEvery is how often each profile of s may poll when configured asks
// for every configured, and how many profiles it shares the budget with
// (itself included): the profiles joined to s; with a budget shared
// beyond the process, at least the profiles the shared window saw, counted
// up when polls are further apart than the window (current, the interval
// the caller polls at now: a profile polling every 3 minutes is in a
// minute's window a third of the time, so a window seeing 40 at that pace
// means 120). On a shared budget's fallback the limit is the process's own
// share.
func (s *Scheduler) PollEvery(configured, current time.Duration) (every time.Duration, profiles int) {
	cfg := s.cfg
	s.mu.Lock()
	profiles = len(s.joined)
	s.mu.Unlock()
	if us, ok := s.src.(UsageSource); ok {
		switch u := us.Usage(); {
		case u.Fallback != "":
			cfg.Requests = u.Limit
		case u.Shared:
			seen := int64(u.Profiles)
			if current > cfg.Window {
				seen = (seen*int64(current) + int64(cfg.Window) - 1) / int64(cfg.Window)
			}
			profiles = max(profiles, int(seen))
		}
	}
	return cfg.PollEvery(configured, profiles), profiles
}
