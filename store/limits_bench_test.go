package store_test

import (
	"testing"
	"time"

	"hrdesk/internal/testkit/benchdata"
	"hrdesk/store"
)

// BenchmarkNeedsMeQueries: the needs-me list's two reads over the 100k
// cache through the profile's scoped view, issue 30's limits (inbox 2d,
// considered 7d, invited 5d) at benchdata's clock: the first page, oldest
// first, and the count.
func BenchmarkNeedsMeQueries(b *testing.B) {
	view := store.Scoped(benchOpen(b), store.ScopeMine)
	limits := store.Limits{store.FolderInbox: 48 * time.Hour, store.FolderConsidered: 7 * 24 * time.Hour, store.FolderInvited: 5 * 24 * time.Hour}
	q := store.ListQuery{Due: &store.Due{Limits: limits, Now: benchdata.Now}, Ascending: true}
	b.Run("page", func(b *testing.B) {
		for b.Loop() {
			if rows, err := view.ListEntries(bg, q); err != nil || len(rows) != 100 {
				b.Fatal(len(rows), err)
			}
		}
	})
	b.Run("count", func(b *testing.B) {
		for b.Loop() {
			if n, err := view.CountEntries(bg, q); err != nil || n == 0 {
				b.Fatal(n, err)
			}
		}
	})
}
