package store_test

import (
	"fmt"
	"testing"

	"hrdesk/internal/testkit/benchdata"
	"hrdesk/query"
	"hrdesk/store"
)

// threeTerms are queries of three terms of the kinds the / line takes
// (issue 31 §2): words with a field and a negation, an `or` of two flags
// with a field, words with a bound and a negated folder.
var threeTerms = []struct{ name, line string }{
	{"words-salary-notcomment", "водитель salary>=60000 -has:comment"},
	{"new-or-stale-town", "new or stale town:Москва"},
	{"words-age-notfolder", "менеджер age<=35 -folder:refused"},
}

// compileBench is the query as the list compiles it onto its folder.
func compileBench(b *testing.B, line, folder string) store.ListQuery {
	b.Helper()
	qr, err := query.Parse(line)
	if err != nil {
		b.Fatal(err)
	}
	q := store.ListQuery{Folder: folder}
	if err := qr.Compile(line, query.Env{Now: benchdata.Now}, &q); err != nil {
		b.Fatal(err)
	}
	return q
}

// BenchmarkQueryThreeTerms: a query of three terms over the 100,000-resume
// cache through the profile's scoped view (scope "mine"), as the list
// loads it: the screenful (35 rows), the page (200) and the count, in the
// inbox and every folder [issue 31 §2: rows ≤ 30 ms, the count ≤ 60 ms].
func BenchmarkQueryThreeTerms(b *testing.B) {
	view := store.Scoped(benchOpen(b), store.ScopeMine)
	for _, folder := range []string{store.FolderInbox, ""} {
		where := "every-folder"
		if folder != "" {
			where = folder
		}
		for _, tc := range threeTerms {
			q := compileBench(b, tc.line, folder)
			for _, limit := range []int{35, 200} {
				b.Run(fmt.Sprintf("%s/%s/rows%d", where, tc.name, limit), func(b *testing.B) {
					q := q
					q.Limit = limit
					var n int
					for b.Loop() {
						rows, err := view.ListEntries(bg, q)
						if err != nil {
							b.Fatal(err)
						}
						n = len(rows)
					}
					b.ReportMetric(float64(n), "rows")
				})
			}
			b.Run(fmt.Sprintf("%s/%s/count", where, tc.name), func(b *testing.B) {
				var n int
				for b.Loop() {
					var err error
					if n, err = view.CountEntries(bg, q); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(n), "matches")
			})
		}
	}
}
