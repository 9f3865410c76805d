package session

import (
	"context"
	"fmt"
	"testing"
	"time"

	"hrdesk/apiclient"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/ratebudget"
	"hrdesk/session/feed"
)

// A poll called directly (the probe's path) finds what arrived, tells the
// terminals, and lets Close finish: no hold is kept. With poll_interval 0
// no poller runs. Not parallel, and before the poller's parallel tests: a
// poll that keeps its hold or publishes nothing fails here at once, and
// -failfast (a mutation run's) then starts none of the tests that would
// wait for that poller's messages.
func TestAPollFindsWhatArrivedAndReleasesItsHold(t *testing.T) {
	srv, s := openTest(t, 0, Options{ReachEvery: -1}, nil)
	if _, ok := s.Backend(nil).NextPoll(context.Background(), 0); ok {
		t.Error("poll_interval 0, yet the terminals wait on a poller")
	}
	srv.AddResponse()
	srv.AddResponse()
	m, ok := s.Poll()
	if !ok || m.Seq != 1 || m.Err != nil || m.Arrived != 2 || !m.Changed {
		t.Fatalf("a poll after 2 responses arrived: %+v, polled %v", m, ok)
	}
	if last := s.LastPoll(); last.Seq != m.Seq || last.Arrived != 2 {
		t.Errorf("the terminals heard %+v, the poll returned %+v", last, m)
	}
	if again, ok := s.Poll(); !ok || again.Seq != 2 || again.Arrived != 0 {
		t.Errorf("a second poll with nothing new: %+v, polled %v", again, ok)
	}
	testwait.Within(t, testwait.Patience, "Close after two polls", func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	})
	if m, ok := s.Poll(); ok {
		t.Errorf("a poll after Close: %+v", m)
	}
}

// pollsUntil reads the feed's messages after m until done holds for one,
// and returns it; it fails t when maxPolls polls have not brought it (an
// event count, not a clock: each poll is a real round trip).
func pollsUntil(t *testing.T, b *Backend, m feed.PolledMsg, what string, done func(feed.PolledMsg) bool) feed.PolledMsg {
	t.Helper()
	const maxPolls = 50
	for range maxPolls {
		m = nextPoll(t, b, m.Seq, testwait.Patience)
		if done(m) {
			return m
		}
	}
	t.Fatalf("%s: not in %d polls (the last: %+v)", what, maxPolls, m)
	return m
}

func TestOnePollerPerProfileFindsNewResponses(t *testing.T) {
	t.Parallel()
	srv, s := openTest(t, 300*time.Millisecond, Options{ReachEvery: -1}, nil)
	// Two terminals of the profile, as on `hrdesk serve`.
	s1, end1 := context.WithCancel(context.Background())
	s2, end2 := context.WithCancel(context.Background())
	defer end2()
	alice, again := s.Backend(s1), s.Backend(s2)
	const limit = testwait.Patience

	for range 3 {
		srv.AddResponse()
	}
	arrived := 0
	m := pollsUntil(t, alice, feed.PolledMsg{}, "3 new responses", func(m feed.PolledMsg) bool {
		arrived += m.Arrived
		return arrived >= 3 || m.Err != nil
	})
	if m.Err != nil || arrived != 3 || !m.Changed {
		t.Fatalf("polls found %d new (last %+v), want 3", arrived, m)
	}
	if m2 := nextPoll(t, again, m.Seq-1, limit); m2.Seq < m.Seq {
		t.Errorf("the second terminal heard poll %d, the first %d", m2.Seq, m.Seq)
	}
	// A terminal that ends only with the session (a local window) hears it too.
	if m3 := nextPoll(t, s.Backend(nil), m.Seq-1, limit); m3.Seq < m.Seq {
		t.Errorf("the local window heard poll %d, the first terminal %d", m3.Seq, m.Seq)
	}
	// One poller for both terminals: one inbox request per poll. The next
	// poll may be under way as the requests are read (a loaded machine
	// holds this goroutine past the 300 ms interval), so one more is
	// allowed; a poller per terminal would send twice as many.
	srv.ResetRequests()
	first := nextPoll(t, again, nextPoll(t, alice, m.Seq, limit).Seq, limit)
	if got := srv.Requests()["/2.0/resumes/received/"]; got > int(first.Seq-m.Seq)+1 {
		t.Errorf("%d list requests over %d polls of two terminals", got, first.Seq-m.Seq)
	}
	// Offline and back, noticed by the polls themselves.
	srv.SetOffline(true)
	off := pollsUntil(t, alice, first, "the service offline", func(m feed.PolledMsg) bool { return m.Err != nil })
	if !apiclient.IsOffline(off.Err) {
		t.Errorf("offline poll: %v", off.Err)
	}
	srv.SetOffline(false)
	on := pollsUntil(t, alice, off, "the service back", func(m feed.PolledMsg) bool { return m.Err == nil })
	// A terminal that ends stops waiting at once.
	end1()
	got := make(chan bool, 1)
	go func() { _, ok := alice.NextPoll(context.Background(), on.Seq+1000); got <- ok }()
	select {
	case ok := <-got:
		if ok {
			t.Error("after the terminal ended, a poll message")
		}
	case <-time.After(testwait.Patience):
		t.Error("a terminal that ended still waits for the next poll")
	}
}

// The poller's interval stretches with the profiles sharing the budget
// (issue 21 §2), worked out again before each wait: 80 profiles at 60
// polls a window poll every 4/3 of it, and when 40 leave, at poll_interval
// again. The session counts among them while open. The window is shrunk
// to a second, so the re-evaluation comes within the test.
func TestPollIntervalStretchesWithTheProfiles(t *testing.T) {
	t.Parallel()
	var b *ratebudget.Scheduler
	var colleagues []func()
	_, s := openTest(t, time.Second, Options{ReachEvery: -1}, func(p *Profile) {
		p.Hosts = ratebudget.NewRegistry()
		b = p.Hosts.For(p.Config.BaseURL, ratebudget.Config{Requests: 120, Window: time.Second})
		for i := range 79 {
			colleagues = append(colleagues, b.Join(fmt.Sprintf("colleague %d", i)))
		}
	})
	ui := s.Backend(nil)
	waitCadence := func(want feed.Cadence) {
		t.Helper()
		deadline := time.Now().Add(testwait.Patience)
		for got := ui.Meter().Polls; got != want; got = ui.Meter().Polls {
			if time.Now().After(deadline) {
				t.Fatalf("the poller's cadence is %+v, want %+v", got, want)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitCadence(feed.Cadence{Every: 4 * time.Second / 3, Configured: time.Second, Sharing: 80})
	for _, leave := range colleagues[:40] {
		leave()
	}
	waitCadence(feed.Cadence{Every: time.Second, Configured: time.Second, Sharing: 40})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, n := b.PollEvery(time.Second, time.Second); n != 39 {
		t.Errorf("after the session closed %d profiles share the budget, want 39", n)
	}
}
