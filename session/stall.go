package session

import (
	"fmt"
	"net/http"
	"sync/atomic"
	"time"

	"hrdesk/apiclient"
	"hrdesk/session/feed"
)

// A service that accepts connections and never answers (issue 26 §4): the
// reachability dial succeeds, so the workstation said "online • syncing…"
// for ten minutes. Every request of the session goes through a watch: one
// left without an answer for StallAfter tells the terminals the service is
// not answering (a poll that timed out, problem.Timeout), and the first
// answer after that takes it back. No request is added for it.

// DefaultStallAfter is how long a request waits for an answer before the
// service counts as not answering: with a request under way (a sync, a
// poll, a key's action) the terminals hear it within 15 s.
const DefaultStallAfter = 10 * time.Second

// watchStalls puts the session's watch on its profile's requests (0:
// DefaultStallAfter, negative: none).
func (s *Session) watchStalls(after time.Duration) {
	if after < 0 {
		return
	}
	if after == 0 {
		after = DefaultStallAfter
	}
	next := s.p.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	s.p.Transport = &stallWatch{next: next, after: after, stalled: s.stalled, answered: s.answeredAgain}
}

// stallWatch tells stalled when a request has waited after for its
// answer, and answered when such a request gets one.
type stallWatch struct {
	next     http.RoundTripper
	after    time.Duration
	stalled  func(after time.Duration)
	answered func()
}

func (w *stallWatch) RoundTrip(req *http.Request) (*http.Response, error) {
	var late atomic.Bool
	t := time.AfterFunc(w.after, func() {
		late.Store(true)
		w.stalled(w.after)
	})
	resp, err := w.next.RoundTrip(req)
	if !t.Stop() && late.Load() && err == nil {
		w.answered()
	}
	return resp, err
}

// stalled tells the terminals, once, that the service is not answering.
func (s *Session) stalled(after time.Duration) {
	if s.ctx.Err() != nil || isStalled(s.feed.Last()) {
		return
	}
	s.feed.Publish(feed.PolledMsg{At: time.Now(), Err: &notAnswering{after: after}})
}

// answeredAgain takes "not answering" back once a late request is
// answered: a message without an error says the service answers; its zero
// At claims no poll.
func (s *Session) answeredAgain() {
	if s.ctx.Err() == nil && isStalled(s.feed.Last()) {
		s.feed.Publish(feed.PolledMsg{})
	}
}

func isStalled(m feed.PolledMsg) bool {
	_, ok := m.Err.(*notAnswering)
	return m.Seq > 0 && ok
}

// notAnswering is a request left without an answer: no answer from the
// service (apiclient.ErrNoAnswer) that timed out, so problem.Of says
// Timeout and the terminals say the service is not answering.
type notAnswering struct{ after time.Duration }

func (e *notAnswering) Error() string {
	return fmt.Sprintf("%v: the service accepts connections but has not answered in %s", apiclient.ErrNoAnswer, e.after)
}

func (e *notAnswering) Unwrap() error { return apiclient.ErrNoAnswer }

// Timeout and Temporary make it a net.Error that timed out.
func (e *notAnswering) Timeout() bool   { return true }
func (e *notAnswering) Temporary() bool { return true }
