package ratebudget

import (
	"context"
	"testing"
	"testing/synctest"
	"time"
)

// The learned limit holds for steadyWindows windows after a refusal, then
// rises a fortieth of the configured limit per window back to it.
func TestLearnedLimitRisesSlowly(t *testing.T) {
	c := Config{Requests: 120, Window: time.Minute}.withDefaults()
	at := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	l := learning{limit: 30, at: at}
	for _, tc := range []struct {
		after time.Duration
		want  int
	}{
		{0, 30}, {5*time.Minute + 59*time.Second, 30}, {6 * time.Minute, 33}, {7 * time.Minute, 36},
		{34 * time.Minute, 117}, {35 * time.Minute, 120}, {36 * time.Minute, 120},
		{100 * 365 * 24 * time.Hour, 120}, // no overflow
	} {
		if got := l.limitAt(c, at.Add(tc.after)); got != tc.want {
			t.Errorf("%s after the refusal: %d, want %d", tc.after, got, tc.want)
		}
	}
	if got := (&learning{}).limitAt(c, at); got != 120 {
		t.Errorf("nothing learned: %d", got)
	}
	// A small limit rises by one.
	small := Config{Requests: 20, Window: time.Minute}.withDefaults()
	if got := (&learning{limit: 5, at: at}).limitAt(small, at.Add(7*time.Minute)); got != 7 {
		t.Errorf("5 of 20, 7 minutes on: %d, want 7", got)
	}
}

// A refusal in a loaded window teaches what the service took; one in a
// quiet window halves the limit, not below an eighth.
func TestRefusalLowersTheLimit(t *testing.T) {
	at := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name            string
		cur, sent, want int
		refusedBefore   int
	}{
		{"a loaded window: what the service took", 120, 31, 30, 0},
		{"exactly a quarter is loaded", 120, 31, 30, 0},
		{"the refusals before are not counted", 120, 33, 30, 2},
		{"just under a quarter: halved", 120, 30, 60, 0},
		{"quiet: halved", 120, 3, 60, 0},
		{"halving stops at an eighth", 20, 1, 15, 0},
		{"at the eighth: one less", 15, 1, 14, 0},
		{"more taken than allowed: one less", 30, 50, 29, 0},
		{"never below one", 1, 0, 1, 0},
	} {
		s := New(Config{Requests: 120, Window: time.Minute})
		if tc.cur < 120 {
			s.learned = learning{limit: tc.cur, at: at}
		}
		for i := range tc.refusedBefore {
			s.learned.refused.add(at.Add(time.Duration(i-tc.refusedBefore)*time.Second), 120)
		}
		// A refusal older than the window no longer counts.
		s.learned.refused.add(at.Add(-2*time.Minute), 120)
		s.refusal(at, tc.sent)
		if s.learned.limit != tc.want || !s.learned.at.Equal(at) {
			t.Errorf("%s: %d → %d (at %v), want %d", tc.name, tc.cur, s.learned.limit, s.learned.at, tc.want)
		}
	}
}

// Throttle learns from the grants of the window ending now; the learned
// limit paces without a burst, gates the recruiter's actions too in a
// window a sixtieth longer, and shows in Usage until it has risen back.
func TestThrottleTeachesTheLimit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := New(Config{Requests: 120, Window: time.Minute, Burst: 4})
		tn := s.Tenant("a")
		start := time.Now()
		for range 31 {
			if err := tn.Wait(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		if l, _ := s.Learned(); l != 0 {
			t.Fatalf("learned %d before any refusal", l)
		}
		if l, span := s.limitNow(time.Now()); l != 120 || span != time.Minute {
			t.Errorf("nothing learned: limit %d over %s, want 120 over a minute", l, span)
		}
		s.Throttle(time.Second) // the 31st was refused
		refused := time.Now()
		if l, since := s.Learned(); l != 30 || !since.Equal(refused) {
			t.Fatalf("learned %d since %v, want 30", l, since)
		}
		if l, span := s.limitNow(time.Now()); l != 30 || span != time.Minute+time.Second {
			t.Errorf("learned: limit %d over %s, want 30 over 1m1s", l, span)
		}
		u := s.Usage()
		if !u.Learned || u.Limit != 30 || u.Left != 0 || u.Used != 31 {
			t.Errorf("usage after the refusal: %+v", u)
		}
		// The next request waits for room: the first grant leaving a
		// window and a second after it (the margin), not the hold alone.
		if err := tn.Wait(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got, want := time.Since(start), time.Minute+time.Second; got < want || got > want+time.Second {
			t.Errorf("the 32nd request went %s after the first, want about %s", got, want)
		}
		s.mu.Lock()
		lim, burst := s.lim.Limit(), s.lim.Burst()
		s.mu.Unlock()
		if want := (Config{Requests: 30, Burst: 1, Window: time.Minute}).Sustained(); lim != want || burst != 1 {
			t.Errorf("token bucket at %v burst %d, want %v burst 1", lim, burst, want)
		}
		// Risen back: the configured pacing again.
		time.Sleep(refused.Add(time.Hour).Sub(time.Now()))
		if err := tn.Wait(context.Background()); err != nil {
			t.Fatal(err)
		}
		if l, since := s.Learned(); l != 0 || !since.IsZero() {
			t.Errorf("an hour on: learned %d since %v", l, since)
		}
		s.mu.Lock()
		lim, burst = s.lim.Limit(), s.lim.Burst()
		s.mu.Unlock()
		if u := s.Usage(); u.Learned || u.Limit != 120 || lim != s.cfg.Sustained() || burst != 4 {
			t.Errorf("an hour on: %+v, bucket %v burst %d", u, lim, burst)
		}
		if l, span := s.limitNow(time.Now()); l != 120 || span != time.Minute {
			t.Errorf("an hour on: limit %d over %s", l, span)
		}
	})
}

