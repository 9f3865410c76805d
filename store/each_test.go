package store

import (
	"fmt"
	"slices"
	"testing"
)

// TestEachEntryIsEveryPage: one pass gives what paging through ListEntries
// gives, in the same order, with bodies when asked.
func TestEachEntryIsEveryPage(t *testing.T) {
	s, _ := openTest(t)
	var es []Entry
	for id := int64(1); id <= 230; id++ {
		e := entry(id, Folders[id%3], int(id%17))
		e.WorkHistory = fmt.Sprintf("работа %d", id)
		es = append(es, e)
	}
	mustUpsert(t, s, es...)
	for _, q := range []ListQuery{{}, {Folder: FolderInvited}, {SortBy: SortBySalary, Ascending: true}, {Search: "петров17"}} {
		var paged []int64
		for off := 0; ; off += 50 {
			page := q
			page.Offset, page.Limit = off, 50
			got := list(t, s, page)
			paged = append(paged, got...)
			if len(got) < 50 {
				break
			}
		}
		for _, bodies := range []bool{false, true} {
			var each []int64
			err := s.EachEntry(ctx, q, bodies, func(d EntryDetail) error {
				each = append(each, d.ResumeID)
				want := fmt.Sprintf(`{"id":%d}`, d.ResumeID)
				if bodies && (string(d.RawJSON) != want || d.WorkHistory != fmt.Sprintf("работа %d", d.ResumeID)) {
					t.Fatalf("resume %d: body %q / %q", d.ResumeID, d.RawJSON, d.WorkHistory)
				}
				if !bodies && d.RawJSON != nil {
					t.Fatalf("resume %d: a body without asking", d.ResumeID)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(each, paged) || len(each) == 0 {
				t.Errorf("query %+v bodies=%v: one pass %d rows, pages %d rows (or another order)", q, bodies, len(each), len(paged))
			}
		}
	}
}
