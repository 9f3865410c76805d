package syncer

import (
	"context"
	"errors"

	"hrdesk/problem"
	"hrdesk/store"
)

// push sends pending actions in order until none is ready. One action's
// trouble does not hold the others back (issue 12 §2): a refusal marks it
// failed, a lost answer to a non-idempotent action marks it unknown, and an
// action the server keeps failing with 5xx is kept queued for the next sync
// while the other resumes' actions go out. A rate limit is waited out. The
// push stops only when waiting cannot help: the session is gone, or the
// service cannot be reached (the rest would fail the same way).
func (e *Engine) push(ctx context.Context, rep *Report) error {
	e.prog.set(PhasePush, 0)
	kept := map[int64]bool{} // pending for the rest of this run; later actions of their resume wait behind them
	for {
		actions, err := e.st.NextPending(ctx, 50+len(kept))
		if err != nil {
			return err
		}
		e.prog.add(0, countReady(actions, kept))
		sent := 0
		for _, a := range actions {
			if kept[a.ID] {
				continue
			}
			err := e.st.MarkInFlight(ctx, a.ID)
			if errors.Is(err, store.ErrStateConflict) {
				continue // cancelled meanwhile, or taken by another session
			}
			if err != nil {
				return err
			}
			sent++
			keep, err := e.send(ctx, a, rep)
			if err != nil {
				return err
			}
			if keep {
				kept[a.ID] = true
				rep.Deferred++
			}
			e.prog.add(1, 0)
		}
		if sent == 0 {
			return nil
		}
	}
}

func countReady(actions []store.Action, kept map[int64]bool) int {
	n := 0
	for _, a := range actions {
		if !kept[a.ID] {
			n++
		}
	}
	return n
}

// send performs one in-flight action and records the outcome, trying again
// while the server's advice says waiting helps. keep reports an action put
// back in the queue for the next sync; err stops the push.
func (e *Engine) send(ctx context.Context, a store.Action, rep *Report) (keep bool, err error) {
	// Record the outcome even when ctx was cancelled meanwhile: the request
	// went out, and forgetting its answer would leave it in flight.
	wctx := context.WithoutCancel(ctx)
	for n := 0; ; n++ {
		e.prog.request()
		created, err := e.srv.Perform(ctx, a)
		if err == nil {
			rep.Pushed++
			if a.Kind == store.ActionCommentAdd && created != nil {
				return false, e.st.MarkCommentAdded(wctx, a.ID, *created)
			}
			return false, e.st.MarkDone(wctx, a.ID)
		}
		// What the outbox keeps: the kind, for the faces to say in the
		// profile's language, with the error whole (problem.Note).
		msg := problem.Note(err)
		class := e.srv.Classify(err)
		switch {
		case class == Refused:
			rep.Failed++
			return false, e.st.MarkFailed(wctx, a.ID, refusalWords(err, msg))
		case class == Ambiguous && !a.Kind.Idempotent():
			rep.Unknown++
			return false, e.st.MarkUnknown(wctx, a.ID, msg)
		case class == NeedLogin:
			return false, requeue(wctx, e.st, a.ID, msg, err)
		}
		// Transient, or an idempotent action whose answer was lost:
		// sending it again does no harm.
		wait, why, again := e.advice(err, n)
		if again && ctx.Err() == nil {
			if e.pause(ctx, why, wait) == nil {
				continue
			}
		}
		if why == WaitServer && ctx.Err() == nil {
			// The server keeps failing this one: the others may still go.
			return true, e.st.Requeue(wctx, a.ID, msg)
		}
		// Offline, or told to stop: it never reached the server, or
		// sending it again is safe; keep it queued and stop.
		return false, requeue(wctx, e.st, a.ID, msg, err)
	}
}

// refusalWords is what the outbox keeps of a refusal: the service's own
// words (in its language, the one the recruiter reads on the site), not
// the request's method, path and status before them, which are hrdesk's
// English in any workstation (issue 28 §6); the note (its kind and the
// whole error) when the service said nothing of its own.
func refusalWords(err error, note string) string {
	if p := problem.Of(err); p.Detail != "" {
		return p.Detail
	}
	return note
}

// requeue puts an action back to pending and returns err, the reason the
// push stops.
func requeue(ctx context.Context, st *store.Store, id int64, msg string, err error) error {
	if rerr := st.Requeue(ctx, id, msg); rerr != nil {
		return errors.Join(err, rerr)
	}
	return err
}
