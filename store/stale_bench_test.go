package store_test

import (
	"path/filepath"
	"testing"
	"time"

	"hrdesk/internal/testkit/benchdata"
	"hrdesk/store"
)

// BenchmarkStaleCounts: the folders pane's stale candidates over the 100k
// cache through the profile's scoped view (the own list), with the default
// stale_after (7 days) at the data's own clock (its last week holds events)
// and a week later (nothing recent: every settled candidate is stale). Issue
// 28 §7: counting them was 40% of the first frame's CPU.
func BenchmarkStaleCounts(b *testing.B) {
	view := store.Scoped(benchOpen(b), store.ScopeMine)
	for _, bc := range []struct {
		name string
		now  time.Time
	}{{"data-now", benchdata.Now}, {"week-later", benchdata.Now.AddDate(0, 0, 7)}} {
		b.Run(bc.name, func(b *testing.B) {
			before := bc.now.AddDate(0, 0, -7)
			for b.Loop() {
				if _, err := view.StaleCounts(bg, store.ScopeAll, before); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEnqueueBatch500: a bulk later on 500 inbox resumes queued in
// the outbox with its optimistic change (the cache shows them in
// Considered), then undone, over a copy of the 100k cache: the store's
// part of issue 28 §7's bulk (≤ 150 ms until the counts change). The undo
// is the workstation's: the unit the status line offers (UndoUnit), or,
// later, the newest waiting in the outbox (UndoLast).
func BenchmarkEnqueueBatch500(b *testing.B) {
	dir := b.TempDir()
	benchdata.CopyCache(b, benchdata.CacheSize, dir)
	s, err := store.Open(filepath.Join(dir, "cache.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	rows, err := s.ListEntries(bg, store.ListQuery{Folder: store.FolderInbox, Scope: store.ScopeMine, Limit: 500})
	if err != nil || len(rows) != 500 {
		b.Fatalf("%d rows: %v", len(rows), err)
	}
	for _, how := range []string{"undo-unit", "undo-last"} {
		b.Run(how, func(b *testing.B) {
			actions := make([]store.Action, len(rows))
			var queued, undone time.Duration
			n := 0
			for b.Loop() {
				for i, r := range rows {
					actions[i] = store.Action{ResumeID: r.ResumeID, Kind: store.ActionLater}
				}
				start := time.Now()
				ids, err := s.EnqueueBatch(bg, actions)
				if err != nil {
					b.Fatal(err)
				}
				mid := time.Now()
				if how == "undo-unit" {
					_, err = s.UndoUnit(bg, ids)
				} else {
					_, err = s.UndoLast(bg)
				}
				if err != nil {
					b.Fatal(err)
				}
				queued, undone = queued+mid.Sub(start), undone+time.Since(mid)
				n++
			}
			b.ReportMetric(float64(queued.Microseconds())/float64(n)/1000, "ms-enqueue")
			b.ReportMetric(float64(undone.Microseconds())/float64(n)/1000, "ms-undo")
		})
	}
}
