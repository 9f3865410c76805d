package session

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"time"

	"hrdesk/apiclient"
	"hrdesk/problem"
	"hrdesk/session/feed"
)

// Noticing an outage while nobody asks the service anything (issue 19
// §2.9): the poller asks once per poll_interval (a minute by default, more
// when profiles share the budget), so a service gone down showed "offline"
// only at the next poll, ~45 s on average. Every ReachEvery the session
// opens a TCP connection to the service (or its proxy) and closes it: no
// request, so nothing of the budget is spent. A refused or silent dial is
// published on the feed as a poll that got no answer, which every terminal
// shows as offline; a dial that goes through after an outage starts an
// early poll, whose answer says online (and brings what arrived).

// DefaultReachEvery is how often the session checks that the service is
// reachable: with the dial's own timeout, offline shows within 15 s.
const DefaultReachEvery = 10 * time.Second

// reachTimeout bounds one dial; a service that does not accept within it
// counts as unreachable (DefaultReachEvery + reachTimeout ≤ 15 s).
const reachTimeout = 4 * time.Second

// watchReach checks reachability every every (0: DefaultReachEvery,
// negative: never) until the session closes.
func (s *Session) watchReach(every time.Duration) {
	if every < 0 {
		return
	}
	if every == 0 {
		every = DefaultReachEvery
	}
	addr, err := dialAddr(s.p.Config.BaseURL, http.ProxyFromEnvironment)
	if err != nil {
		return // the client refuses the URL too, and says so on the first call
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-s.ctx.Done():
				return
			case <-t.C:
				s.checkReach(addr, min(reachTimeout, every))
			}
		}
	}()
}

// checkReach dials addr once and tells the terminals what changed.
func (s *Session) checkReach(addr string, timeout time.Duration) {
	if !s.p.LoggedIn() || s.syncing() {
		// The login screen says offline when a login fails; a sync's
		// progress says what it waits out.
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, timeout)
	defer cancel()
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	if s.ctx.Err() != nil {
		return // closing
	}
	wasOffline := isOffline(s.feed.Last())
	if err != nil {
		if !wasOffline {
			s.publish(feed.PolledMsg{At: time.Now(), Err: &unreachable{addr: addr, why: err.Error()}})
		}
		return
	}
	conn.Close()
	if wasOffline {
		s.recovered()
	}
}

// recovered polls once the service accepts connections again: a real poll
// says online (or what else is wrong), with what arrived meanwhile. The
// outage probe's poll that answered first leaves nothing to do.
func (s *Session) recovered() {
	s.probeMu.Lock()
	defer s.probeMu.Unlock()
	if isOffline(s.feed.Last()) {
		s.Poll()
	}
}

// isOffline reports a feed whose newest message says the service did not answer.
func isOffline(m feed.PolledMsg) bool {
	return m.Seq > 0 && problem.Of(m.Err).Kind == problem.Offline
}

// unreachable is a failed reachability dial: a call that got no answer
// (apiclient.ErrNoAnswer, so problem.Of says Offline). The dial's error is
// kept as text only: its timeout would read as "the service is slow".
type unreachable struct{ addr, why string }

func (e *unreachable) Error() string {
	return fmt.Sprintf("%v: cannot connect to %s (%s)", apiclient.ErrNoAnswer, e.addr, e.why)
}

func (e *unreachable) Unwrap() error { return apiclient.ErrNoAnswer }

// dialAddr is the host:port a request to base connects to first: the
// proxy's when proxy names one for it (as the client's transport asks the
// environment), else the service's.
func dialAddr(base string, proxy func(*http.Request) (*url.URL, error)) (string, error) {
	u, err := url.Parse(base)
	if err != nil || u.Host == "" {
		return "", fmt.Errorf("base URL %q has no host", base)
	}
	if p, err := proxy(&http.Request{URL: u}); err == nil && p != nil {
		u = p
	}
	port := u.Port()
	if port == "" {
		port = "443"
		if u.Scheme == "http" {
			port = "80"
		}
	}
	return net.JoinHostPort(u.Hostname(), port), nil
}
