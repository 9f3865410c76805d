package syncer

import (
	"context"
	"fmt"
	"time"

	"hrdesk/store"
)

// The pull, per received list (status):
//
//   - Full: the horizon [now-Horizon, now] is one window. A window whose
//     total exceeds the API's 500-entity cap is split where its first page
//     ends (see peel): the newer part is complete, the older part is read
//     next and split again while it is over the cap, so no query ever needs
//     an entity beyond the cap and every request brings a full page. When a
//     page cannot be used that way, the window is cut into equal time slices
//     sized for about 475 entities instead. Each window that fits is read
//     page by page inside a store reconciliation, which hides entries the
//     server no longer lists there. The plan is checkpointed in the store:
//     a sync killed at any moment resumes with the windows not done.
//   - Incremental: one request per list — the first page of the horizon,
//     newest event first. Entries with an event since the last sync (minus an
//     overlap) are upserted; if the whole page is new, the window since the
//     last sync is read in full. Then the list's total is compared with the
//     cache's count for the same list and horizon: a difference means an
//     entry left the list without an event here (deleted, or moved to a user
//     folder), and that list gets a full pass.

// splitTarget is the entity count a split aims a window at: under the cap
// with room for uneven spread, close to it so pages stay full.
const splitTarget = 475

func (e *Engine) pull(ctx context.Context, so SyncOptions, rep *Report) error {
	now := e.opts.Now().Truncate(time.Second)
	from := now.Add(-e.opts.Horizon)

	if run, ok, err := e.st.UnfinishedSyncRun(ctx); err != nil {
		return err
	} else if ok {
		rep.Resumed = true
		if err := e.runWindows(ctx, run, rep); err != nil {
			return err
		}
	}

	var full []int
	for _, status := range Statuses {
		cur, err := e.st.SyncCursor(ctx, e.opts.Scope, status)
		if err != nil {
			return err
		}
		if so.Full || cur.LastFullAt.IsZero() {
			full = append(full, status)
			continue
		}
		needFull, err := e.incremental(ctx, status, cur, from, now, rep)
		if err != nil {
			return err
		}
		if needFull {
			full = append(full, status)
		}
	}
	rep.Full = so.Full
	if len(full) > 0 {
		windows := make([]store.SyncWindow, 0, len(full))
		for _, status := range full {
			windows = append(windows, store.SyncWindow{Scope: e.opts.Scope, Status: status, From: from, To: now})
		}
		run, err := e.st.StartSyncRun(ctx, store.SyncFull, windows)
		if err != nil {
			return err
		}
		if err := e.runWindows(ctx, run, rep); err != nil {
			return err
		}
	}
	if err := e.catalogue(ctx, so.Full || len(full) > 0, rep); err != nil {
		return err
	}
	if err := e.companyVacancies(ctx, so.Full || len(full) > 0, rep); err != nil {
		return err
	}
	// Entries hidden by a reconciliation that no list has shown again for a
	// day are gone from the server for good.
	if _, err := e.st.PurgeMissing(ctx, now.Add(-24*time.Hour)); err != nil {
		return err
	}
	if _, err := e.st.TidySearch(ctx); err != nil {
		return err
	}
	e.prog.set(PhaseDone, 0)
	return nil
}

// runWindows reads every window of run not done yet, then closes the run.
func (e *Engine) runWindows(ctx context.Context, run store.SyncRun, rep *Report) error {
	for _, w := range run.Remaining() {
		e.prog.set(PhasePull, w.Status)
		if err := e.fetchWindow(ctx, run.ID, w, true, rep); err != nil {
			return err
		}
	}
	return e.st.FinishSyncRun(ctx, run.ID)
}

