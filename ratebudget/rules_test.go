package ratebudget

import (
	"context"
	"testing"
	"testing/synctest"
	"time"
)

func TestPollEveryStretchesWithTheProfiles(t *testing.T) {
	def := Config{} // 120 a minute: polls have 60 of them
	cases := []struct {
		name       string
		cfg        Config
		configured time.Duration
		profiles   int
		want       time.Duration
	}{
		{"polling off", def, 0, 100, 0},
		{"polling off, negative", def, -time.Second, 100, 0},
		{"nobody counted yet", def, time.Minute, 0, time.Minute},
		{"one profile", def, time.Minute, 1, time.Minute},
		{"exactly the polls' share", def, time.Minute, 60, time.Minute},
		{"one past the share", def, time.Minute, 61, 61 * time.Second},
		{"a hundred profiles", def, time.Minute, 100, 100 * time.Second},
		{"forty, configured faster", def, 20 * time.Second, 40, 40 * time.Second},
		{"forty, configured slower", def, 5 * time.Minute, 40, 5 * time.Minute},
		{"a lower limit", Config{Requests: 30}, time.Minute, 40, 160 * time.Second},
		{"a limit of one", Config{Requests: 1}, time.Minute, 3, 3 * time.Minute},
		{"a shrunk window", Config{Requests: 120, Window: 6 * time.Second}, time.Second, 120, 12 * time.Second},
	}
	for _, c := range cases {
		if got := c.cfg.PollEvery(c.configured, c.profiles); got != c.want {
			t.Errorf("%s: PollEvery(%s, %d) = %s, want %s", c.name, c.configured, c.profiles, got, c.want)
		}
	}
}

func TestReserveGrowsWithActionsUpToAQuarter(t *testing.T) {
	c := Config{}
	for actions, want := range map[int]int{0: 4, 1: 6, 10: 24, 13: 30, 500: 30} {
		if got := c.Reserve(actions); got != want {
			t.Errorf("Reserve(%d) = %d, want %d", actions, got, want)
		}
	}
	// Issue 27 §4: the idle reserve rounds up, so a lower limit still
	// keeps a recruiter's key free: 40 a minute keep 2, not 1.
	for limit, want := range map[int]int{40: 2, 31: 2, 30: 1, 61: 3, 1: 1} {
		if got := (Config{Requests: limit}).IdleReserve(); got != want {
			t.Errorf("IdleReserve at %d a minute = %d, want %d", limit, got, want)
		}
	}
	// The burst is at most a quarter of the limit, at least one.
	for _, c := range []struct{ cfg, want Config }{
		{Config{Requests: 8, Burst: 4}, Config{Requests: 8, Burst: 2, Window: time.Minute}},
		{Config{Requests: 2}, Config{Requests: 2, Burst: 1, Window: time.Minute}},
		{Config{Requests: 600, Burst: 10, Window: time.Second}, Config{Requests: 600, Burst: 10, Window: time.Second}},
	} {
		if got := c.cfg.Resolved(); got != c.want {
			t.Errorf("%+v resolved to %+v, want %+v", c.cfg, got, c.want)
		}
	}
	// A tiny limit keeps room for background work.
	if tiny := (Config{Requests: 3}); tiny.Reserve(0) >= tiny.Requests {
		t.Errorf("a limit of 3 reserves %d", tiny.Reserve(0))
	}
}

func TestSchedulerPollEveryCountsOpenProfiles(t *testing.T) {
	s := New(Config{})
	var leaves []func()
	for i := range 90 {
		leaves = append(leaves, s.Join(string(rune('a'+i))))
	}
	again := s.Join("a") // a second session of one profile is not a second profile
	if every, n := s.PollEvery(time.Minute, time.Minute); every != 90*time.Second || n != 90 {
		t.Errorf("90 profiles: every %s, %d profiles; want 1m30s, 90", every, n)
	}
	for _, leave := range leaves[:40] {
		leave()
		leave() // twice: still one leave
	}
	again()
	if every, n := s.PollEvery(time.Minute, 90*time.Second); every != time.Minute || n != 50 {
		t.Errorf("50 profiles after 40 left: every %s, %d profiles; want 1m0s, 50", every, n)
	}
}

