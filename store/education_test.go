package store

import (
	"fmt"
	"reflect"
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
