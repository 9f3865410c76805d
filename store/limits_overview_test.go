package store

import (
	"testing"
	"time"
)

// The overview counts each vacancy's resumes near and past their stage's
// limit as Mark says of every row (issue 30 §2), the total their sum, and
// the view by recruiter each owner's; without limits it counts none.
func TestOverviewCountsTheLimitsPerVacancyAndRecruiter(t *testing.T) {
	s := limitFixture(t)
	limits := Limits{FolderInbox: 4 * day, FolderConsidered: 8 * day, FolderInvited: 36 * time.Hour, "1001": 2 * day}
	owner := map[int64]int64{1: 501, 2: 502, 3: 501, 4: 503}
	var checked int
	for _, scope := range []Scope{ScopeAll, ScopeMine, ScopeCompany} {
		all, err := s.ListEntries(ctx, ListQuery{Scope: scope, Limit: MaxListLimit, Ascending: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range []int{3, 25, 41} {
			now := baseTime.AddDate(0, 0, d)
			byVacancy, byOwner, total := map[int64]LimitCount{}, map[int64]LimitCount{}, map[int64]LimitCount{}
			for _, r := range all {
				if m := limits.Mark(r, now); m != WithinLimit {
					tally(byVacancy, r.VacancyID, m)
					tally(byOwner, owner[r.VacancyID], m)
					tally(total, 0, m)
				}
			}
			checked += total[0].Near + total[0].Past
			q := OverviewQuery{Scope: scope, Now: now, Location: time.UTC, Limits: limits}
			o := overviewAt(t, s, q)
			for _, f := range o.Vacancies {
				if want := byVacancy[f.VacancyID]; f.NearLimit != want.Near || f.PastLimit != want.Past {
					t.Errorf("%s, day %d, vacancy %d: near %d past %d, the mark says %+v", scope, d, f.VacancyID, f.NearLimit, f.PastLimit, want)
				}
			}
			if o.Total.NearLimit != total[0].Near || o.Total.PastLimit != total[0].Past {
				t.Errorf("%s, day %d: total near %d past %d, the mark says %+v", scope, d, o.Total.NearLimit, o.Total.PastLimit, total[0])
			}
			by, err := s.Recruiters(ctx, q, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range by.Recruiters {
				if want := byOwner[r.RecruiterID]; r.Figures.NearLimit != want.Near || r.Figures.PastLimit != want.Past {
					t.Errorf("%s, day %d, recruiter %d: near %d past %d, the mark says %+v", scope, d, r.RecruiterID, r.Figures.NearLimit, r.Figures.PastLimit, want)
				}
			}
			q.Limits = nil
			if o := overviewAt(t, s, q); o.Total.NearLimit != 0 || o.Total.PastLimit != 0 {
				t.Errorf("%s, day %d, no limits: near %d past %d", scope, d, o.Total.NearLimit, o.Total.PastLimit)
			}
		}
	}
	if checked == 0 {
		t.Fatal("nothing near or past a limit in the fixture: the test compares nothing")
	}
}
