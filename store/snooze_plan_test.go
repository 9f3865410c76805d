package store

import (
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
	s := twoEntriesWithRealStats(t, "DELETE FROM sqlite_stat1 WHERE tbl = 'snoozes'")
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
