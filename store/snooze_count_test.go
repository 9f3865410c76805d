package store

import (
	"testing"
	"time"
)

// A search's count leaves the snoozed out whichever way it is counted:
// started from the matches (a rare word) or from the folder's index.
func TestASearchCountLeavesTheSnoozedOutEitherWay(t *testing.T) {
	s, clock := openTest(t)
	fourInInbox(t, s)
	if err := s.Snooze(ctx, []int64{3, 4}, clock.t.Add(24*time.Hour), clock.t); err != nil {
		t.Fatal(err)
	}
	for _, lookup := range []float64{0, 1e12} { // every count started from the matches / none
		s.plan.lookupCost = lookup
		if n := count(t, s, ListQuery{Folder: FolderInbox, Search: "водитель"}); n != 2 {
			t.Errorf("lookup cost %g: count %d, want the 2 not snoozed", lookup, n)
		}
	}
}
