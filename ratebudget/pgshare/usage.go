package pgshare

import (
	"context"
	"time"

	"hrdesk/ratebudget"
)

// State says whether the process takes its turns from the shared budget,
// and if not, why and since when.
func (s *Source) State() (fallback string, since time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.down, s.downSince
}

// Usage is the shared window as the latest answer saw it (the meter's
// figure), refreshed in the background when older than a second or two;
// on the fallback, this process's own share.
func (s *Source) Usage() ratebudget.Usage {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.down != "" {
		now := time.Now()
		fb := ratebudget.Usage{Limit: max(1, int(float64(s.cfg.Budget.Requests)*s.cfg.FallbackShare)),
			Window: s.cfg.Budget.Window, Fallback: s.down}
		for _, t := range s.localSent {
			if t.After(now.Add(-s.cfg.Budget.Window)) {
				if fb.Used == 0 {
					fb.Next = t.Add(s.cfg.Budget.Window)
				}
				fb.Used++
				fb.Full = t.Add(s.cfg.Budget.Window)
			}
		}
		fb.Left = max(fb.Limit-fb.Used, 0)
		return fb
	}
	if time.Since(s.lastAt) > 2*time.Second && !s.reading && !s.closed {
		s.reading = true
		go s.refresh()
	}
	u := s.last
	if u.Limit == 0 {
		u = ratebudget.Usage{Limit: s.cfg.Budget.Requests, Window: s.cfg.Budget.Window, Left: s.cfg.Budget.Requests, Shared: true}
	}
	return u
}

func (s *Source) refresh() {
	defer func() {
		s.mu.Lock()
		s.reading = false
		s.mu.Unlock()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.Patience)
	defer cancel()
	m, err := readMinute(ctx, s.pool, s.cfg.Host, s.cfg.Budget, s.now(), s.clock)
	if err != nil {
		return // the next ask will say whether the database is away
	}
	s.mu.Lock()
	s.last, s.lastAt = m.Usage(), time.Now()
	s.mu.Unlock()
}
