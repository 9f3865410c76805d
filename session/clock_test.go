package session

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"hrdesk/fakeapi"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/store"
)

// Issue 26 §7 in the workstation: a service whose clock is a week behind
// this machine's is said on the status line of every terminal of the
// profile (each reads it with its meter), and once a process to
// ClockSkew; the workstation's stderr is left to say it only while no
// terminal has read it.
func TestAClockAWeekOffReachesEveryTerminal(t *testing.T) {
	const week = 7 * 24 * time.Hour
	_, p := tokenProfile(t, -week)
	var told []time.Duration
	p.ClockSkew = func(ahead time.Duration) { told = append(told, ahead) }
	p.ClockTold = new(atomic.Bool)
	ctx, cancel := context.WithTimeout(context.Background(), testwait.Patience)
	defer cancel()
	st, err := store.Open(p.Config.CacheFile())
	if err != nil {
		t.Fatal(err)
	}
	s := Open(*p, st, Options{})
	closeAtEnd(t, s)
	alice, bob := s.Backend(nil), s.Backend(nil)
	if m := alice.Meter(); m.ClockAhead != 0 {
		t.Fatalf("before any answer the meter says the clock is %v ahead", m.ClockAhead)
	}
	if err := alice.Login(ctx, fakeapi.DemoLogin, fakeapi.DemoPassword); err != nil {
		t.Fatal(err)
	}
	if _, err := bob.Sync(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if ahead, ok := s.ClockUnshown(); !ok || (ahead-week).Abs() > time.Minute {
		t.Errorf("before any meter read: unshown %v %v; want a week ahead, not shown", ahead, ok)
	}
	for name, b := range map[string]*Backend{"alice": alice, "bob": bob} {
		if m := b.Meter(); (m.ClockAhead - week).Abs() > time.Minute {
			t.Errorf("%s's meter: the clock %v ahead; want a week", name, m.ClockAhead)
		}
	}
	if _, ok := s.ClockUnshown(); ok {
		t.Error("the terminals read the difference, yet it is left for stderr")
	}
	if len(told) != 1 || (told[0]-week).Abs() > time.Minute {
		t.Errorf("ClockSkew told %v; want a week, once", told)
	}
}

// A clock within a minute of the service's is nobody's business.
func TestAClockInStepIsNotOnTheMeter(t *testing.T) {
	_, s := openTest(t, 0, Options{}, nil)
	if m := s.Backend(nil).Meter(); m.ClockAhead != 0 {
		t.Errorf("the meter says the clock is %v ahead of a fake on this machine's clock", m.ClockAhead)
	}
	if ahead, ok := s.ClockUnshown(); ok {
		t.Errorf("unshown %v for stderr", ahead)
	}
}

// A profile with nobody to tell once a process (ClockSkew nil, as under
// `hrdesk serve`) still has its terminals told: the session hears the
// difference whoever else does.
func TestAClockOffReachesTheMeterWithoutAProcessNotice(t *testing.T) {
	const week = 7 * 24 * time.Hour
	_, p := tokenProfile(t, -week)
	st, err := store.Open(p.Config.CacheFile())
	if err != nil {
		t.Fatal(err)
	}
	s := Open(*p, st, Options{})
	closeAtEnd(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), testwait.Patience)
	defer cancel()
	ui := s.Backend(nil)
	if err := ui.Login(ctx, fakeapi.DemoLogin, fakeapi.DemoPassword); err != nil {
		t.Fatal(err)
	}
	if _, err := ui.Sync(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if m := ui.Meter(); (m.ClockAhead - week).Abs() > time.Minute {
		t.Errorf("the meter: the clock %v ahead; want a week", m.ClockAhead)
	}
}
