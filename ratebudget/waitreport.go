package ratebudget

import (
	"context"
	"time"
)

// A request held for room under a limit (issue 26 §5): after a refusal the
// learned limit makes the next requests wait, often most of a window, for
// its oldest grants to leave it; a hold another profile's refusal set
// does the same. The wait happens inside the API client's call, where the
// sync engine sees nothing: without a word its progress stands still for
// 45 s. A caller that wants to say so puts a report on the context.

// waitReportKey carries a WithWaitReport's report.
type waitReportKey struct{}

// WithWaitReport marks the requests made with ctx: when one must wait for
// room in the window or for the service's hold (in a shared budget, also
// as its Source says: another process's hold, the office's window full),
// report is told about how long, again when that moves, and 0 when the
// wait ends. The pace between requests is not
// reported, nor a wait under a twelfth of the window (5 s of a minute).
// report runs in the goroutine that waits.
func WithWaitReport(ctx context.Context, report func(about time.Duration)) context.Context {
	return context.WithValue(ctx, waitReportKey{}, report)
}

func waitReportOf(ctx context.Context) func(time.Duration) {
	f, _ := ctx.Value(waitReportKey{}).(func(time.Duration))
	return f
}

// A shared budget's long waits are decided by its Source (issue 26 §2):
// another machine's hold, the office's window full. The pump learns of
// them from a Grant's Retry after the waiters were told what this process
// knew, so it notes them in sharedUntil and tells the waiters to look again.

// reporter tells one waiting request's report what it waits for: a wait
// of at least least when it starts or its end moves, 0 when it is over.
type reporter struct {
	f     func(time.Duration)
	least time.Duration
	until time.Time // the end last told; zero: nothing told
}

// say tells f about a wait of ahead from now, unless it was told already
// (within a second) or is too short to tell; a told wait that is over
// now is told 0.
func (r *reporter) say(ahead time.Duration) {
	if r.f == nil {
		return
	}
	if ahead < r.least {
		r.end()
		return
	}
	until := time.Now().Add(ahead)
	if !r.until.IsZero() && until.Sub(r.until).Abs() <= time.Second {
		return
	}
	r.until = until
	r.f(ahead)
}

// end tells f 0 when it was told of a wait.
func (r *reporter) end() {
	if r.f != nil && !r.until.IsZero() {
		r.until = time.Time{}
		r.f(0)
	}
}

// sayShared notes that the Source lets nothing go before until (zero:
// it granted, or the wait is too short to tell) and wakes the reporting
// waiters when that moved; s.mu is held.
func (s *Scheduler) sayShared(until time.Time) {
	if time.Until(until) < s.cfg.Window/12 {
		until = time.Time{}
	}
	if until.Equal(s.sharedUntil) {
		return
	}
	s.sharedUntil = until
	if s.aheadMoved != nil {
		close(s.aheadMoved)
		s.aheadMoved = nil
	}
}

// aheadMove is closed when sharedUntil next moves; s.mu is held.
func (s *Scheduler) aheadMove() <-chan struct{} {
	if s.src == nil {
		return nil // nothing moves it
	}
	if s.aheadMoved == nil {
		s.aheadMoved = make(chan struct{})
	}
	return s.aheadMoved
}

// roomAhead is about how long the request granted next waits for the
// service's hold, for room in the window, or for what the Source said
// at now; s.mu is held.
func (s *Scheduler) roomAhead(now time.Time) time.Duration {
	d := max(s.holdUntil.Sub(now), s.sharedUntil.Sub(now))
	if s.src == nil {
		return max(d, s.roomWait(now))
	}
	var none Ask // the room a learned limit leaves only
	return max(d, s.trim(&none, now))
}
