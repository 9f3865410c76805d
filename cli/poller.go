package cli

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/live"
	"hrdesk/syncer"
	"hrdesk/tokenfile"
)

// The live inbox's backend (issue 12 §3): one poller per workspace, so the
// sessions of a profile on `hrdesk serve` share it, checking the service
// every poll_interval through the shared budget at background priority.
// Each poll's outcome goes to the workspace's live.Feed; a session's UI
// waits on it with uiBackend.NextPoll.

// startPolling runs the workspace's poller until the workspace closes.
func (w *workspace) startPolling(every time.Duration) {
	if every <= 0 {
		return
	}
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-w.ctx.Done():
				return
			case <-t.C:
				w.pollOnce()
			}
		}
	}()
}

// pollOnce polls unless nobody is logged in or a sync is under way (it
// does the same and more), and publishes what it found.
func (w *workspace) pollOnce() {
	if _, err := tokenfile.Load(w.a.cfg.TokenFile()); err != nil {
		return
	}
	w.mu.Lock()
	busy := w.running != nil
	w.mu.Unlock()
	if busy {
		return
	}
	ctx, done, err := w.begin(w.ctx, true)
	if err != nil {
		return
	}
	defer done()
	eng, err := w.engine()
	if err != nil {
		w.feed.Publish(live.PolledMsg{At: time.Now(), Err: err})
		return
	}
	rep, err := eng.Poll(ctx)
	if errors.Is(err, syncer.ErrBusy) || ctx.Err() != nil {
		return // another process syncs this profile, or hrdesk is closing
	}
	w.feed.Publish(live.PolledMsg{At: time.Now(), Arrived: rep.Arrived, Err: err,
		Changed: rep.Fetched+rep.Missing+rep.Pushed+rep.Failed+rep.Unknown > 0})
}

// NextPoll is the UI's hook on the poller: a command that waits for the
// profile's next poll after seq and returns its live.PolledMsg (nil when
// the session or the workspace ends). The UI returns NextPoll(0) from Init
// and NextPoll(msg.Seq) after handling each message.
func (b *uiBackend) NextPoll(after uint64) tea.Cmd {
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
