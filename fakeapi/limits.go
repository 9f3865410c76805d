package fakeapi

import (
	"sync"
	"time"
)

// limiter allows n requests per minute per client address (section 8),
// over a sliding minute (or window).
type limiter struct {
	mu     sync.Mutex
	n      int
	window time.Duration
	now    func() time.Time
	seen   map[string][]time.Time
}

func newLimiter(n int, window time.Duration, now func() time.Time) *limiter {
	return &limiter{n: n, window: window, now: now, seen: map[string][]time.Time{}}
}

func (l *limiter) allow(ip string) bool {
	if l.n < 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	cut := now.Add(-l.window)
	times := l.seen[ip]
	i := 0
	for i < len(times) && times[i].Before(cut) {
		i++
	}
	times = times[i:]
	if len(times) >= l.n {
		l.seen[ip] = times
		return false
	}
	l.seen[ip] = append(times, now)
	return true
}
