package store

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The snoozed counts walk the snoozes and look each one's entry up, also
// in a cache whose entries carry the 100k cache's statistics and whose
// snoozes were never analysed (as right after the migration that made
// them): the planner then walked every entry of the scope, probing the
// snoozes for each, 70-100 ms of the first frame (BenchmarkFirstFrame).
func TestSnoozedCountsWalkTheSnoozes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache.db")
	s, _ := openAt(t, path)
	mustUpsert(t, s, entry(1, FolderInbox, 1), entry(2, FolderConsidered, 2))
	withRealStats(t, s)
	if _, err := s.w.Exec("DELETE FROM sqlite_stat1 WHERE tbl = 'snoozes'"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, _ = openAt(t, path)
	now := time.Unix(1_800_000_000, 0)
	for _, scope := range []Scope{ScopeAll, ScopeMine} {
		for name, sql := range map[string]func(Scope, time.Time) (string, []any){
			"SnoozedCounts": snoozedCountsSQL, "SnoozedPerVacancy": snoozedPerVacancySQL} {
			q, args := sql(scope, now)
			plan := explain(t, s, q, args)
			first, _, _ := strings.Cut(plan, "\n")
			if !strings.Contains(first, " z") {
				t.Errorf("%s in scope %q does not start from the snoozes:\n%s", name, scope, plan)
			}
		}
	}
}
