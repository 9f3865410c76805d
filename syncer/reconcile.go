package syncer

import (
	"context"
	"time"

	"hrdesk/store"
)

// A window that fits the cap is read page by page inside a store
// reconciliation, which then hides what the list no longer holds. Two
// answers must not hide what is still there:
//
//   - A window over the cap that cannot be split (more than 500 responses
//     within one second) cannot be read whole: what was read is kept,
//     nothing is hidden, and the report says so (Report.Unread).
//   - A valid answer that is wrong: one empty page from a glitchy service
//     hid every cached resume of the inbox (issue 26 §4). A list that would
//     hide more than half of what the cache holds in the window is read
//     again after RecheckPause before anything is hidden, and the progress
//     says what it saw. When the second read agrees, the recruiter really
//     emptied it; when it differs, nothing of the first is trusted and the
//     second is judged the same way, up to maxReads reads.

// DefaultRecheckPause is how long a sync waits before it reads again a list
// that would empty a folder: long enough for a glitch of the service to pass.
const DefaultRecheckPause = 5 * time.Second

// maxReads bounds the reads of one suspicious window; when no two in a row
// agree, nothing is hidden this time.
const maxReads = 3

// listing is what one read of a window saw, to compare two reads.
type listing struct {
	total, fetched int
}

// reconcileWindow reads the window whose first page is first, and hides
// what it no longer lists once the reading is whole and trusted. It
// returns how many entries the last read brought.
func (e *Engine) reconcileWindow(ctx context.Context, w store.SyncWindow, folder string, q ReceivedQuery, first ReceivedPage, rep *Report) (int, error) {
	var prev *listing
	for read := 1; ; read++ {
		rec, err := e.st.BeginReconcile(ctx, store.ReconcileWindow{Scope: w.Scope, Folder: folder, From: w.From, To: w.To})
		if err != nil {
			return 0, err
		}
		cached, err := rec.Unseen(ctx)
		if err != nil {
			return 0, err
		}
		fetched, err := e.readPages(ctx, q, rec, first, rep)
		if err != nil {
			return fetched, err
		}
		// Entries shift between pages when events arrive mid-read, and a
		// one-second window over the cap cannot be read whole at all.
		if fetched < min(first.Total, Cap) || first.Total > Cap {
			if first.Total > Cap {
				rep.Unread++
				e.prog.tell(News{Kind: NewsOverCap, Folder: folder, Total: first.Total, At: w.From, Read: fetched})
			}
			return fetched, rec.Abandon(ctx)
		}
		hide, err := rec.Unseen(ctx)
		if err != nil {
			return fetched, err
		}
		seen := listing{total: first.Total, fetched: fetched}
		if !drastic(hide, cached) || prev != nil && *prev == seen {
			res, err := rec.Finish(ctx)
			rep.Missing += res.Missing
			return fetched, err
		}
		if err := rec.Abandon(ctx); err != nil {
			return fetched, err
		}
		if read == maxReads {
			rep.Unconfirmed++
			e.prog.tell(News{Kind: NewsDisagree, Folder: folder, Read: read})
			return fetched, nil
		}
		prev = &seen
		e.prog.tell(News{Kind: NewsRecheck, Folder: folder, Total: first.Total, Read: fetched, Cached: cached, Hide: hide})
		if err := e.pause(ctx, WaitRecheck, e.opts.RecheckPause); err != nil {
			return fetched, err
		}
		q.Page = 0
		if first, err = e.received(ctx, q); err != nil {
			return fetched, err
		}
	}
}

// drastic says hiding hide of the cached entries of a window is too much
// to take from one read: more than half of them (all of a list included).
func drastic(hide, cached int) bool {
	return hide > 0 && 2*hide > cached
}

// readPages upserts first and the window's further pages into rec, up to
// the cap, and returns how many entries they held.
func (e *Engine) readPages(ctx context.Context, q ReceivedQuery, rec *store.Reconcile, first ReceivedPage, rep *Report) (int, error) {
	if err := rec.Upsert(ctx, first.Entries); err != nil {
		return 0, err
	}
	// Counted as written, so a sync that fails midway reports what it
	// changed (Report.Changed).
	fetched := len(first.Entries)
	rep.Fetched += len(first.Entries)
	e.prog.add(len(first.Entries), 0)
	more := first.More
	for page := 1; more && (page+1)*PageSize <= Cap && len(first.Entries) > 0; page++ {
		q.Page = page
		p, err := e.received(ctx, q)
		if err != nil {
			return fetched, err
		}
		if err := rec.Upsert(ctx, p.Entries); err != nil {
			return fetched, err
		}
		fetched += len(p.Entries)
		rep.Fetched += len(p.Entries)
		e.prog.add(len(p.Entries), 0)
		more = p.More && len(p.Entries) > 0
	}
	return fetched, nil
}

// vacancies reads the own vacancies, twice when the service lists none
// while the cache holds some: one empty answer must not empty the list
// (issue 26 §4); the second read is the one kept.
func (e *Engine) vacancies(ctx context.Context) ([]store.Vacancy, error) {
	var vacancies []store.Vacancy
	read := func() error {
		return e.patiently(ctx, func() (err error) {
			e.prog.request()
			vacancies, err = e.srv.Vacancies(ctx)
			return err
		})
	}
	if err := read(); err != nil || len(vacancies) > 0 {
		return vacancies, err
	}
	cached, err := e.st.Vacancies(ctx)
	if err != nil || len(cached) == 0 {
		return vacancies, err
	}
	e.prog.tell(News{Kind: NewsNoVacancies, Cached: len(cached)})
	if err := e.pause(ctx, WaitRecheck, e.opts.RecheckPause); err != nil {
		return nil, err
	}
	return vacancies, read()
}
