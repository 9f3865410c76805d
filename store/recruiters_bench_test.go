package store_test

import (
	"testing"
	"time"

	"hrdesk/internal/testkit/benchdata"
	"hrdesk/store"
)

// BenchmarkRecruiters: the overview by recruiter over the 100k cache in the
// company's scope (issue 30: its frame ≤ 50 ms, `report --by recruiter`
// ≤ 1 s): the overview's figures, the window's and the week before's
// cohorts, summed per owner. The cache's 40 vacancies get five owners, as
// a company sync leaves them (a copy: a benchmark does not write to the
// shared cache). In UTC, the zone the cache's days were counted in.
func BenchmarkRecruiters(b *testing.B) {
	s := companyCache(b)
	for _, days := range []int{7, 30} {
		b.Run(map[int]string{7: "week", 30: "month"}[days], func(b *testing.B) {
			q := store.OverviewQuery{Scope: store.ScopeAll, Now: benchdata.Now, Location: time.UTC, Days: days,
				StaleBefore: benchdata.Now.Add(-7 * 24 * time.Hour)}
			for b.Loop() {
				by, err := s.Recruiters(bg, q, 7*24*time.Hour)
				if err != nil || len(by.Recruiters) != 5 || by.Comparison.Current.Total.Responses == 0 {
					b.Fatalf("%d recruiters, %d responses in the window, %v", len(by.Recruiters), by.Comparison.Current.Total.Responses, err)
				}
			}
		})
	}
}

// companyCache is a copy of the 100k cache (a benchmark does not write to
// the shared one) whose vacancies have five owners, as a company sync
// leaves them (benchdata.CompanyVacancies).
func companyCache(b *testing.B) *store.Store {
	s, err := store.Open(benchdata.CopyCache(b, benchdata.CacheSize, b.TempDir()))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	if err := s.ReplaceCompanyVacancies(bg, benchdata.CompanyVacancies()); err != nil {
		b.Fatal(err)
	}
	return s
}
