package ratebudget

import (
	"context"
	"testing"
	"testing/synctest"
	"time"
)

// The meter counts the grants of the sliding window, as the service does:
// they come back one by one a window after each went, all of them a window
// after the last; a hold from the service leaves none until it ends.
func TestUsageCountsTheSlidingWindow(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := New(Config{Requests: 10, Window: time.Minute, Burst: 2})
		if u := s.Usage(); u.Limit != 10 || u.Window != time.Minute || u.Used != 0 || u.Left != 10 || !u.Next.IsZero() || !u.Full.IsZero() {
			t.Fatalf("unused: %+v", u)
		}
		start := time.Now()
		tn := s.Tenant("a")
		bg := WithPriority(context.Background(), Background)
		for range 5 {
			if err := tn.Wait(bg); err != nil {
				t.Fatal(err)
			}
		}
		// A burst of 2, then one per 60s/(10-2-1): the fifth went ~26 s in.
		last := time.Now()
		u := s.Usage()
		if u.Used != 5 || u.Left != 5 {
			t.Fatalf("after 5 requests: %+v", u)
		}
		if !u.Next.Equal(start.Add(time.Minute)) || !u.Full.Equal(last.Add(time.Minute)) {
			t.Errorf("next %v full %v, want %v and %v", u.Next.Sub(start), u.Full.Sub(start), time.Minute, last.Add(time.Minute).Sub(start))
		}
		time.Sleep(start.Add(time.Minute + time.Millisecond).Sub(time.Now()))
		if u := s.Usage(); u.Used != 3 || u.Left != 7 {
			t.Errorf("a minute after the burst its two are back: %+v", u)
		}
		time.Sleep(u.Full.Sub(time.Now()) + time.Millisecond)
		if u := s.Usage(); u.Used != 0 || u.Left != 10 || !u.Full.IsZero() {
			t.Errorf("a minute after the last: %+v", u)
		}
		s.Throttle(30 * time.Second)
		if u := s.Usage(); u.Left != 0 || !u.Next.Equal(time.Now().Add(30*time.Second)) || !u.Full.Equal(u.Next) {
			t.Errorf("held by the service: %+v", u)
		}
	})
}

// A steady stream at the sustained rate leaves the slack the scheduler
// keeps (burst and one), never a negative figure.
func TestUsageOfASteadyStream(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := New(Config{Requests: 8, Window: time.Minute, Burst: 2})
		tn := s.Tenant("a")
		for range 20 {
			if err := tn.Wait(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		u := s.Usage()
		if u.Used != 5 || u.Left != 3 {
			t.Errorf("after a steady stream of 5 a minute: %+v", u)
		}
		if u.Next.After(u.Full) || !u.Next.After(time.Now()) {
			t.Errorf("next %v, full %v", u.Next, u.Full)
		}
	})
}

// The ring keeps the latest grants only, as many as the budget: a window
// holding more than that says all of it is spent.
func TestSentRingKeepsTheLatest(t *testing.T) {
	var r sentRing
	base := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	for i := range 20 {
		r.add(base.Add(time.Duration(i)*time.Second), 8)
	}
	n, oldest, newest := r.within(base)
	if n != 8 || !oldest.Equal(base.Add(12*time.Second)) || !newest.Equal(base.Add(19*time.Second)) {
		t.Errorf("within: %d, %v .. %v", n, oldest.Sub(base), newest.Sub(base))
	}
	if n, _, _ := r.within(base.Add(15 * time.Second)); n != 4 {
		t.Errorf("after 15 s: %d", n)
	}
}
