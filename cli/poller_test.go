package cli

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/apiclient"
	"hrdesk/budget"
	"hrdesk/config"
	"hrdesk/live"
	"hrdesk/session"
)

// runCmd runs a command that may block, failing the test after limit.
func runCmd(t *testing.T, cmd tea.Cmd, limit time.Duration) tea.Msg {
	t.Helper()
	got := make(chan tea.Msg, 1)
	go func() { got <- cmd() }()
	select {
	case m := <-got:
		return m
	case <-time.After(limit):
		t.Fatalf("the command did not return within %s", limit)
		return nil
	}
}

// nextPoll waits for a poll message after seq.
func nextPoll(t *testing.T, b *session.Backend, after uint64) live.PolledMsg {
	t.Helper()
	m, ok := runCmd(t, b.NextPoll(after), 15*time.Second).(live.PolledMsg)
	if !ok {
		t.Fatal("NextPoll returned no poll")
	}
	return m
}

func TestOnePollerPerProfileFindsNewResponses(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	a := &app{Streams: Streams{Out: &strings.Builder{}, Err: &strings.Builder{}}, env: config.EnvFromList(e.vars)}
	a.global.set = map[string]bool{}
	if err := a.loadConfig(); err != nil {
		t.Fatal(err)
	}
	a.cfg.PollInterval = config.Duration(300 * time.Millisecond)
	st, err := a.openStore()
	if err != nil {
		t.Fatal(err)
	}
	w := a.openSession(st)
	t.Cleanup(func() { w.Close() })
	// Two sessions of the profile, as on `hrdesk serve`.
	s1, end1 := context.WithCancel(context.Background())
	s2, end2 := context.WithCancel(context.Background())
	defer end2()
	alice, again := w.Backend(s1), w.Backend(s2)

	for range 3 {
		e.srv.AddResponse()
	}
	m := nextPoll(t, alice, 0)
	arrived := m.Arrived
	for arrived < 3 && m.Err == nil {
		m = nextPoll(t, alice, m.Seq)
		arrived += m.Arrived
	}
	if m.Err != nil || arrived != 3 || !m.Changed {
		t.Fatalf("polls found %d new (last %+v), want 3", arrived, m)
	}
	if m2 := nextPoll(t, again, m.Seq-1); m2.Seq < m.Seq {
		t.Errorf("the second session heard poll %d, the first %d", m2.Seq, m.Seq)
	}
	// One poller for both sessions: one inbox request per poll. The next
	// poll may be under way as the requests are read (a loaded machine
	// holds this goroutine past the 300 ms interval), so one more is
	// allowed; a poller per session would send twice as many.
	e.srv.ResetRequests()
	first := nextPoll(t, again, nextPoll(t, alice, m.Seq).Seq)
	if got := e.srv.Requests()["/2.0/resumes/received/"]; got > int(first.Seq-m.Seq)+1 {
		t.Errorf("%d list requests over %d polls of two sessions", got, first.Seq-m.Seq)
	}
	// Offline and back, noticed by the polls themselves.
	e.srv.SetOffline(true)
	off := nextPoll(t, alice, first.Seq)
	for off.Err == nil {
		off = nextPoll(t, alice, off.Seq)
	}
	if !apiclient.IsOffline(off.Err) {
		t.Errorf("offline poll: %v", off.Err)
	}
	e.srv.SetOffline(false)
	on := nextPoll(t, alice, off.Seq)
	for on.Err != nil {
		on = nextPoll(t, alice, on.Seq)
	}
	// A session that ends stops waiting at once.
	end1()
	if msg := runCmd(t, alice.NextPoll(on.Seq+1000), 5*time.Second); msg != nil {
		t.Errorf("after the session ended: %v", msg)
	}
}

func TestDemoServerNewResponsesFlag(t *testing.T) {
	e := newEnv(t)
	if code, _, errs := e.run("", "demo-server", "--new-responses", "-1"); code != 2 || !strings.Contains(errs, "--new-responses") {
		t.Errorf("a negative count: %d %q", code, errs)
	}
}

// The poller's interval stretches with the profiles sharing the budget
// (issue 21 §2), worked out again before each wait: 80 profiles at 60
// polls a window poll every 4/3 of it, and when 40 leave, at poll_interval
// again. The workspace counts among them while open. The window is shrunk
// to a second, so the re-evaluation comes within the test.
func TestPollIntervalStretchesWithTheProfiles(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	a := &app{Streams: Streams{Out: &strings.Builder{}, Err: &strings.Builder{}}, env: config.EnvFromList(e.vars)}
	a.global.set = map[string]bool{}
	if err := a.loadConfig(); err != nil {
		t.Fatal(err)
	}
	a.cfg.PollInterval = config.Duration(time.Second)
	a.hosts = budget.NewRegistry()
	b := a.hosts.For(a.cfg.BaseURL, budget.Config{Requests: 120, Window: time.Second})
	var colleagues []func()
	for i := range 79 {
		colleagues = append(colleagues, b.Join(fmt.Sprintf("colleague %d", i)))
	}
	st, err := a.openStore()
	if err != nil {
		t.Fatal(err)
	}
	w := a.openSession(st)
	ui := w.Backend(nil)
	waitCadence := func(want live.Cadence) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for got := ui.Meter().Polls; got != want; got = ui.Meter().Polls {
			if time.Now().After(deadline) {
				t.Fatalf("the poller's cadence is %+v, want %+v", got, want)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitCadence(live.Cadence{Every: 4 * time.Second / 3, Configured: time.Second, Sharing: 80})
	for _, leave := range colleagues[:40] {
		leave()
	}
	waitCadence(live.Cadence{Every: time.Second, Configured: time.Second, Sharing: 40})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if _, n := b.PollEvery(time.Second, time.Second); n != 39 {
		t.Errorf("after the workspace closed %d profiles share the budget, want 39", n)
	}
}
