package store

import (
	"strings"
	"testing"
)

// The search planner's estimate of a word's matches, and the plan a common
// word gets (issue 19 §2.10: the mutation check changed estimate's formula
// and the per-row choice, and every test still passed).
func TestEstimateAndTheCommonWordsPlan(t *testing.T) {
	s, _ := openTest(t)
	// 2,600 entries: the two words of the extrapolation (sampleMatches =
	// 2,000) are each matched more than 2,000 times, one by every entry
	// and one by four of five, so a spread of matches is scaled up in both
	// ways the formula can go wrong (a mutant returning the sample, or
	// dividing by the sample's count instead of the entries it spans, is
	// 20 % or more off).
	const n = 2600
	var batch []Entry
	for id := int64(1); id <= n; id++ {
		e := entry(id, FolderInbox, int(id%300))
		switch {
		case id%10 == 0:
			e.Profession = "Водитель экспедитор" // one of ten
		case id%5 != 0:
			e.Profession = "Водитель погрузчика" // four of five
		default:
			e.Profession = "Водитель"
		}
		batch = append(batch, e)
		if len(batch) == 650 { // four batches
			mustUpsert(t, s, batch...)
			batch = batch[:0]
		}
	}
	for _, c := range []struct {
		word string
		want int
	}{{"водитель", n}, {"погрузчика", n * 4 / 5}, {"экспедитор", n / 10}, {"петров1", 1111}} {
		got, err := s.estimate(ctx, SearchQuery(c.word), n)
		if err != nil {
			t.Fatal(err)
		}
		if lo, hi := c.want*9/10, c.want*11/10; got < lo || got > hi {
			t.Errorf("estimate of %q: %d, want %d ±10%%", c.word, got, c.want)
		}
	}
	// With the cost of a question set so that a screenful's bar is 1,300
	// matches (half the entries), the common word is asked per row and the
	// rarer one read.
	s.plan = searchPlan{probeCost: 13, drivenBelow: 16, drivenBelowUnpaged: 16}
	for word, perRow := range map[string]bool{"в": true, "пог": true, "экс": false} {
		c, ok, err := s.searchCondFor(ctx, word, 0, 50)
		if err != nil || !ok {
			t.Fatalf("%q: %v %v", word, ok, err)
		}
		c.release()
		if got := strings.Contains(c.sql, "rowid = e.resume_id"); got != perRow {
			t.Errorf("%q: planned %s; per row %v, want %v", word, c.sql, got, perRow)
		}
	}
}
