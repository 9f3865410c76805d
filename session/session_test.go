package session

import (
	"context"
	"testing"
	"time"

	"hrdesk/config"
	"hrdesk/fakeapi"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/session/feed"
	"hrdesk/store"
)

// openTest opens a logged-in, synced session of a fresh profile on a fake
// service on 127.0.0.1; poll is poll_interval (0: no poller); adjust (nil:
// none) changes the profile before it opens.
func openTest(t *testing.T, poll time.Duration, o Options, adjust func(*Profile)) (*fakeapi.Server, *Session) {
	t.Helper()
	srv := fakeapi.New(fakeapi.Options{Seed: 2, Received: 30, RequestsPerMinute: -1})
	base, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	cfg := config.Defaults(config.EnvFromList(nil))
	cfg.BaseURL, cfg.ClientID, cfg.Secret = base, fakeapi.DemoClientID, fakeapi.DemoSecret
	cfg.DataDir = t.TempDir()
	cfg.RequestsPerMinute = 60000 // the fake has no limit: the budget is tested in package budget
	cfg.PollInterval = config.Duration(poll)
	st, err := store.Open(cfg.CacheFile())
	if err != nil {
		t.Fatal(err)
	}
	p := Profile{Config: cfg}
	if adjust != nil {
		adjust(&p)
	}
	c, err := p.Client(nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), testwait.Patience)
	defer cancel()
	tok, err := c.PasswordLogin(ctx, fakeapi.DemoLogin, fakeapi.DemoPassword, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.SaveLogin(tok); err != nil {
		t.Fatal(err)
	}
	s := Open(p, st, o)
	closeAtEnd(t, s)
	if _, err := s.Sync(ctx, nil); err != nil {
		t.Fatal(err)
	}
	return srv, s
}

// closeAtEnd closes s when t ends. A Close that never returns (a poll that
// kept its hold) fails the test instead of hanging the binary until go
// test's timeout; after a failure it is not waited for at all: the test
// has said what broke, and waiting out a hang it caused would only make a
// mutation run time the mutant out instead of counting it killed.
func closeAtEnd(t *testing.T, s *Session) {
	t.Cleanup(func() {
		if t.Failed() {
			go s.Close()
			return
		}
		testwait.Within(t, testwait.Patience, "the session's Close", func() { s.Close() })
	})
}

// nextPoll waits up to limit for the feed's message after seq.
func nextPoll(t *testing.T, b *Backend, after uint64, limit time.Duration) feed.PolledMsg {
	t.Helper()
	type polled struct {
		m  feed.PolledMsg
		ok bool
	}
	got := make(chan polled, 1)
	go func() {
		m, ok := b.NextPoll(context.Background(), after)
		got <- polled{m, ok}
	}()
	select {
	case p := <-got:
		if !p.ok {
			t.Fatal("NextPoll: no poller, or it ended")
		}
		return p.m
	case <-time.After(limit):
		t.Fatalf("no poll message within %s", limit)
	}
	return feed.PolledMsg{}
}
