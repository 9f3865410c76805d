package cli

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/apiclient"
	"hrdesk/live"
	"hrdesk/syncer"
	"hrdesk/tokenfile"
)

// The live inbox's backend (issue 12 §3): one poller per workspace, so the
// sessions of a profile on `hrdesk serve` share it, checking the service
// every poll_interval through the shared budget at background priority.
// Each poll's outcome goes to the workspace's live.Feed; a session's UI
// waits on it with uiBackend.NextPoll. The interval stretches with the
// profiles sharing the service's limit (issue 21 §2): the budget works it
// out again before each wait, as profiles open and close.

// startPolling runs the workspace's poller until the workspace closes.
func (w *workspace) startPolling(configured time.Duration) {
	if configured <= 0 {
		return
	}
	w.polling = true
	b := w.a.requestBudget()
	leave := b.Join(w.a.cfg.DataDir)
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		defer leave()
		every := configured
		for {
			var sharing int
			every, sharing = b.PollEvery(configured, every)
			w.feed.SetCadence(live.Cadence{Every: every, Configured: configured, Sharing: sharing})
			t := time.NewTimer(every)
			select {
			case <-w.ctx.Done():
				t.Stop()
				return
			case <-t.C:
				w.pollOnce()
			}
		}
	}()
}

// poll polls unless nobody is logged in or a sync is under way (it does
// the same and more), publishes what it found and returns it; ok is false
// when it did not poll.
func (w *workspace) poll() (m live.PolledMsg, ok bool) {
	if _, err := tokenfile.Load(w.a.cfg.TokenFile()); err != nil {
		return m, false
	}
	w.mu.Lock()
	busy := w.running != nil
	w.mu.Unlock()
	if busy {
		return m, false
	}
	ctx, done, err := w.begin(w.ctx, true)
	if err != nil {
		return m, false
	}
	defer done()
	eng, err := w.engine()
	if err != nil {
		return w.feed.Publish(live.PolledMsg{At: time.Now(), Err: err}), true
	}
	rep, err := eng.Poll(ctx)
	if errors.Is(err, syncer.ErrBusy) || ctx.Err() != nil {
		return m, false // another process syncs this profile, or hrdesk is closing
	}
	return w.feed.Publish(live.PolledMsg{At: time.Now(), Arrived: rep.Arrived, Err: err, Changed: rep.Changed()}), true
}

func (w *workspace) pollOnce() { w.poll() }

// probeShared is how recent a poll answers an offline probe without
// another: sessions of one profile probing at once share one poll.
const probeShared = 5 * time.Second

// Ping is the workstation's offline probe, made an early poll: the poll is
// the one question that decides online or offline, every session of the
// profile hears its answer at once (so no two windows disagree), and what
// arrived during the outage comes in with "online". With no poll possible
// (nobody logged in, a sync under way) it asks for the current user, the
// cheapest call that proves the server answers and the session holds.
func (b *uiBackend) Ping(ctx context.Context) error {
	w := b.w
	w.probeMu.Lock()
	defer w.probeMu.Unlock()
	if last := w.feed.Last(); last.Seq > 0 && time.Since(last.At) < w.probeShared {
		return last.Err
	}
	if m, ok := w.poll(); ok {
		return m.Err
	}
	return w.call(ctx, true, func(ctx context.Context, c *apiclient.Client) error {
		_, err := c.CurrentUser(ctx)
		return err
	})
}

// NextPoll is the UI's hook on the poller: a command that waits for the
// profile's next poll after seq and returns its live.PolledMsg (nil when
// the session or the workspace ends; nil with polling off). The UI returns NextPoll(0) from Init
// and NextPoll(msg.Seq) after handling each message.
func (b *uiBackend) NextPoll(after uint64) tea.Cmd {
	if !b.w.polling {
		return nil // poll_interval = 0: nothing to wait for
	}
	return func() tea.Msg {
		ctx, cancel := context.WithCancel(b.w.ctx)
		defer cancel()
		if b.done != nil {
			stop := context.AfterFunc(b.done, cancel)
			defer stop()
		}
		m, err := b.w.feed.Next(ctx, after)
		if err != nil {
			return nil
		}
		return m
	}
}
