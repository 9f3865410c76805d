package store

import (
	"strings"
	"testing"
)

// TestQueryPlans pins the list queries to their sort indexes: a change
// that makes SQLite sort 100k rows instead would pass every other test.
func TestQueryPlans(t *testing.T) {
	s, _ := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1))
	for _, tc := range []struct {
		q     ListQuery
		index string
	}{
		{ListQuery{}, "entries_date"},
		{ListQuery{Folder: FolderInbox, Offset: 45000}, "entries_folder_date"},
		{ListQuery{Folder: FolderInbox, Ascending: true}, "entries_folder_date"},
		{ListQuery{Folder: FolderInbox, SortBy: SortBySalary}, "entries_folder_salary "},
		{ListQuery{Folder: FolderInbox, SortBy: SortBySalary, Ascending: true}, "entries_folder_salary_known"},
		{ListQuery{Folder: FolderInbox, SortBy: SortByAge}, "entries_folder_age "},
		{ListQuery{Folder: FolderInbox, SortBy: SortByAge, Ascending: true}, "entries_folder_age_known"},
		{ListQuery{Folder: FolderInbox, Scope: ScopeMine, Search: "иван"}, "entries_folder_date"},
	} {
		query, args, _ := tc.q.sql()
		plan := explain(t, s, query, args)
		if !strings.Contains(plan+" ", tc.index) || strings.Contains(plan, "TEMP B-TREE") {
			t.Errorf("%+v:\n%s", tc.q, plan)
		}
	}
}

func explain(t *testing.T, s *Store, q string, args []any) string {
	t.Helper()
	rows, err := s.r.Query("EXPLAIN QUERY PLAN "+q, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var id, parent, notused int
		var detail string
		if err := rows.Scan(&id, &parent, &notused, &detail); err != nil {
			t.Fatal(err)
		}
		b.WriteString(detail + "\n")
	}
	return b.String()
}
