package store

import (
	"fmt"
	"slices"
	"testing"
)

// ListPosition is the row ListEntries gives a resume, in every order
// (date, salary and age, both directions, unknown values and ties among
// them), under a filter; a resume the list does not hold has none (issue
// 28 §2: the cursor returns to a resume an undo brought back anywhere in
// the list).
func TestListPositionIsTheRowTheListGives(t *testing.T) {
	s, _ := openTest(t)
	var es []Entry
	for i := range 60 {
		e := entry(int64(1000+i), "inbox", i%7) // ties on the date
		e.Salary = int64([]int{0, 40000, 50000, 50000, 90000}[i%5])
		e.Age = []int{0, 25, 30, 30, 41, 52}[i%6]
		if i%10 == 9 {
			e.Folder = "considered"
		}
		es = append(es, e)
	}
	mustUpsert(t, s, es...)
	for _, sort := range []SortField{SortByDate, SortBySalary, SortByAge} {
		for _, asc := range []bool{false, true} {
			for _, q := range []ListQuery{{Folder: "inbox"}, {Folder: "inbox", SalaryFrom: 45000}, {}} {
				q.SortBy, q.Ascending = sort, asc
				name := fmt.Sprintf("sort %d asc %v salary from %d folder %q", sort, asc, q.SalaryFrom, q.Folder)
				all := q
				all.Limit = MaxListLimit
				order := list(t, s, all)
				for _, id := range []int64{1000, 1001, 1002, 1003, 1009, 1020, 1037, 1059, 4242} {
					row, ok, err := s.ListPosition(ctx, q, id)
					want := slices.Index(order, id)
					if err != nil || ok != (want >= 0) || ok && row != want {
						t.Errorf("%s: resume %d at %d (%v, %v), want %d", name, id, row, ok, err, want)
					}
				}
			}
		}
	}
}
