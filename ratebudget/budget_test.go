package ratebudget

import (
	"context"
	"errors"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// grantLog records who was let go, in order, and when.
type grantLog struct {
	mu    sync.Mutex
	who   []string
	times []time.Time
}

func (g *grantLog) add(who string) {
	g.mu.Lock()
	g.who = append(g.who, who)
	g.times = append(g.times, time.Now())
	g.mu.Unlock()
}

// waitAll runs fn in n goroutines per name and fails the test if they do
// not finish within limit.
func waitAll(t *testing.T, limit time.Duration, fns ...func()) {
	t.Helper()
	var wg sync.WaitGroup
	for _, fn := range fns {
		wg.Add(1)
		go func() { defer wg.Done(); fn() }()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(limit):
		t.Fatalf("requests still waiting after %s", limit)
	}
}

func TestNoWindowExceedsTheBudget(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := Config{Requests: 20, Window: 400 * time.Millisecond, Burst: 3}
		s := New(cfg)
		var log grantLog
		var fns []func()
		for _, name := range []string{"a", "b", "c"} {
			tn := s.Tenant(name)
			fns = append(fns, func() {
				ctx := WithPriority(context.Background(), Background)
				for range 20 {
					if err := tn.Wait(ctx); err != nil {
						t.Error(err)
						return
					}
					log.add(name)
				}
			})
		}
		start := time.Now()
		waitAll(t, 10*time.Second, fns...)
		elapsed := time.Since(start)
		for i, ti := range log.times {
			n := 0
			for _, tj := range log.times[i:] {
				if tj.Sub(ti) < cfg.Window {
					n++
				}
			}
			if n > cfg.Requests {
				t.Fatalf("%d requests within one window starting at grant %d (budget %d)", n, i, cfg.Requests)
			}
		}
		// 60 requests: a burst of 3, then 16 per window.
		want := time.Duration(float64(60-3) / float64(cfg.Sustained()) * float64(time.Second))
		if elapsed < want*9/10 || elapsed > want*13/10 {
			t.Errorf("60 requests took %s, want about %s", elapsed, want)
		}
	})
}

func TestInteractiveGoesBeforeBackground(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := New(Config{Requests: 40, Window: time.Second, Burst: 1})
		var log grantLog
		bg := WithPriority(context.Background(), Background)
		// Ten background requests of four tenants wait; then the recruiter acts.
		var fns []func()
		for i := range 10 {
			tn := s.Tenant(string(rune('a' + i%4)))
			fns = append(fns, func() {
				if tn.Wait(bg) == nil {
					log.add("sync")
				}
			})
		}
		before := make(chan int, 1)
		fns = append(fns, func() {
			time.Sleep(60 * time.Millisecond)
			log.mu.Lock()
			before <- len(log.who)
			log.mu.Unlock()
			if s.Tenant("a").Wait(context.Background()) == nil {
				log.add("action")
			}
		})
		waitAll(t, 5*time.Second, fns...)
		n := <-before
		for i, w := range log.who {
			if w == "action" {
				// At most the token already ripening goes to a sync page.
				if i > n+1 {
					t.Errorf("the action went out as grant %d, %d after it asked: %v", i, i-n, log.who)
				}
				if n > 5 {
					t.Errorf("the test is too slow to say: %d grants before the action asked", n)
				}
				return
			}
		}
		t.Fatal("the action never went out")
	})
}

func TestBackgroundIsRoundRobinBetweenTenants(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := New(Config{Requests: 60, Window: time.Second, Burst: 1})
		var log grantLog
		bg := WithPriority(context.Background(), Background)
		// alice queues her whole first sync at once; bob arrives a moment
		// later with a few requests.
		var fns []func()
		for range 30 {
			fns = append(fns, func() {
				if s.Tenant("alice").Wait(bg) == nil {
					log.add("alice")
				}
			})
		}
		for range 4 {
			fns = append(fns, func() {
				time.Sleep(30 * time.Millisecond)
				if s.Tenant("bob").Wait(bg) == nil {
					log.add("bob")
				}
			})
		}
		waitAll(t, 5*time.Second, fns...)
		last := 0
		for i, w := range log.who {
			if w == "bob" {
				last = i
			}
		}
		// Round-robin: bob's four go out within about eight grants of his arrival
		// (two or three of alice's go first), not after her 30.
		if last > 14 {
			t.Errorf("bob's last request was grant %d: %v", last, log.who)
		}
	})
}

func TestCancelledWaitLeavesTheQueue(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := New(Config{Requests: 8, Window: 2 * time.Second, Burst: 1})
		tn := s.Tenant("a")
		if err := tn.Wait(context.Background()); err != nil { // spends the burst
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		if err := tn.Wait(ctx); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("wait past its deadline: %v", err)
		}
		s.mu.Lock()
		left := len(s.urgent) + len(s.ring)
		s.mu.Unlock()
		if left != 0 {
			t.Errorf("%d waiters left in the queue", left)
		}
		time.Sleep(time.Minute) // a pump that kept it would grant it meanwhile
		if n := s.Granted(); n != 1 {
			t.Errorf("%d grants: the request that gave up took one", n)
		}
		// The scheduler still serves.
		ok, cancel2 := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel2()
		if err := tn.Wait(ok); err != nil {
			t.Fatal(err)
		}
	})
}

func TestThrottleHoldsEveryTenant(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := New(Config{Requests: 600, Window: time.Second, Burst: 10})
		s.Tenant("a").Throttle(250 * time.Millisecond)
		start := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := s.Tenant("b").Wait(ctx); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d < 240*time.Millisecond {
			t.Errorf("a request went %s after the service asked for 250 ms", d)
		}
	})
}

func TestRegistryOneSchedulerPerHost(t *testing.T) {
	r := NewRegistry()
	a := r.For("https://api.example.com/2.0", Config{})
	if r.For("https://API.example.com", Config{Requests: 600}) != a {
		t.Error("the same host got two schedulers")
	}
	if r.For("http://127.0.0.1:8080", Config{}) == r.For("http://127.0.0.1:8081", Config{}) {
		t.Error("two services on one machine share a budget")
	}
	if got := a.Config(); got.Requests != 120 || got.Window != time.Minute || got.Burst != 4 {
		t.Errorf("defaults: %+v", got)
	}
}

func TestSustainedRateLeavesRoomForTheBurst(t *testing.T) {
	c := Config{Requests: 120, Window: time.Minute, Burst: 4}
	// A full burst plus a window of the sustained rate stays within 120.
	if n := float64(c.Burst) + float64(c.Sustained())*60; n > 120 {
		t.Errorf("a window can hold %.1f requests", n)
	}
	if r := float64(c.Sustained()) * 60; r < 110 {
		t.Errorf("sustained %.1f a minute wastes the budget", r)
	}
}
