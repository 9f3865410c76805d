package store

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The education picker's levels and counts: per folder, each with a title
// from the cache, resumes without one left out.
func TestEducationCounts(t *testing.T) {
	s, _ := openTest(t)
	withEducation := func(id int64, folder string, edu int, title string) Entry {
		e := entry(id, folder, int(id))
		e.RawJSON = []byte(fmt.Sprintf(`{"id":%d,"education":{"id":%d,"title":%q}}`, id, edu, title))
		return e
	}
	mustUpsert(t, s, withEducation(1, FolderInbox, 2, "Высшее"), withEducation(2, FolderInbox, 2, "Высшее"),
		withEducation(3, FolderInbox, 9, "Два высших"), withEducation(4, FolderRefused, 4, "Среднее специальное"),
		entry(5, FolderInbox, 5))
	got, err := s.EducationCounts(ctx, ScopeAll, FolderInbox)
	if err != nil {
		t.Fatal(err)
	}
	want := []EducationCount{{2, "Высшее", 2}, {9, "Два высших", 1}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("inbox: %+v, want %+v", got, want)
	}
	if all, _ := s.EducationCounts(ctx, ScopeAll, ""); len(all) != 3 {
		t.Errorf("every folder: %+v", all)
	}
	if n, _ := s.CountEntries(ctx, ListQuery{Education: 2}); n != 2 {
		t.Errorf("the filter finds %d of the 2 counted", n)
	}
}

// TestEducationPlans keeps the education counts on indexes alone, with no
// statistics and with the 100k cache's: the facts' education index walked,
// the entries of the folder and scope read from an index that holds both.
// Joined to each entry's row, the counts read the entries' table in no
// order (500 MiB of read calls at 100,000 resumes, up to a second).
func TestEducationPlans(t *testing.T) {
	for _, stats := range []string{"none", "100k"} {
		path := filepath.Join(t.TempDir(), "cache.db")
		s, _ := openAt(t, path)
		mustUpsert(t, s, entry(1, FolderInbox, 1))
		if stats == "100k" {
			if _, err := s.w.Exec("ANALYZE"); err != nil {
				t.Fatal(err)
			}
			for _, st := range realStats {
				if _, err := s.w.Exec("INSERT OR REPLACE INTO sqlite_stat1 (tbl, idx, stat) VALUES ('entries', ?, ?)", st[0], st[1]); err != nil {
					t.Fatal(err)
				}
			}
			s.Close()
			s, _ = openAt(t, path)
		}
		for _, scope := range []Scope{ScopeAll, ScopeMine, ScopeCompany} {
			for _, folder := range []string{"", FolderInbox} {
				query, args := educationCountsSQL(scope, folder)
				plan := explain(t, s, query, args)
				if !strings.Contains(plan, "SCAN f USING COVERING INDEX entry_facts_education") ||
					!strings.Contains(plan, "e USING COVERING INDEX") || strings.Contains(plan, "TEMP B-TREE") {
					t.Errorf("stats %s, scope %q, folder %q:\n%s", stats, scope, folder, plan)
				}
			}
		}
	}
}
