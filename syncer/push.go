package syncer

import (
	"context"
	"errors"

	"hrdesk/store"
	"hrdesk/textsafe"
)

// push sends pending actions in order until none is ready. An action whose
// request did not get through goes back to pending and the push stops: the
// network is down, and the rest would fail the same way.
func (e *Engine) push(ctx context.Context, rep *Report) error {
	e.prog.set(PhasePush, 0)
	for {
		actions, err := e.st.NextPending(ctx, 50)
		if err != nil {
			return err
		}
		if len(actions) == 0 {
			return nil
		}
		e.prog.add(0, len(actions))
		sent := 0
		for _, a := range actions {
			err := e.st.MarkInFlight(ctx, a.ID)
			if errors.Is(err, store.ErrStateConflict) {
				continue // cancelled meanwhile, or taken by another session
			}
			if err != nil {
				return err
			}
			sent++
			if err := e.send(ctx, a, rep); err != nil {
				return err
			}
			e.prog.add(1, 0)
		}
		if sent == 0 {
			return nil
		}
	}
}

// send performs one in-flight action and records the outcome.
func (e *Engine) send(ctx context.Context, a store.Action, rep *Report) error {
	e.prog.request()
	created, err := e.srv.Perform(ctx, a)
	// Record the outcome even when ctx was cancelled meanwhile: the request
	// went out, and forgetting its answer would leave it in flight.
	wctx := context.WithoutCancel(ctx)
	if err == nil {
		rep.Pushed++
		if a.Kind == store.ActionCommentAdd && created != nil {
			return e.st.MarkCommentAdded(wctx, a.ID, *created)
		}
		return e.st.MarkDone(wctx, a.ID)
	}
	msg := textsafe.Line(err.Error())
	switch e.srv.Classify(err) {
	case Refused:
		rep.Failed++
		return e.st.MarkFailed(wctx, a.ID, msg)
	case Ambiguous:
		if a.Kind.Idempotent() {
			// Sending a move twice does no harm: keep it queued.
			if rerr := e.st.Requeue(wctx, a.ID, msg); rerr != nil {
				return errors.Join(err, rerr)
			}
			return err
		}
		rep.Unknown++
		return e.st.MarkUnknown(wctx, a.ID, msg)
	default: // Transient, NeedLogin: it never reached the server; keep it queued.
		if rerr := e.st.Requeue(wctx, a.ID, msg); rerr != nil {
			return errors.Join(err, rerr)
		}
		return err
	}
}
