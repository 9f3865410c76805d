package session

import (
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"hrdesk/problem"
	"hrdesk/session/feed"
)

// Issue 26 §4: a service that accepts connections and never answers. The
// reachability dial goes through, so only the requests left waiting can
// tell; the terminals hear "not answering" (a timeout, not online) after
// StallAfter, here a tenth of a second, and are told how long that is.
func TestAServiceThatNeverAnswersIsSaidNotAnswering(t *testing.T) {
	t.Parallel()
	// The reachability dial's timeout is its interval (at most 4 s): a
	// second, not 20 ms, so a loaded machine's slow loopback dial is not
	// taken for an unreachable service.
	srv, s := openTest(t, time.Hour, Options{ReachEvery: time.Second, StallAfter: 100 * time.Millisecond}, nil)
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
	accepted := make(chan struct{}, 100)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			held = append(held, c)
			mu.Unlock()
			accepted <- struct{}{}
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, c := range held {
			c.Close()
		}
		mu.Unlock()
	})
	go s.Poll() // a request under way; it ends when the test closes the session
	// A request of openTest's sync may have been late on a loaded machine
	// (said, then taken back): wait for the poll's.
	m := pollsUntil(t, b, feed.PolledMsg{}, "not answering", func(m feed.PolledMsg) bool { return isStalled(m) })
	if p := problem.Of(m.Err); p.Kind != problem.Timeout || !strings.Contains(m.Err.Error(), "not answered in 100ms") {
		t.Fatalf("the terminals heard %+v (%v), want the service not answering for StallAfter", m, p.Kind)
	}
	// The reachability dial still goes through: it must not say online,
	// nor "not answering" again and again.
	for range 3 {
		select {
		case <-accepted:
		case <-time.After(30 * time.Second):
			t.Fatal("no reachability dial")
		}
	}
	if last := s.LastPoll(); last.Seq != m.Seq {
		t.Errorf("after the dials the terminals heard %+v", last)
	}
}

// roundTripFunc is an http.RoundTripper.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// The watch says a request is late once, and answered when a late one
// gets its answer; a request answered in time says nothing.
func TestStallWatchSaysLateAndAnswered(t *testing.T) {
	release := make(chan struct{})
	var stalls, answers atomic.Int32
	stalled := make(chan struct{}, 10)
	w := &stallWatch{after: 50 * time.Millisecond,
		stalled:  func(time.Duration) { stalls.Add(1); stalled <- struct{}{} },
		answered: func() { answers.Add(1) },
		next: roundTripFunc(func(r *http.Request) (*http.Response, error) {
			if r.URL.Path == "/slow" {
				<-release
			}
			if r.URL.Path == "/broken" {
				<-release
				return nil, errors.New("reset")
			}
			return &http.Response{StatusCode: 200, Body: io.NopCloser(strings.NewReader("{}"))}, nil
		})}
	get := func(path string) {
		req, _ := http.NewRequest(http.MethodGet, "http://127.0.0.1"+path, nil)
		if resp, err := w.RoundTrip(req); err == nil {
			resp.Body.Close()
		}
	}
	get("/fast")
	if stalls.Load() != 0 || answers.Load() != 0 {
		t.Fatalf("a request answered at once: %d stalls, %d answers", stalls.Load(), answers.Load())
	}
	done := make(chan struct{})
	go func() { get("/slow"); close(done) }()
	select {
	case <-stalled:
	case <-time.After(30 * time.Second):
		t.Fatal("a request left waiting was never said late")
	}
	close(release)
	<-done
	if stalls.Load() != 1 || answers.Load() != 1 {
		t.Errorf("a late request answered: %d stalls, %d answers; want 1 and 1", stalls.Load(), answers.Load())
	}
	get("/broken") // released already: no answer, but in time
	if answers.Load() != 1 {
		t.Errorf("a failed request counted as an answer")
	}
}
