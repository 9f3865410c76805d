package store

import (
	"slices"
	"testing"
)

// The index is merged once enough documents were written since it last
// was, not before; and the count starts again after.
func TestTidySearch(t *testing.T) {
	defer func(n int) { tidyAfter = n }(tidyAfter)
	tidyAfter = 30
	s, _ := openTest(t)
	segments := func() int {
		var n int
		if err := s.r.QueryRow("SELECT count(*) FROM entries_fts_data").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	// Ten transactions of two documents: ten small segments, 20 written.
	for i := range 10 {
		mustUpsert(t, s, entry(int64(2*i+1), FolderInbox, i), entry(int64(2*i+2), FolderInbox, i))
	}
	if did, err := s.TidySearch(ctx); err != nil || did {
		t.Fatalf("20 written of 30: tidied %v, %v", did, err)
	}
	// Comments rewrite a document each.
	for i := range 10 {
		if err := s.ReplaceComments(ctx, int64(i+1), []Comment{{ID: int64(i + 1), Text: "перезвонить"}}); err != nil {
			t.Fatal(err)
		}
	}
	before := segments()
	if did, err := s.TidySearch(ctx); err != nil || !did {
		t.Fatalf("30 written of 30: tidied %v, %v", did, err)
	}
	if after := segments(); after >= before {
		t.Errorf("the index holds %d rows after merging, %d before", after, before)
	}
	if got := list(t, s, ListQuery{Search: "перезвон"}); !slices.Equal(got, []int64{10, 9, 8, 7, 6, 5, 4, 3, 2, 1}) {
		t.Errorf("after merging, the comments search finds %v", got)
	}
	if did, err := s.TidySearch(ctx); err != nil || did {
		t.Errorf("right after merging: tidied %v, %v", did, err)
	}
}