// fetchWindow reads one window of a list completely, splitting it when it
// holds more than the cap. root windows add their total to the progress.
func (e *Engine) fetchWindow(ctx context.Context, runID string, w store.SyncWindow, root bool, rep *Report) error {
	folder, ok := store.FolderForStatus(w.Status)
	if !ok {
		return fmt.Errorf("sync: unknown status %d", w.Status)
	}
	q := ReceivedQuery{Scope: w.Scope, Status: w.Status, From: w.From, To: w.To, Count: PageSize}
	first, err := e.received(ctx, q)
	if err != nil {
		return err
	}
	if root {
		e.prog.add(0, first.Total)
	}
	if first.Total > Cap && w.To.Unix() > w.From.Unix() {
		if rest, ok, err := e.peel(ctx, runID, w, folder, first, rep); err != nil || ok {
			if err != nil {
				return err
			}
			return e.fetchWindow(ctx, runID, rest, false, rep)
		}
		children := splitWindow(w, first.Total)
		// The first page is real data; keep it even though a child reads it again.
		if err := e.st.UpsertEntries(ctx, first.Entries); err != nil {
			return err
		}
		if runID != "" {
			if err := e.st.SplitSyncWindow(ctx, runID, w, children); err != nil {
				return err
			}
		}
		for _, c := range children {
			if err := e.fetchWindow(ctx, runID, c, false, rep); err != nil {
				return err
			}
		}
		return nil
	}

	fetched, err := e.reconcileWindow(ctx, w, folder, q, first, rep)
	if err != nil {
		return err
	}
	if runID != "" {
		return e.st.CompleteSyncWindow(ctx, runID, w, fetched)
	}
	return nil
}

// peel splits a window over the cap at the last event of the oldest entry
// on its first page: everything newer is on that page (it is sorted newest
// first), so that slice is complete without another request, and the rest
// of the window is read next. Each request thus brings a full page of new
// entries and no query reads past its first page. ok is false when the page
// cannot be used that way (not sorted, or a whole page within one second):
// the caller then splits by time instead.
func (e *Engine) peel(ctx context.Context, runID string, w store.SyncWindow, folder string, first ReceivedPage, rep *Report) (store.SyncWindow, bool, error) {
	if len(first.Entries) < PageSize {
		return w, false, nil
	}
	oldest := lastEvent(first.Entries[0])
	for i, en := range first.Entries {
		t := lastEvent(en)
		if i > 0 && t.After(lastEvent(first.Entries[i-1])) {
			return w, false, nil // not newest first: nothing can be concluded
		}
		oldest = t
	}
	oldest = oldest.Truncate(time.Second)
	if !oldest.Before(w.To) || oldest.Before(w.From) {
		return w, false, nil
	}
	slice := store.SyncWindow{Scope: w.Scope, Status: w.Status, From: oldest.Add(time.Second), To: w.To}
	rest := store.SyncWindow{Scope: w.Scope, Status: w.Status, From: w.From, To: oldest}
	var newer []store.Entry
	for _, en := range first.Entries {
		if lastEvent(en).After(oldest) {
			newer = append(newer, en)
		}
	}
	if runID != "" {
		if err := e.st.SplitSyncWindow(ctx, runID, w, []store.SyncWindow{slice, rest}); err != nil {
			return w, false, err
		}
	}
	rec, err := e.st.BeginReconcile(ctx, store.ReconcileWindow{Scope: w.Scope, Folder: folder, From: slice.From, To: slice.To})
	if err != nil {
		return w, false, err
	}
	if err := rec.Upsert(ctx, newer); err != nil {
		return w, false, err
	}
	res, err := rec.Finish(ctx)
	if err != nil {
		return w, false, err
	}
	rep.Missing += res.Missing
	rep.Fetched += len(newer)
	e.prog.add(len(newer), 0)
	if runID != "" {
		if err := e.st.CompleteSyncWindow(ctx, runID, slice, len(newer)); err != nil {
			return w, false, err
		}
	}
	return rest, true, nil
}

// splitWindow cuts w into equal time slices expected to hold about
// splitTarget entities each. Bounds are whole seconds and inclusive, so
// slices neither overlap nor leave gaps.
func splitWindow(w store.SyncWindow, total int) []store.SyncWindow {
	k := (total + splitTarget - 1) / splitTarget
	span := w.To.Unix() - w.From.Unix() + 1
	k = max(2, min(k, int(span)))
	out := make([]store.SyncWindow, 0, k)
	start := w.From.Unix()
	for i := 1; i <= k; i++ {
		end := w.From.Unix() + span*int64(i)/int64(k) - 1
		if i == k {
			end = w.To.Unix()
		}
		out = append(out, store.SyncWindow{Scope: w.Scope, Status: w.Status, From: time.Unix(start, 0), To: time.Unix(end, 0)})
		start = end + 1
	}
	return out
}

