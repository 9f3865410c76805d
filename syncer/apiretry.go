package syncer

import (
	"context"
	"errors"
	"time"

	"hrdesk/apiclient"
	"hrdesk/problem"
)

// How many times in a row one request is tried again after each kind of
// failure. The rate limit has no bound: the service is alive and says when.
const (
	// maxServerRetries: with the client's back-off (capped at 30 s) about
	// two and a half minutes of a failing server before one request is
	// given up, or an action kept for the next sync.
	maxServerRetries = 8
	// maxConnectionRetries: a cut connection now and then is the network;
	// every connection cut is a network or service that is down.
	maxConnectionRetries = 3
)

// Retry implements RetryAdvisor for the job board's API client: how long
// to wait on each kind problem.Of finds, and how often.
func (s *APIServer) Retry(err error, n int) (time.Duration, WaitReason, bool) {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return 0, "", false
	}
	// Whether a request may have been applied is Classify's business; how
	// long to wait is about what kept the answer away.
	if apiclient.IsNotAList(err) {
		// A whole answer of the wrong shape is the same on every try.
		return 0, "", false
	}
	p := problem.Of(err).Cause()
	switch p.Kind {
	case problem.RateLimited:
		return s.c.RetryDelay(n, err), WaitRateLimit, true
	case problem.Offline:
		if p.Unreached || n >= maxConnectionRetries {
			return 0, WaitOffline, false
		}
		return s.c.RetryDelay(n, err), WaitConnection, true
	case problem.Timeout:
		if n >= maxConnectionRetries {
			return 0, WaitOffline, false
		}
		return s.c.RetryDelay(n, err), WaitConnection, true
	case problem.ServerDown:
		if n >= maxServerRetries {
			return 0, WaitServer, false
		}
		return s.c.RetryDelay(n, err), WaitServer, true
	}
	// The session is gone, the employer blocked, the request refused or
	// sent without an answer, a redirect, this machine's trouble: no wait
	// will change the answer.
	return 0, "", false
}
