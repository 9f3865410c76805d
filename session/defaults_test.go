package session

import (
	"errors"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"hrdesk/internal/testkit/testwait"
	"hrdesk/session/feed"
)

// Options' zero values are the defaults, not "never": a request left
// without an answer is said after DefaultStallAfter, and a service that
// went away is found by the reachability check every DefaultReachEvery,
// with the poller an hour off. It takes their 10 s each, waited for as
// events.
func TestZeroOptionsWatchStallsAndReach(t *testing.T) {
	t.Parallel()
	srv, s := openTest(t, time.Hour, Options{}, nil)
	b := s.Backend(nil)
	u, err := url.Parse(s.p.Config.BaseURL)
	if err != nil {
		t.Fatal(err)
	}
	srv.Close()
	ln, err := net.Listen("tcp", u.Host) // the same address: accepts, never answers
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var held []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			held = append(held, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range held {
			c.Close()
		}
	})
	go s.Poll() // a request under way, never answered
	m := nextPoll(t, b, 0, testwait.Patience)
	var late *notAnswering
	if !errors.As(m.Err, &late) || !strings.Contains(m.Err.Error(), "in "+DefaultStallAfter.String()) {
		t.Fatalf("the terminals heard %+v, want not answering in %v", m, DefaultStallAfter)
	}
	// Now nothing accepts (the poll's connection stays open, unanswered):
	// only the reachability check can tell.
	ln.Close()
	var gone *unreachable
	pollsUntil(t, b, m, "the reachability check's offline", func(m feed.PolledMsg) bool { return errors.As(m.Err, &gone) })
}
