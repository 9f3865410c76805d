package session

import (
	"context"
	"errors"
	"time"

	"hrdesk/session/feed"
	"hrdesk/syncer"
)

// The live inbox's backend (issue 12 §3): one poller per session, so the
// terminals of a profile on `hrdesk serve` share it, checking the service
// every poll_interval through the shared budget at background priority.
// Each poll's outcome goes to the session's feed.Feed; a terminal's UI
// waits on it with Backend.NextPoll. The interval stretches with the
// profiles sharing the service's limit (issue 21 §2): the budget works it
// out again before each wait, as profiles open and close.

// startPolling runs the session's poller until the session closes; false
// when poll_interval is 0 (no poller).
func (s *Session) startPolling(configured time.Duration) bool {
	if configured <= 0 {
		return false
	}
	s.polling = true
	b := s.p.Budget()
	leave := b.Join(s.p.Config.DataDir)
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer leave()
		every := configured
		for {
			var sharing int
			every, sharing = b.PollEvery(configured, every)
			s.feed.SetCadence(feed.Cadence{Every: every, Configured: configured, Sharing: sharing})
			t := time.NewTimer(every)
			select {
			case <-s.ctx.Done():
				t.Stop()
				return
			case <-t.C:
				s.Poll()
			}
		}
	}()
	return true
}

// Poll polls now unless nobody is logged in or a sync is under way (it
// does the same and more), publishes what it found to every terminal and
// returns it; ok is false when it did not poll.
func (s *Session) Poll() (m feed.PolledMsg, ok bool) {
	if !s.p.LoggedIn() || s.syncing() {
		return m, false
	}
	ctx, done, err := s.begin(s.ctx, true)
	if err != nil {
		return m, false
	}
	defer done()
	eng, err := s.engine()
	if err != nil {
		return s.publish(feed.PolledMsg{At: time.Now(), Err: err}), true
	}
	rep, err := eng.Poll(ctx)
	if errors.Is(err, syncer.ErrBusy) || ctx.Err() != nil {
		return m, false // another process syncs this profile, or hrdesk is closing
	}
	return s.publish(feed.PolledMsg{At: time.Now(), Arrived: rep.Arrived, Err: err, Changed: rep.Changed()}), true
}

// LastPoll is the newest message of the feed (Seq 0: none yet).
func (s *Session) LastPoll() feed.PolledMsg { return s.feed.Last() }

// probeShared is how recent a poll answers an outage probe without
// another (outage.go): the reachability check may have just polled.
const probeShared = 5 * time.Second

// NextPoll is the UI's hook on the poller: it waits for the profile's next
// poll after seq and returns its feed.PolledMsg; ok is false when there is
// none to wait for (poll_interval 0) or the wait ended with ctx, the
// terminal or the session. It blocks: the UI runs it in a command (the
// session knows nothing of Bubble Tea), from Init and again after each
// message.
func (b *Backend) NextPoll(ctx context.Context, after uint64) (m feed.PolledMsg, ok bool) {
	s := b.s
	if !s.polling {
		return m, false // poll_interval = 0: nothing to wait for
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(s.ctx, cancel)
	defer stop()
	if b.done != nil {
		stop := context.AfterFunc(b.done, cancel)
		defer stop()
	}
	m, err := s.feed.Next(ctx, after)
	if err != nil {
		return feed.PolledMsg{}, false
	}
	return m, true
}
