package session

import (
	"context"
	"testing"
	"time"

	"hrdesk/apiclient"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/session/feed"
)

// feedNext waits for the feed's message after seq, as a terminal does
// (without a poller NextPoll has nothing to wait for, the feed has).
func feedNext(t *testing.T, s *Session, after uint64) feed.PolledMsg {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testwait.Patience)
	defer cancel()
	m, err := s.feed.Next(ctx, after)
	if err != nil {
		t.Fatalf("no message after %d on the feed: %v", after, err)
	}
	return m
}

// Issue 29 §4 (issue 10, defect 5: "offline" outlived the outage): the
// offline probe is the session's. A terminal's call that gets no answer
// starts it; it polls early, again and again while the service stays
// away, and once it answers every terminal hears "online" on the feed,
// with what arrived meanwhile, no terminal asking. Then it stops. No
// poller (poll_interval 0) and no reachability check: only the probe
// publishes here.
func TestOfflineThenBackTheFeedSaysOnlineWithNoTerminalAsking(t *testing.T) {
	t.Parallel()
	srv, s := openTest(t, 0, Options{ReachEvery: -1, ProbeEvery: 20 * time.Millisecond}, nil)
	s.probeShared = 0
	srv.SetOffline(true)
	b := s.Backend(nil)
	if err := b.RefreshVacancies(context.Background()); !apiclient.IsOffline(err) {
		t.Fatalf("a call with the service down: %v", err)
	}
	// A terminal without a poller reads the probe on the meter instead.
	if o := b.Meter().Outage; o != (feed.Outage{Began: 1, Away: true}) {
		t.Fatalf("the meter after a call without answer: %+v, want outage 1 under way", o)
	}
	m := feedNext(t, s, 0)
	if !isOffline(m) {
		t.Fatalf("the probe's first word with the service down: %+v", m)
	}
	m = feedNext(t, s, m.Seq)
	if !isOffline(m) {
		t.Fatalf("the probe's second word with the service down: %+v", m)
	}
	srv.SetOffline(false)
	srv.AddResponse()
	for range 50 { // an event count: each message is a real poll
		if m = feedNext(t, s, m.Seq); m.Err == nil {
			break
		}
	}
	if m.Err != nil || m.Arrived != 1 || !m.Changed {
		t.Fatalf("after the service came back the terminals heard %+v, want online with 1 new", m)
	}
	testwait.Until(t, "the probe ends once the service answers", func() string {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.outage {
			return "a probe still runs"
		}
		return ""
	})
	if o := b.Meter().Outage; o != (feed.Outage{Began: 1, Answered: 1}) {
		t.Fatalf("the meter once the service answered: %+v, want outage 1 answered", o)
	}
}

// A call the service answered starts no probe; one that got no answer
// does. (The probe waits an hour here: only its start is looked at.)
func TestOnlyACallWithoutAnswerStartsTheProbe(t *testing.T) {
	t.Parallel()
	srv, s := openTest(t, 0, Options{ReachEvery: -1, ProbeEvery: time.Hour}, nil)
	probing := func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.outage
	}
	ctx := context.Background()
	if err := s.Backend(nil).RefreshVacancies(ctx); err != nil || probing() {
		t.Fatalf("a call the service answered (%v): probing %v", err, probing())
	}
	srv.SetOffline(true)
	if err := s.Backend(nil).RefreshVacancies(ctx); !apiclient.IsOffline(err) || !probing() {
		t.Fatalf("a call with the service down (%v): probing %v", err, probing())
	}
}
