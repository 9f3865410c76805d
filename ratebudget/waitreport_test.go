package ratebudget

import (
	"context"
	"testing"
	"testing/synctest"
	"time"
)

// Issue 26 §5: a request waiting for room under a learned limit says
// about how long, and says when it ends; the pace before it says nothing.
func TestAWaitForRoomIsReported(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := New(Config{Requests: 120, Window: time.Minute, Burst: 4})
		var told []time.Duration
		ctx := WithWaitReport(context.Background(), func(d time.Duration) { told = append(told, d) })
		tn := s.Tenant("a")
		start := time.Now()
		for range 31 {
			if err := tn.Wait(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if len(told) != 0 {
			t.Fatalf("the pace of 31 requests at 120 a minute was reported: %v", told)
		}
		s.Throttle(time.Second) // the 31st was refused: 30 a minute learned
		asked := time.Now()
		if err := tn.Wait(ctx); err != nil {
			t.Fatal(err)
		}
		waited := time.Since(asked)
		// The first grant leaves the window a minute and a second (the
		// margin) after it went.
		want := start.Add(time.Minute + time.Second).Sub(asked)
		if len(told) != 2 || (told[0]-want).Abs() > time.Second || told[1] != 0 {
			t.Fatalf("reports %v; want about %v, then 0", told, want)
		}
		if (waited - told[0]).Abs() > 2*time.Second {
			t.Errorf("reported %v, waited %v", told[0], waited)
		}
	})
}

// What a wait is said to last: the service's hold, or the room the
// learned limit leaves — in a shared budget, in the larger of this
// process's window and the shared one (trim).
func TestRoomAhead(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		src := &usageSource{u: Usage{Limit: 120, Window: time.Minute, Shared: true, Used: 13}}
		s := NewShared(Config{Requests: 120, Window: time.Minute}, src)
		now := time.Now()
		if d := s.roomAhead(now); d != 0 {
			t.Errorf("nothing learned, no hold: %v", d)
		}
		s.learned = learning{limit: 13, at: now}
		span := time.Minute + time.Second
		if d := s.roomAhead(now); d != span/smoothParts {
			t.Errorf("the shared window full under 13 learned: %v, want %v", d, span/smoothParts)
		}
		s.holdUntil = now.Add(40 * time.Second)
		if d := s.roomAhead(now); d != 40*time.Second {
			t.Errorf("a hold of 40 s: %v", d)
		}
		own := New(Config{Requests: 120, Window: time.Minute})
		own.holdUntil = now.Add(20 * time.Second)
		if d := own.roomAhead(now); d != 20*time.Second {
			t.Errorf("its own budget, a hold of 20 s: %v", d)
		}
	})
}
