package syncer

import (
	"context"
	"errors"
	"time"

	"hrdesk/ratebudget"
	"hrdesk/store"
)

// The live inbox (issue 12 §3): an open workstation asks the service every
// minute or so what changed. New responses land in the inbox, so a poll
// reads the inbox's first page (one request, the incremental check of
// pull.go) and the other lists only when their last check is older than
// pollOthersEvery: a team of twenty on one serve then spends about twenty
// of its 120 requests a minute on polling, not eighty.

// pollOthersEvery is how stale the other lists may get between polls; a
// sync (r) checks them all.
const pollOthersEvery = 10 * time.Minute

// Poll sends queued actions and checks for changes with the fewest
// requests, at background priority. A profile never fully synced, or with
// a sync interrupted, gets that sync instead. Report.Arrived counts the new
// responses; Report.Full says a whole sync ran. Unlike Sync, a poll does
// not wait out failures: it says "offline" at once, an action the server
// fails stays queued, and the next poll goes on from the checkpoint.
func (e *Engine) Poll(ctx context.Context) (Report, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.patience = impatient
	defer func() { e.patience = patient }()
	start := e.opts.Now()
	e.prog.reset()
	if err := e.lease(ctx); err != nil {
		return Report{}, err
	}
	defer e.st.ReleaseLease(context.WithoutCancel(ctx), "sync", e.opts.Owner)
	var rep Report
	if err := e.push(ctx, &rep); err != nil {
		rep.Requests = e.prog.requests
		return rep, err
	}
	bg := ratebudget.WithPriority(ctx, ratebudget.Background)
	whole, err := e.needsWholeSync(ctx)
	if err == nil && whole {
		err = e.pull(bg, SyncOptions{}, &rep)
		rep.Full = true
	} else if err == nil {
		err = e.check(bg, &rep)
	}
	rep.Requests = e.prog.requests
	rep.Duration = e.opts.Now().Sub(start)
	return rep, err
}

// needsWholeSync reports a list never fully synced or a sync left unfinished.
func (e *Engine) needsWholeSync(ctx context.Context) (bool, error) {
	if _, ok, err := e.st.UnfinishedSyncRun(ctx); err != nil || ok {
		return ok, err
	}
	for _, status := range Statuses {
		cur, err := e.st.SyncCursor(ctx, e.opts.Scope, status)
		if err != nil || cur.LastFullAt.IsZero() {
			return err == nil, err
		}
	}
	return false, nil
}

// check is the poll's pull: the inbox always, the other lists when due.
func (e *Engine) check(ctx context.Context, rep *Report) error {
	now := e.opts.Now().Truncate(time.Second)
	from := now.Add(-e.opts.Horizon)
	var full []store.SyncWindow
	for _, status := range Statuses {
		cur, err := e.st.SyncCursor(ctx, e.opts.Scope, status)
		if err != nil {
			return err
		}
		checked := cur.LastIncrementalAt
		if cur.LastFullAt.After(checked) {
			checked = cur.LastFullAt
		}
		if status != 0 && now.Sub(checked) < pollOthersEvery {
			continue
		}
		needFull, err := e.incremental(ctx, status, cur, from, now, rep)
		if err != nil {
			return err
		}
		if needFull {
			full = append(full, store.SyncWindow{Scope: e.opts.Scope, Status: status, From: from, To: now})
		}
	}
	if len(full) > 0 {
		run, err := e.st.StartSyncRun(ctx, store.SyncFull, full)
		if err != nil {
			return err
		}
		if err := e.runWindows(ctx, run, rep); err != nil {
			return err
		}
	}
	if err := e.catalogue(ctx, false, rep); err != nil {
		return err
	}
	if err := e.companyVacancies(ctx, false, rep); err != nil {
		return err
	}
	e.prog.set(PhaseDone, 0)
	return nil
}

// countArrivals counts the entries of an inbox page that are new
// responses: new on the server and not in the cache with this event yet.
// It runs before the page is stored.
func (e *Engine) countArrivals(ctx context.Context, status int, entries []store.Entry) (int, error) {
	if status != 0 {
		return 0, nil
	}
	n := 0
	for _, en := range entries {
		if !en.IsNew {
			continue
		}
		cached, err := e.st.Entry(ctx, en.ResumeID)
		switch {
		case errors.Is(err, store.ErrNotFound):
			n++
		case err != nil:
			return 0, err
		case cached.LastEventAt.Before(lastEvent(en).Truncate(time.Second)):
			n++
		}
	}
	return n, nil
}
