package syncer

import (
	"context"
	"errors"
	"time"

	"hrdesk/apiclient"
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

// Retry implements RetryAdvisor for the job board's API client.
func (s *APIServer) Retry(err error, n int) (time.Duration, WaitReason, bool) {
	var ae *apiclient.Error
	switch {
	case err == nil, errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return 0, "", false
	case apiclient.IsNeedLogin(err), apiclient.IsBlocked(err):
		return 0, "", false
	case apiclient.IsUnreachable(err):
		return 0, WaitOffline, false
	case apiclient.IsRateLimited(err):
		return s.c.RetryDelay(n, err), WaitRateLimit, true
	case apiclient.IsOffline(err):
		if n >= maxConnectionRetries {
			return 0, WaitOffline, false
		}
		return s.c.RetryDelay(n, err), WaitConnection, true
	case errors.As(err, &ae) && (ae.Status >= 500 || ae.Unreadable && ae.Status < 300):
		// A 5xx (also an HTML page from a proxy), or a success whose body
		// was cut off: the request itself was fine.
		if n >= maxServerRetries {
			return 0, WaitServer, false
		}
		return s.c.RetryDelay(n, err), WaitServer, true
	}
	// A 4xx about the request, a contacts refusal, an unknown action: no
	// wait will change the answer.
	return 0, "", false
}
