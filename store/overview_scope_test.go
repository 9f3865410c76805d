package store

import (
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// vacancyIDs are the vacancies an overview lists, in order.
func vacancyIDs(o Overview) []int64 {
	var ids []int64
	for _, f := range o.Vacancies {
		ids = append(ids, f.VacancyID)
	}
	return ids
}

// TestOverviewNarrowsToAVacancyAndAScope: `report --vacancy` lists that
// vacancy alone and totals only it; each scope counts its own entries,
// ScopeAll every one.
func TestOverviewNarrowsToAVacancyAndAScope(t *testing.T) {
	s, _ := openTest(t)
	now := at(20, 12)
	company := responded(3, 5, FolderInbox, at(19, 9), time.Time{}, 0)
	company.Scope = ScopeCompany
	mustUpsert(t, s,
		responded(1, 5, FolderInbox, at(19, 10), time.Time{}, 0),
		responded(2, 6, FolderConsidered, at(18, 10), time.Time{}, 0),
		company,
	)
	o := overviewAt(t, s, OverviewQuery{Scope: ScopeMine, Now: now, VacancyID: 5})
	if ids := vacancyIDs(o); !slices.Equal(ids, []int64{5}) || o.Total.Responses != 1 || o.Total.InWindow() != 1 {
		t.Errorf("vacancy 5 of mine: vacancies %v, total %d responses (%d in the window); want [5], 1, 1",
			ids, o.Total.Responses, o.Total.InWindow())
	}
	for _, c := range []struct {
		scope     Scope
		ids       []int64
		responses int
	}{
		{ScopeMine, []int64{5, 6}, 2},
		{ScopeCompany, []int64{5}, 1},
		{ScopeAll, []int64{5, 6}, 3},
	} {
		o := overviewAt(t, s, OverviewQuery{Scope: c.scope, Now: now})
		if ids := vacancyIDs(o); !slices.Equal(ids, c.ids) || o.Total.Responses != c.responses || o.Total.InWindow() != c.responses {
			t.Errorf("scope %s: vacancies %v, %d responses (%d in the window); want %v, %d",
				c.scope, ids, o.Total.Responses, o.Total.InWindow(), c.ids, c.responses)
		}
	}
}

// TestOverviewOfAReadOnlyCacheInAnotherZone: a read-only cache (a tool
// beside a running session) whose per-day table was kept for UTC cannot
// count it again; the days come from the entries, in the reader's zone.
func TestOverviewOfAReadOnlyCacheInAnotherZone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache.db")
	s, clock := openAt(t, path)
	msk := time.FixedZone("MSK", 3*3600)
	mustUpsert(t, s,
		responded(1, 5, FolderInbox, time.Date(2026, 11, 19, 22, 30, 0, 0, time.UTC), time.Time{}, 0), // the 20th in Moscow
		responded(2, 5, FolderInbox, time.Date(2026, 11, 19, 12, 0, 0, 0, time.UTC), time.Time{}, 0),
	)
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, msk)
	if f := figuresOf(t, overviewAt(t, s, OverviewQuery{Scope: ScopeMine, Now: now, Location: time.UTC}), 5); f.PerDay[28] != 2 {
		t.Fatalf("UTC per day %v, want both on the 19th", f.PerDay)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	ro, err := OpenWith(path, Options{ReadOnly: true, now: clock.now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ro.Close() })
	o, err := ro.Overview(ctx, OverviewQuery{Scope: ScopeMine, Now: now, Location: msk})
	if err != nil {
		t.Fatalf("a read-only cache's overview in another zone: %v", err)
	}
	f := figuresOf(t, o, 5)
	if len(f.PerDay) != 30 || f.PerDay[28] != 1 || f.PerDay[29] != 1 || f.InWindow() != 2 {
		t.Errorf("Moscow per day from a read-only cache kept for UTC: %v, want one on the 19th, one on the 20th", f.PerDay)
	}
}
