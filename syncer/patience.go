package syncer

import (
	"context"
	"time"
)

// A sync never gives up on what time cures (issue 12 §2): a rate limit, a
// server error, a connection cut after the request went out. The engine
// waits, says so through Progress, and tries the same request again; its
// plan is checkpointed, so "the same request" is where it stood. It stops on
// what waiting cannot fix: the session is gone, the employer is blocked, the
// request itself is wrong, or the service cannot be reached at all (the UI
// says "offline" at once and the next poll tries again).

// WaitReason says why a sync is waiting.
type WaitReason string

// Reasons to wait.
const (
	WaitRateLimit  WaitReason = "rate limit"   // 429/503: the service asked to slow down
	WaitServer     WaitReason = "server error" // 5xx, or an answer cut short
	WaitConnection WaitReason = "connection"   // the connection dropped after the request went out
	// WaitRecheck: a list would hide most of a folder; it is read again
	// before anything is hidden (Progress.Note says what it saw).
	WaitRecheck WaitReason = "recheck"
	// WaitOffline is not a wait: the service cannot be reached, or
	// dropped the connection every time; RetryAdvisor gives it with ok
	// false so a push can tell a network down from one action's trouble.
	WaitOffline WaitReason = "offline"
)

// patience is how much of the RetryAdvisor's advice a run takes.
type patience int

const (
	patient   patience = iota // Sync: waits out everything time cures
	hurried                   // Push: someone waits on it; a short rate limit only
	impatient                 // Poll: reports; the next poll is the retry
)

// hurriedRateLimitTries bounds a push's waits on a rate limit.
const hurriedRateLimitTries = 3

// RetryAdvisor is implemented by a Server that knows which of its failures
// a retry may cure and how long to wait first (APIServer does). The engine
// asks it after each failure; a Server without it stops at the first
// failure, as test fakes expect.
type RetryAdvisor interface {
	// Retry advises on the n-th consecutive failure (from 0) of one
	// request: whether to try again, after how long, and why. With ok
	// false, why may still be WaitServer (retries exhausted on server
	// errors) or WaitOffline.
	Retry(err error, n int) (wait time.Duration, why WaitReason, ok bool)
}

// advice asks the server's RetryAdvisor, if any, tempered by the run's
// patience.
func (e *Engine) advice(err error, n int) (time.Duration, WaitReason, bool) {
	adv, ok := e.srv.(RetryAdvisor)
	if !ok {
		return 0, "", false
	}
	wait, why, again := adv.Retry(err, n)
	switch e.patience {
	case impatient:
		again = false
	case hurried:
		// Only a rate limit, a few times: the service said when to come
		// back, and every other request would meet the same limit.
		again = again && why == WaitRateLimit && n < hurriedRateLimitTries
	}
	return wait, why, again
}

// patiently runs call until it succeeds or fails in a way waiting cannot
// cure, reporting each wait.
func (e *Engine) patiently(ctx context.Context, call func() error) error {
	for n := 0; ; n++ {
		err := call()
		if err == nil || ctx.Err() != nil {
			return err
		}
		wait, why, ok := e.advice(err, n)
		if !ok {
			return err
		}
		if serr := e.pause(ctx, why, wait); serr != nil {
			return err
		}
	}
}

// pause waits d, reporting why; it fails only when ctx ends.
func (e *Engine) pause(ctx context.Context, why WaitReason, d time.Duration) error {
	e.prog.wait(why, d)
	err := e.opts.Sleep(ctx, d)
	e.prog.wait("", 0)
	return err
}

// heldByBudget reports a request the host's budget holds for room in the
// window, or for a hold another refusal set (ratebudget.WithWaitReport), as a
// wait for the rate limit: under a learned limit that is most of a
// minute, which a sync must not stand still through without a word. 0:
// the wait ended.
func (e *Engine) heldByBudget(about time.Duration) {
	if about <= 0 {
		e.prog.wait("", 0)
		return
	}
	e.prog.wait(WaitRateLimit, about)
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