// A shared budget's asks are cut to the room the learned limit leaves in
// the larger of this process's window and the shared one.
func TestSharedAskTrimmedToTheLearnedLimit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		src := &usageSource{u: Usage{Limit: 120, Window: time.Minute, Shared: true, Used: 10}}
		s := NewShared(Config{Requests: 120, Window: time.Minute}, src)
		now := time.Now()
		ask := Ask{Interactive: []string{"a", "b"}, Background: []string{"c", "d", "e"}}
		if full := s.trim(&ask, now); full != 0 || len(ask.Interactive) != 2 || len(ask.Background) != 3 {
			t.Errorf("nothing learned: %+v, wait %s", ask, full)
		}
		if u := s.Usage(); u.Learned || u.Limit != 120 {
			t.Errorf("the shared meter with nothing learned: %+v", u)
		}
		src.u.Used = 130 // the Source's business while nothing is learned
		if full := s.trim(&ask, now); full != 0 || len(ask.Interactive) != 2 || len(ask.Background) != 3 {
			t.Errorf("nothing learned, shared window full: %+v, wait %s", ask, full)
		}
		src.u.Used = 10
		s.learned = learning{limit: 13, at: now}
		if full := s.trim(&ask, now); full != 0 || len(ask.Interactive) != 2 || len(ask.Background) != 1 {
			t.Errorf("13 learned, 10 used in the shared window: %+v, wait %s", ask, full)
		}
		src.u.Used = 13
		span := time.Minute + time.Second
		if full := s.trim(&ask, now); full != span/smoothParts {
			t.Errorf("no room in the shared window: wait %s, want a twelfth of %s", full, span)
		}
		// This process's own grants count when the shared window saw fewer.
		src.u.Used, src.u.Left = 0, 120
		for i := range 12 {
			s.sent.add(now.Add(-time.Duration(30-i)*time.Second), 120)
		}
		ask = Ask{Interactive: []string{"a", "b"}, Background: []string{"c"}}
		if full := s.trim(&ask, now); full != 0 || len(ask.Interactive) != 1 || len(ask.Background) != 0 {
			t.Errorf("12 of its own grants in the window: %+v, wait %s", ask, full)
		}
		src.u.Used, src.u.Left = 3, 117
		u := s.Usage()
		if !u.Learned || u.Limit != 13 || u.Left != 10 {
			t.Errorf("the shared meter with a learned limit: %+v", u)
		}
		// Its own window full: wait until its oldest grant leaves it.
		for range 2 {
			s.sent.add(now.Add(-10*time.Second), 120)
		}
		if full := s.trim(&ask, now); full != span-30*time.Second {
			t.Errorf("its own window full: wait %s, want %s", full, span-30*time.Second)
		}
		src.u = Usage{Limit: 30, Window: time.Minute, Fallback: "PostgreSQL did not answer", Left: 30}
		if u := s.Usage(); u.Learned || u.Limit != 30 {
			t.Errorf("on the fallback the fallback's share shows: %+v", u)
		}
	})
}

// A shared budget learns from the shared window's count (the service
// counts the office), and passes a hold on, but not a hold of nothing.
func TestSharedThrottleLearnsFromTheSharedWindow(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		src := &throttled{usageSource: usageSource{u: Usage{Limit: 120, Window: time.Minute, Shared: true, Used: 41}}}
		s := NewShared(Config{Requests: 120, Window: time.Minute}, src)
		s.Throttle(0)
		if len(src.holds) != 0 {
			t.Errorf("a hold of nothing passed on: %v", src.holds)
		}
		if l, _ := s.Learned(); l != 40 {
			t.Errorf("41 in the shared window, one refused: learned %d, want 40", l)
		}
		s.Throttle(2 * time.Second)
		if len(src.holds) != 1 || src.holds[0] != 2*time.Second {
			t.Errorf("holds passed on: %v", src.holds)
		}
	})
}

type throttled struct {
	usageSource
	holds []time.Duration
}

func (s *throttled) Throttle(d time.Duration) { s.holds = append(s.holds, d) }

// What `hrdesk status` computes from a limit another process learned.
func TestConfigLearned(t *testing.T) {
	c := Config{Requests: 120}
	at := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		limit int
		after time.Duration
		want  int
	}{
		{30, time.Minute, 30}, {30, 6 * time.Minute, 33}, {30, 3 * time.Hour, 120},
		{0, 0, 120}, {-5, 0, 120}, {120, 0, 120}, {500, 0, 120}, {1, 0, 1}, {119, 0, 119},
	} {
		if got := c.Learned(tc.limit, at, at.Add(tc.after)); got != tc.want {
			t.Errorf("Learned(%d, %s on) = %d, want %d", tc.limit, tc.after, got, tc.want)
		}
	}
}