// usageSource is a Source whose shared window says what the test says.
type usageSource struct{ u Usage }

func (u usageSource) Take(context.Context, Ask) (Grant, error) { return Grant{}, nil }
func (u usageSource) Throttle(time.Duration)                   {}
func (u usageSource) Usage() Usage                             { return u.u }

func TestSharedPollEveryCountsTheSharedWindow(t *testing.T) {
	shared := func(u Usage) *Scheduler { return NewShared(Config{}, usageSource{u}) }
	s := shared(Usage{Limit: 120, Window: time.Minute, Shared: true, Profiles: 100})
	s.Join("here")
	if every, n := s.PollEvery(time.Minute, time.Minute); every != 100*time.Second || n != 100 {
		t.Errorf("100 profiles in the shared window: every %s, %d; want 1m40s, 100", every, n)
	}
	// Polling every 3 minutes, a minute's window holds a third of the
	// profiles: 50 seen are 150.
	s = shared(Usage{Limit: 120, Window: time.Minute, Shared: true, Profiles: 50})
	if every, n := s.PollEvery(time.Minute, 3*time.Minute); every != 150*time.Second || n != 150 {
		t.Errorf("50 seen at 3 min: every %s, %d; want 2m30s, 150", every, n)
	}
	// The process's own tenants count when the window saw fewer.
	s = shared(Usage{Limit: 120, Window: time.Minute, Shared: true, Profiles: 1})
	for i := range 70 {
		s.Join(string(rune('a' + i)))
	}
	if every, n := s.PollEvery(time.Minute, time.Minute); every != 70*time.Second || n != 70 {
		t.Errorf("70 here, 1 seen: every %s, %d; want 1m10s, 70", every, n)
	}
	// On the fallback the process has a quarter of the minute: 15 polls.
	s = shared(Usage{Limit: 30, Window: time.Minute, Fallback: "PostgreSQL did not answer in time"})
	for i := range 20 {
		s.Join(string(rune('a' + i)))
	}
	if every, n := s.PollEvery(time.Minute, time.Minute); every != 80*time.Second || n != 20 {
		t.Errorf("20 on the fallback: every %s, %d; want 1m20s, 20", every, n)
	}
}

// The reserve grows with the recruiter's actions, not with background
// grants: after one action, background work fills the window up to the
// limit less Reserve(1), and no further.
func TestReserveCountsActionsOnly(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := Config{Requests: 40, Window: time.Minute, Burst: 1}
		s := New(cfg)
		tn := s.Tenant("a")
		if err := tn.Wait(context.Background()); err != nil { // the action
			t.Fatal(err)
		}
		start := time.Now()
		ctx, cancel := context.WithCancel(WithPriority(context.Background(), Background))
		defer cancel()
		n := 0
		go func() {
			for tn.Wait(ctx) == nil {
				n++
			}
		}()
		time.Sleep(cfg.Window - time.Second)
		synctest.Wait()
		if want := cfg.Requests - cfg.Reserve(1) - 1; n != want {
			t.Errorf("background took %d turns in the minute after an action at %v, want %d (reserve %d)", n, start, want, cfg.Reserve(1))
		}
		cancel()
	})
}

// Background work is smoothed over twelfths of the window: a twelfth of
// the limit plus the burst per part.
func TestSmoothPart(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		part time.Duration
		most int
	}{
		{Config{}, 5 * time.Second, 14},
		{Config{Requests: 30, Window: 12 * time.Second, Burst: 2}, time.Second, 4},
	} {
		if part, most := c.cfg.SmoothPart(); part != c.part || most != c.most {
			t.Errorf("%+v: %s, %d; want %s, %d", c.cfg, part, most, c.part, c.most)
		}
	}
}

// A profile open twice stays counted until both close.
func TestJoinCountsSessionsOfAProfile(t *testing.T) {
	s := New(Config{})
	first, second := s.Join("x"), s.Join("x")
	other := s.Join("y")
	first()
	if _, n := s.PollEvery(time.Minute, time.Minute); n != 2 {
		t.Errorf("x still open once, y open: %d profiles, want 2", n)
	}
	second()
	other()
	if _, n := s.PollEvery(time.Minute, time.Minute); n != 0 {
		t.Errorf("all closed: %d profiles", n)
	}
}