// incremental brings one list up to date with one request when nothing
// changed; it reports whether the list needs a full pass.
func (e *Engine) incremental(ctx context.Context, status int, cur store.SyncCursor, from, now time.Time, rep *Report) (bool, error) {
	e.prog.set(PhasePull, status)
	folder, _ := store.FolderForStatus(status)
	since := cur.FetchedUntil.Add(-e.opts.Overlap)
	first, err := e.received(ctx, ReceivedQuery{Scope: e.opts.Scope, Status: status, From: from, To: now, Count: PageSize})
	if err != nil {
		return false, err
	}
	var changed []store.Entry
	for _, en := range first.Entries {
		if !lastEvent(en).Before(since) {
			changed = append(changed, en)
		}
	}
	arrived, err := e.countArrivals(ctx, status, changed)
	if err != nil {
		return false, err
	}
	if err := e.st.UpsertEntries(ctx, changed); err != nil {
		return false, err
	}
	rep.Arrived += arrived
	rep.Fetched += len(changed)
	e.prog.add(len(changed), len(changed))
	if len(changed) == len(first.Entries) && first.More {
		// More changed than one page shows: read everything since the last sync.
		w := store.SyncWindow{Scope: e.opts.Scope, Status: status, From: since, To: now}
		if err := e.fetchWindow(ctx, "", w, true, rep); err != nil {
			return false, err
		}
	}
	local, err := e.st.ServerFolderCount(ctx, e.opts.Scope, folder, from, now)
	if err != nil {
		return false, err
	}
	if local != first.Total {
		return true, nil
	}
	cur.FetchedUntil, cur.LastIncrementalAt = now, now
	return false, e.st.SaveSyncCursor(ctx, cur)
}

// lastEvent is when an entry last changed, as the store will record it.
func lastEvent(en store.Entry) time.Time {
	t := en.LastEventAt
	for _, ev := range en.Events {
		if ev.DateEvent.After(t) {
			t = ev.DateEvent
		}
	}
	return t
}

func (e *Engine) received(ctx context.Context, q ReceivedQuery) (ReceivedPage, error) {
	var p ReceivedPage
	err := e.patiently(ctx, func() error {
		e.prog.request()
		var err error
		p, err = e.srv.Received(ctx, q)
		return err
	})
	placeInUserFolders(p.Entries, e.opts.UserFolders)
	return p, err
}

// catalogue refreshes the user, own vacancies and templates: on a full sync,
// or when the last refresh is older than catalogueMaxAge.
func (e *Engine) catalogue(ctx context.Context, force bool, rep *Report) error {
	const key = "catalogue_at"
	if !force {
		if v, ok, err := e.st.SyncMeta(ctx, key); err == nil && ok {
			if t, err := time.Parse(time.RFC3339, v); err == nil && e.opts.Now().Sub(t) < catalogueMaxAge {
				return nil
			}
		}
	}
	e.prog.set(PhaseCatalogue, 0)
	var user store.User
	if err := e.patiently(ctx, func() (err error) {
		e.prog.request()
		user, err = e.srv.CurrentUser(ctx)
		return err
	}); err != nil {
		return err
	}
	if err := e.st.SetUser(ctx, user); err != nil {
		return err
	}
	vacancies, err := e.vacancies(ctx)
	if err != nil {
		return err
	}
	if err := e.st.ReplaceVacancies(ctx, vacancies); err != nil {
		return err
	}
	rep.Catalogue = true
	// Templates are served per resume (4.8); any received resume will do.
	rows, err := e.st.ListEntries(ctx, store.ListQuery{Limit: 1})
	if err != nil {
		return err
	}
	if len(rows) > 0 {
		for _, kind := range []store.TemplateKind{store.TemplateInvitation, store.TemplateRejection, store.TemplateMail} {
			var set store.TemplateSet
			if err := e.patiently(ctx, func() (err error) {
				e.prog.request()
				set, err = e.srv.Templates(ctx, kind, rows[0].ResumeID)
				return err
			}); err != nil {
				return err
			}
			if err := e.st.ReplaceTemplates(ctx, kind, set.SendSMS, set.Templates); err != nil {
				return err
			}
		}
	}
	return e.st.SetSyncMeta(ctx, key, e.opts.Now().UTC().Format(time.RFC3339))
}

// catalogueMaxAge is how long templates, vacancies and the user are trusted.
const catalogueMaxAge = 6 * time.Hour
