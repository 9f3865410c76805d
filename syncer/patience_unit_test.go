package syncer

import (
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
