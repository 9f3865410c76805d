package budget

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
// room in the window or for the service's hold, report is told about how
// long, and told 0 when the wait ends. The pace between requests is not
// reported, nor a wait under a twelfth of the window (5 s of a minute).
// report runs in the goroutine that waits.
func WithWaitReport(ctx context.Context, report func(about time.Duration)) context.Context {
	return context.WithValue(ctx, waitReportKey{}, report)
}

func waitReportOf(ctx context.Context) func(time.Duration) {
	f, _ := ctx.Value(waitReportKey{}).(func(time.Duration))
	return f
}

// roomAhead is about how long the request granted next waits for the
// service's hold or for room in the window at now; s.mu is held.
func (s *Scheduler) roomAhead(now time.Time) time.Duration {
	d := s.holdUntil.Sub(now)
	if s.src == nil {
		return max(d, s.roomWait(now))
	}
	var none Ask // the room a learned limit leaves only
	return max(d, s.trim(&none, now))
}
