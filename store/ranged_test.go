package store

import (
	"slices"
	"testing"
)

// orderReference lists every row q selects in q's order as one ORDER BY
// gives it (orderBy: unknown, 0, last in both directions).
func orderReference(t *testing.T, s *Store, q ListQuery) []int64 {
	t.Helper()
	w, ok, err := s.where(ctx, &q, false)
	if err != nil || !ok {
		t.Fatalf("%+v: %v %v", q, ok, err)
	}
	defer w.release()
	rows, err := s.r.Query("SELECT e.resume_id FROM entries e"+w.clause+q.orderBy(), w.args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		out = append(out, id)
	}
	return out
}

// The salary and age orders, read as two ranges of one index (ranged.go),
// page through every row once in the order one ORDER BY gives, across the
// boundary of the known and the unknown values, in both directions, in a
// folder and in every folder, with a search; a value the service sends
// below zero is kept as unknown, so no row falls between the ranges.
func TestRangedOrderPages(t *testing.T) {
	t.Parallel()
	s, _ := openTest(t)
	var batch []Entry
	for i := range 120 {
		e := entry(int64(i+1), []string{FolderInbox, FolderInbox, FolderRefused}[i%3], i%17)
		e.Salary, e.Age = int64(i%5)*20000, 20+i%7 // a fifth without a salary
		if i%4 == 0 {
			e.Age = 0
		}
		e.LastName = []string{"Мельников", "Иванов"}[i%2]
		batch = append(batch, e)
	}
	batch[6].Salary, batch[7].Age = -500, -3
	mustUpsert(t, s, batch...)
	if d, err := s.Entry(ctx, 7); err != nil || d.Salary != 0 {
		t.Errorf("a salary below zero is stored as %d, %v", d.Salary, err)
	}
	if d, err := s.Entry(ctx, 8); err != nil || d.Age != 0 {
		t.Errorf("an age below zero is stored as %d, %v", d.Age, err)
	}
	for _, sortBy := range []SortField{SortBySalary, SortByAge} {
		for _, asc := range []bool{false, true} {
			for _, base := range []ListQuery{{Folder: FolderInbox}, {}, {Folder: FolderInbox, Search: "мельников "}, {Scope: ScopeMine, OnlyNew: false}} {
				q := base
				q.SortBy, q.Ascending = sortBy, asc
				want := orderReference(t, s, q)
				if len(want) < 20 {
					t.Fatalf("%+v: only %d rows", q, len(want))
				}
				for _, size := range []int{7, 100} {
					var got []int64
					for offset := 0; offset < len(want)+2*size; offset += size {
						q.Offset, q.Limit = offset, size
						got = append(got, list(t, s, q)...)
					}
					if !slices.Equal(got, want) {
						t.Errorf("%+v, pages of %d:\n got %v\nwant %v", base, size, got, want)
					}
				}
			}
		}
	}
}
