package store

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The ids a count reads come as one text (group_concat), not through a Go
// function called for every row (issue 28 §7: the driver's call, its boxed
// argument and a global lock, 250 ns a row, were over half the count of a
// first letter). The count's statements name no function of hrdesk's.
func TestCountReadsIDsWithoutACallPerRow(t *testing.T) {
	t.Parallel()
	s, _ := openTest(t)
	var batch []Entry
	for i := range 40 {
		e := entry(int64(i+1), []string{FolderInbox, FolderConsidered}[i%2], i)
		e.LastName = fmt.Sprintf("Мельников%d", i)
		batch = append(batch, e)
	}
	mustUpsert(t, s, batch...)
	var queries []string
	s.countTrace = func(query string, _ []any) { queries = append(queries, query) }
	for _, folder := range []string{"", FolderInbox} {
		q := ListQuery{Folder: folder, Search: "Мел"}
		n, err := s.CountEntries(ctx, q)
		if want := countReference(t, s, q); err != nil || n != want {
			t.Fatalf("%+v: count %d (%v), want %d", q, n, err, want)
		}
	}
	if len(queries) == 0 {
		t.Fatal("no statement counted")
	}
	for _, query := range queries {
		if strings.Contains(query, "hrdesk_") {
			t.Errorf("the count calls a Go function per row: %s", query)
		}
	}
	m, err := s.searchMatches(ctx, SearchQuery("Мел"))
	if err != nil || len(m) != 40 || !slices.IsSorted(m) {
		t.Errorf("matches %v (%v), want the 40 ids in order", m, err)
	}
}

func TestParseIDs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		text string
		want []int64
	}{{"", nil}, {"7", []int64{7}}, {"12,345,6789", []int64{12, 345, 6789}}, {"900000000000000000", []int64{9e17}}} {
		got, err := parseIDs([]byte(c.text))
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("parseIDs(%q) = %v, %v; want %v", c.text, got, err, c.want)
		}
	}
	for _, bad := range []string{",", "1,", ",1", "1,,2", "1;2", "-1", "1 2", "9000000000000000000"} {
		if got, err := parseIDs([]byte(bad)); err == nil {
			t.Errorf("parseIDs(%q) = %v, want an error", bad, got)
		}
	}
}
