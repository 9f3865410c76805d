package syncer

import (
	"context"
	"errors"
	"testing"
	"time"
)

// advisedMem is memServer with a RetryAdvisor that always says to wait
// `wait` for `why` and try again.
type advisedMem struct {
	*memServer
	why WaitReason
}

func (a advisedMem) Retry(err error, n int) (time.Duration, WaitReason, bool) {
	return time.Second, a.why, true
}

// How much of the advice each run takes: a sync all of it, a push a rate
// limit hurriedRateLimitTries times and nothing else, a poll nothing.
func TestTheAdviceIsTemperedByPatience(t *testing.T) {
	trouble := errors.New("trouble")
	for _, c := range []struct {
		p    patience
		why  WaitReason
		upTo int // the last n still tried again; -1: none
	}{
		{patient, WaitRateLimit, 20},
		{patient, WaitServer, 20},
		{hurried, WaitRateLimit, hurriedRateLimitTries - 1},
		{hurried, WaitServer, -1},
		{hurried, WaitConnection, -1},
		{impatient, WaitRateLimit, -1},
	} {
		e := New(advisedMem{newMemServer(), c.why}, openStore(t), Options{Owner: "test"})
		e.patience = c.p
		for n := 0; n <= 20; n++ {
			wait, why, again := e.advice(trouble, n)
			if want := n <= c.upTo; again != want || why != c.why || wait != time.Second {
				t.Errorf("patience %d, %q, try %d: %v %q again %v; want again %v", c.p, c.why, n, wait, why, again, want)
			}
		}
	}
	// A server without advice: never again.
	e := New(newMemServer(), openStore(t), Options{Owner: "test"})
	if _, _, again := e.advice(trouble, 0); again {
		t.Error("a server without a RetryAdvisor is tried again")
	}
}

// limitedMem advises waiting on the first `tries` failures in a row of a
// request, and then giving up, as the API's advice does for a failing
// server.
type limitedMem struct {
	*memServer
	tries int
}

func (l limitedMem) Retry(err error, n int) (time.Duration, WaitReason, bool) {
	return time.Millisecond, WaitServer, n < l.tries
}

// A sync waits out a failing request as often as the advice says, counted
// from its first failure, and then stops.
func TestASyncGivesUpWhenTheAdviceSays(t *testing.T) {
	srv := newMemServer()
	srv.add(1, 0, testNow.Add(-time.Hour))
	srv.failNext = []error{errOffline, errOffline, errOffline, errOffline, errOffline, errOffline, errOffline, errOffline}
	st := openStore(t)
	now := testNow
	waits := 0
	eng := New(limitedMem{srv, 3}, st, Options{Now: func() time.Time { return now }, Owner: "test",
		Sleep: func(ctx context.Context, d time.Duration) error { waits++; return ctx.Err() }})
	if _, err := eng.Sync(context.Background(), SyncOptions{}); !errors.Is(err, errOffline) {
		t.Errorf("a request failing 8 times with advice for 3: %v, want the failure", err)
	}
	if got := srv.lists(); got != 4 || waits != 3 {
		t.Errorf("%d tries, %d waits; want 4 and 3", got, waits)
	}
}
