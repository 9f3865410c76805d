package session

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"hrdesk/internal/testkit/testwait"
	"hrdesk/problem"
)

// Not parallel, and before the reachability check's parallel test: a
// dialAddr that refuses every URL fails here, and -failfast then starts no
// test that would wait for a check that never runs.
func TestDialAddr(t *testing.T) {
	none := func(*http.Request) (*url.URL, error) { return nil, nil }
	for base, want := range map[string]string{
		"https://api.example.test":        "api.example.test:443",
		"https://api.example.test:8443/x": "api.example.test:8443",
		"http://127.0.0.1:9000":           "127.0.0.1:9000",
	} {
		if got, err := dialAddr(base, none); err != nil || got != want {
			t.Errorf("%s: %q %v, want %q", base, got, err, want)
		}
	}
	proxy := func(*http.Request) (*url.URL, error) { return url.Parse("http://proxy.example.test:3128") }
	if got, _ := dialAddr("https://api.example.test", proxy); got != "proxy.example.test:3128" {
		t.Errorf("behind a proxy the check dials %q", got)
	}
}

// Issue 19 §2.9: a service that goes away while the workstation is open and
// idle shows as offline within 15 s, not at the next poll a minute later,
// and without spending a request; when it is back, online shows as soon.
// The poller here waits an hour, so only the reachability check can tell.
func TestOutageShowsWithoutWaitingForThePoll(t *testing.T) {
	t.Parallel()
	srv, s := openTest(t, time.Hour, Options{ReachEvery: 50 * time.Millisecond}, nil)
	b := s.Backend(nil)
	u, err := url.Parse(s.p.Config.BaseURL)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // a few checks with the service up
	if last := s.LastPoll(); last.Seq != 0 {
		t.Fatalf("the service is up and the terminals heard %+v", last)
	}
	left := s.p.Budget().Usage().Left
	srv.Close() // the listener closes: nothing answers at the address
	m := nextPoll(t, b, 0, testwait.Patience)
	if p := problem.Of(m.Err); p.Kind != problem.Offline {
		t.Fatalf("the terminals heard %+v (%v), want offline", m, p.Kind)
	}
	time.Sleep(200 * time.Millisecond)
	if last := s.LastPoll(); last.Seq != m.Seq {
		t.Errorf("offline was said again and again: %+v after %+v", last, m)
	}
	if now := s.p.Budget().Usage().Left; now != left {
		t.Errorf("the checks spent %d requests of the budget", left-now)
	}
	if _, err := srv.Start(u.Host); err != nil {
		t.Fatal(err)
	}
	srv.AddResponse()
	back := nextPoll(t, b, m.Seq, testwait.Patience)
	if back.Err != nil || back.Arrived != 1 {
		t.Errorf("after the service came back the terminals heard %+v, want online with 1 new", back)
	}
}
