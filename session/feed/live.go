// Package feed carries what a profile's background poller tells the
// workstations open on it (issue 12 §3): one message per poll, for the UI
// to reload its list and counts, say "3 new in Inbox", and tell online from
// offline without a key press. With `hrdesk serve` every session of a
// profile hears the same poller.
//
// It imports only problem (the kind of trouble a sync waits out), so the UI
// may use it without the network side, and the session layer without the UI.
package feed

import (
	"context"
	"sync"
	"time"
)

// PolledMsg is the outcome of one poll. It is a Bubble Tea message: the
// backend's command that waits for the next poll returns it.
type PolledMsg struct {
	// Seq increases with every poll of the profile; wait for the next
	// message after it.
	Seq uint64
	At  time.Time
	// Arrived is how many new responses reached the inbox.
	Arrived int
	// Changed says the cache changed (entries fetched, actions sent):
	// reload the list and the folder counts.
	Changed bool
	// Err is why the poll failed (offline, session gone…); nil means the
	// service answered: online.
	Err error
}

// Cadence is how often the poller checks for new responses (issue 21 §2):
// poll_interval, stretched when the profiles sharing the service's limit
// would otherwise spend too much of it on polls.
type Cadence struct {
	// Every is the interval the poller waits now; Configured is
	// poll_interval.
	Every, Configured time.Duration
	// Sharing is how many profiles share the service's limit, as counted
	// when Every was worked out.
	Sharing int
}

// Stretched says the poller checks less often than poll_interval asks,
// which the workstation then says, with why.
func (c Cadence) Stretched() bool { return c.Configured > 0 && c.Every > c.Configured }

// Feed hands each poll's message to everyone waiting for it, and keeps
// the poller's cadence for them to read.
type Feed struct {
	mu      sync.Mutex
	last    PolledMsg
	ready   chan struct{} // closed when a message after last.Seq is published
	cadence Cadence
}

// SetCadence records how often the poller checks now; it works this out
// again before each wait.
func (f *Feed) SetCadence(c Cadence) {
	f.mu.Lock()
	f.cadence = c
	f.mu.Unlock()
}

// Cadence is how often the poller checks (zero: it does not poll).
func (f *Feed) Cadence() Cadence {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.cadence
}

// NewFeed makes a feed with no message yet.
func NewFeed() *Feed { return &Feed{ready: make(chan struct{})} }

// Publish numbers m and wakes every waiter.
func (f *Feed) Publish(m PolledMsg) PolledMsg {
	f.mu.Lock()
	defer f.mu.Unlock()
	m.Seq = f.last.Seq + 1
	f.last = m
	close(f.ready)
	f.ready = make(chan struct{})
	return m
}

// Last is the newest message (Seq 0: none yet).
func (f *Feed) Last() PolledMsg {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.last
}

// Next returns the newest message after seq, waiting for one if needed,
// or ctx's error. A waiter that fell behind gets the newest, not each one
// it missed: the cache, not the messages, holds the state.
func (f *Feed) Next(ctx context.Context, after uint64) (PolledMsg, error) {
	for {
		f.mu.Lock()
		last, ready := f.last, f.ready
		f.mu.Unlock()
		if last.Seq > after {
			return last, nil
		}
		select {
		case <-ctx.Done():
			return PolledMsg{}, ctx.Err()
		case <-ready:
		}
	}
}
