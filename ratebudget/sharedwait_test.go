package ratebudget

import (
	"context"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// retrySource lets nothing go before until, answering each ask in the
// meantime "again at until", as pgshare does for another machine's hold
// or the office's window full; then it grants all that is asked.
type retrySource struct {
	mu    sync.Mutex
	until time.Time
	step  time.Duration // >0: answer "again in step" instead, a turn's spacing
}

func (r *retrySource) Take(_ context.Context, ask Ask) (Grant, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := time.Now()
	if !now.Before(r.until) {
		return Grant{Interactive: len(ask.Interactive), Background: ask.Background}, nil
	}
	if r.step > 0 {
		return Grant{Retry: now.Add(r.step)}, nil
	}
	return Grant{Retry: r.until}, nil
}

func (r *retrySource) Throttle(time.Duration) {}

// Issue 26 §2: a wait the shared budget decides — another hrdesk's hold
// of 90 s, which this process never saw — is reported to the requests
// waiting for it, the way a local hold is, and ended with 0; a request
// arriving in the middle of it is told what is left.
func TestASharedHoldIsReported(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		src := &retrySource{until: time.Now().Add(90 * time.Second)}
		s := NewShared(Config{Requests: 120, Window: time.Minute}, src)
		var mu sync.Mutex
		told := map[string][]time.Duration{}
		wait := func(name string) {
			ctx := WithWaitReport(WithPriority(context.Background(), Background), func(d time.Duration) {
				mu.Lock()
				told[name] = append(told[name], d)
				mu.Unlock()
			})
			if err := s.Tenant(name).Wait(ctx); err != nil {
				t.Error(err)
			}
		}
		start := time.Now()
		var wg sync.WaitGroup
		wg.Go(func() { wait("first") })
		time.Sleep(30 * time.Second)
		wg.Go(func() { wait("late") })
		wg.Wait()
		if waited := time.Since(start); waited != 90*time.Second {
			t.Errorf("waited %v, want the hold's 90 s", waited)
		}
		for name, want := range map[string]time.Duration{"first": 90 * time.Second, "late": 60 * time.Second} {
			if got := told[name]; len(got) != 2 || got[0] != want || got[1] != 0 {
				t.Errorf("%s told %v; want [%v 0]", name, got, want)
			}
		}
	})
}

// The Source's answers of a turn's spacing (pgshare's smoothing) are the
// pace, not a wait to tell; nor is one under a twelfth of the window.
func TestSharedPaceIsNotReported(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		for _, c := range []struct{ hold, step time.Duration }{{20 * time.Second, time.Second}, {4 * time.Second, 0}} {
			src := &retrySource{until: time.Now().Add(c.hold), step: c.step}
			start := time.Now()
			s := NewShared(Config{Requests: 120, Window: time.Minute}, src)
			var told []time.Duration
			ctx := WithWaitReport(context.Background(), func(d time.Duration) { told = append(told, d) })
			if err := s.Tenant("a").Wait(ctx); err != nil {
				t.Fatal(err)
			}
			if waited := time.Since(start); waited < c.hold {
				t.Errorf("waited %v of a Source's %v", waited, c.hold)
			}
			if len(told) != 0 {
				t.Errorf("a Source answering again in %v until %v: told %v", src.step, src.until, told)
			}
		}
	})
}
