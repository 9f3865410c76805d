package store

import (
	"reflect"
	"testing"
	"time"
)

// TestOverviewKeepsTheDayTableInTheReadersZone: a writable cache asked in
// another zone counts its per-day table again for that zone, so the next
// overviews read the kept table instead of every entry (issue 20's 440 ms
// scan); the table then equals a recount of the entries in that zone.
func TestOverviewKeepsTheDayTableInTheReadersZone(t *testing.T) {
	s, _ := openTest(t)
	msk := time.FixedZone("MSK", 3*3600)
	mustUpsert(t, s,
		responded(1, 5, FolderInbox, time.Date(2026, 11, 19, 22, 30, 0, 0, time.UTC), time.Time{}, 0), // the 20th in Moscow
		responded(2, 5, FolderInbox, time.Date(2026, 11, 19, 12, 0, 0, 0, time.UTC), time.Time{}, 0),
	)
	overviewAt(t, s, OverviewQuery{Scope: ScopeMine, Now: time.Date(2026, 11, 20, 12, 0, 0, 0, msk)})
	var kept int
	if err := s.r.QueryRow("SELECT offset_seconds FROM response_days_zone").Scan(&kept); err != nil {
		t.Fatal(err)
	}
	if kept != 3*3600 {
		t.Fatalf("the per-day table is kept for offset %d s after an overview in Moscow, want 10800", kept)
	}
	_, gotDays := keptInTables(t, s)
	if _, wantDays := keptByScan(t, s); !reflect.DeepEqual(gotDays, wantDays) {
		t.Fatalf("kept days %v, a recount in Moscow %v", gotDays, wantDays)
	}
}
