package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"hrdesk/session"
	"hrdesk/store"
)

// pushNow sends queued actions right away when the server is reachable;
// offline it says the action waits, which is not an error.
func (a *app) pushNow(ctx context.Context, st *store.Store) error {
	t := a.text().CLI
	eng, err := a.profile().Engine(st, nil)
	if err != nil {
		fmt.Fprintf(a.Out, t.NotSentYet+"\n", oneLine(err.Error()))
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 45*time.Second)
	defer cancel()
	rep, err := eng.Push(ctx)
	switch {
	case errors.Is(err, session.ErrBusy):
		fmt.Fprintln(a.Out, t.QueuedOtherSession)
		return nil
	case err != nil:
		fmt.Fprintf(a.Out, t.QueuedNotSent+"\n", oneLine(a.explainNetworkError(err).Error()))
		return nil
	}
	if rep.Pushed == 0 && rep.Deferred > 0 && rep.Failed+rep.Unknown == 0 {
		fmt.Fprintln(a.Out, t.QueuedServerTrouble)
		return nil
	}
	fmt.Fprintf(a.Out, t.SentAccepted, rep.Pushed)
	if rep.Deferred > 0 {
		fmt.Fprintf(a.Out, t.SentDeferred, rep.Deferred)
	}
	if rep.Failed > 0 {
		fmt.Fprintf(a.Out, t.SentRefused, rep.Failed)
	}
	if rep.Unknown > 0 {
		fmt.Fprintf(a.Out, t.SentUnknown, rep.Unknown)
	}
	fmt.Fprintln(a.Out)
	if rep.Failed+rep.Unknown > 0 {
		a.printProblems(ctx, st)
	}
	return nil
}

// printProblems lists failed and unknown actions with the server's words.
func (a *app) printProblems(ctx context.Context, st *store.Store) {
	actions, err := st.ListOutbox(ctx, store.StateFailed, store.StateUnknown)
	if err != nil {
		return
	}
	words := a.text()
	t, o, now := words.CLI, words.Outbox, a.now()
	for _, ac := range actions {
		if ac.Dismissed {
			continue
		}
		fmt.Fprintf(a.Out, t.ActionLine+"\n", ac.ID, a.describeAction(t, ac), ac.ResumeID, stateName(o, ac, now), actionMessage(o, ac))
	}
}
