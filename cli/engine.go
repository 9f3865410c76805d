package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"hrdesk/store"
	"hrdesk/syncer"
)

// pushNow sends queued actions right away when the server is reachable;
// offline it says the action waits, which is not an error.
func (a *app) pushNow(ctx context.Context, st *store.Store) error {
	eng, err := a.profile().Engine(st, nil)
	if err != nil {
		fmt.Fprintf(a.Out, "not sent yet: %s\n", oneLine(err.Error()))
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 45*time.Second)
	defer cancel()
	rep, err := eng.Push(ctx)
	switch {
	case errors.Is(err, syncer.ErrBusy):
		fmt.Fprintln(a.Out, "queued: another hrdesk session of this profile is sending; it will send this too")
		return nil
	case err != nil:
		fmt.Fprintf(a.Out, "queued, not sent yet: %s; the next `hrdesk sync` sends it\n", oneLine(a.explainNetworkError(err).Error()))
		return nil
	}
	if rep.Pushed == 0 && rep.Deferred > 0 && rep.Failed+rep.Unknown == 0 {
		fmt.Fprintf(a.Out, "queued, not sent yet: the server is having trouble; the next `hrdesk sync` sends it\n")
		return nil
	}
	fmt.Fprintf(a.Out, "sent: %d accepted", rep.Pushed)
	if rep.Deferred > 0 {
		fmt.Fprintf(a.Out, ", %d not sent yet (the server is having trouble; the next sync sends them)", rep.Deferred)
	}
	if rep.Failed > 0 {
		fmt.Fprintf(a.Out, ", %d refused by the server", rep.Failed)
	}
	if rep.Unknown > 0 {
		fmt.Fprintf(a.Out, ", %d with unknown outcome", rep.Unknown)
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
	for _, ac := range actions {
		if ac.Dismissed {
			continue
		}
		fmt.Fprintf(a.Out, "  action %d (%s, resume %d): %s — %s\n", ac.ID, a.describeAction(ac), ac.ResumeID, ac.State, ac.Error)
	}
}
