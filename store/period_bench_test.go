package store_test

import (
	"testing"
	"time"

	"hrdesk/internal/testkit/benchdata"
	"hrdesk/store"
)

// BenchmarkPeriods: the parts of the overview by recruiter (issue 30: its
// frame ≤ 50 ms) over the 100k cache in the company's scope, a week, with
// issue 30's limits per stage (inbox 2d, considered 7d, invited 5d): the
// overview with near and past per vacancy; the week's and the week
// before's cohorts in one pass, with stale_after's one limit and with the
// limits per stage; and the whole of Recruiters. Five owners, as
// BenchmarkRecruiters gives them; in UTC, the zone the cache's days were
// counted in. Each reports its CPU time per op beside the wall time.
func BenchmarkPeriods(b *testing.B) {
	s := companyCache(b)
	week := 7 * 24 * time.Hour
	limits := store.Limits{store.FolderInbox: 2 * 24 * time.Hour, store.FolderConsidered: week, store.FolderInvited: 5 * 24 * time.Hour}
	q := store.OverviewQuery{Scope: store.ScopeAll, Now: benchdata.Now, Location: time.UTC, Days: 7, StaleBefore: benchdata.Now.Add(-week)}
	o, err := s.Overview(bg, q)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("overview", func(b *testing.B) {
		cpuPerOp(b, func() {
			if _, err := s.Overview(bg, q); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("compare-stale-after", func(b *testing.B) {
		cpuPerOp(b, func() {
			if c, err := s.ComparisonFor(bg, q, o, week); err != nil || c.Current.Total.Responses == 0 {
				b.Fatal(err)
			}
		})
	})
	lq := q
	lq.Limits = limits
	b.Run("overview-limits", func(b *testing.B) {
		cpuPerOp(b, func() {
			if o, err := s.Overview(bg, lq); err != nil || o.Total.PastLimit == 0 {
				b.Fatal(o.Total.PastLimit, err)
			}
		})
	})
	b.Run("compare-limits", func(b *testing.B) {
		cpuPerOp(b, func() {
			if c, err := s.ComparisonFor(bg, lq, o, 0); err != nil || c.Current.Total.Responses == 0 {
				b.Fatal(err)
			}
		})
	})
	b.Run("recruiters-limits", func(b *testing.B) {
		cpuPerOp(b, func() {
			if by, err := s.Recruiters(bg, lq, 0); err != nil || len(by.Recruiters) != 5 {
				b.Fatal(len(by.Recruiters), err)
			}
		})
	})
}
