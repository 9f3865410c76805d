package store_test

import (
	"testing"
	"time"

	"hrdesk/internal/testkit/benchdata"
	"hrdesk/store"
)

// BenchmarkOverview: the overview screen's figures over the 100k cache,
// every vacancy of the recruiter's scope and of the company's (issue 20:
// the screen draws in ≤ 50 ms; ui's BenchmarkOverviewScreen adds the drawing).
// In UTC, the zone the cache's days were counted in when it was built: a
// benchmark must not write to it, and another zone counts them again.
func BenchmarkOverview(b *testing.B) {
	s := benchOpen(b)
	for _, scope := range []store.Scope{store.ScopeMine, store.ScopeAll} {
		name := map[store.Scope]string{store.ScopeMine: "mine", store.ScopeAll: "company"}[scope]
		b.Run(name, func(b *testing.B) {
			q := store.OverviewQuery{Scope: scope, Now: benchdata.Now, Location: time.UTC, StaleBefore: benchdata.Now.Add(-7 * 24 * time.Hour)}
			for b.Loop() {
				o, err := s.Overview(bg, q)
				if err != nil || len(o.Vacancies) < benchdata.Vacancies {
					b.Fatalf("%d vacancies, %v", len(o.Vacancies), err)
				}
			}
		})
	}
}
