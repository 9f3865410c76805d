package syncer

import (
	"context"
	"fmt"
	"testing"

	"hrdesk/apiclient"
	"hrdesk/problem"
)

// kindErr is an error that says its own kind of trouble.
type kindErr problem.Kind

func (k kindErr) Error() string             { return fmt.Sprintf("trouble of kind %d", k) }
func (k kindErr) ProblemKind() problem.Kind { return problem.Kind(k) }

// How many times each kind of trouble is waited out before the sync gives
// up on it: a cut connection or a slow answer 3 times, a failing server 8
// times, a rate limit always; what no wait can change, never.
func TestHowOftenEachTroubleIsTriedAgain(t *testing.T) {
	c, err := apiclient.New(apiclient.Config{BaseURL: "http://127.0.0.1:9", ClientID: 1, Secret: "s3cret-not-used", RequestsPerMinute: -1})
	if err != nil {
		t.Fatal(err)
	}
	s := NewAPIServer(c)
	for _, tc := range []struct {
		kind  problem.Kind
		tries int // the last n that is still tried again; -1: never
		why   WaitReason
	}{
		{problem.Offline, maxConnectionRetries - 1, WaitConnection},
		{problem.Timeout, maxConnectionRetries - 1, WaitConnection},
		{problem.ServerDown, maxServerRetries - 1, WaitServer},
		{problem.RateLimited, 50, WaitRateLimit},
		{problem.Refused, -1, ""},
		{problem.NeedsLogin, -1, ""},
	} {
		for n := 0; n <= tc.tries+1 && n <= 50; n++ {
			_, why, again := s.Retry(kindErr(tc.kind), n)
			if want := n <= tc.tries; again != want {
				t.Errorf("kind %v, try %d: again = %v, want %v", tc.kind, n, again, want)
			}
			if again && why != tc.why {
				t.Errorf("kind %v, try %d: waiting for %q, want %q", tc.kind, n, why, tc.why)
			}
		}
	}
	for _, err := range []error{nil, context.Canceled, fmt.Errorf("list: %w", context.DeadlineExceeded)} {
		if _, _, again := s.Retry(err, 0); again {
			t.Errorf("%v is tried again", err)
		}
	}
	if _, why, again := s.Retry(fmt.Errorf("list: %w", kindErr(problem.Offline)), maxConnectionRetries); again || why != WaitOffline {
		t.Errorf("a connection cut %d times: again %v, waiting for %q; want given up as offline", maxConnectionRetries, again, why)
	}
}
