package store

import (
	"slices"
	"strconv"
	"testing"
	"time"
)

func TestRecruiterFilters(t *testing.T) {
	s, _ := openTest(t)
	day := func(d int) time.Time { return baseTime.Add(time.Duration(d) * 24 * time.Hour) }
	mk := func(id int64, salary int64, age int, responded int, education int) Entry {
		e := entry(id, FolderInbox, responded+5)
		e.Salary, e.Age = salary, age
		// The response first, then later events: the filter is on the first.
		e.Events = []Event{{VacancyID: 7, Type: 10, DateEvent: day(responded)}, {VacancyID: 7, Type: 60, DateEvent: day(responded + 5)}}
		e.RawJSON = []byte(`{"id":` + itoa(id) + `,"education":{"id":` + itoa(int64(education)) + `,"title":"x"}}`)
		return e
	}
	mustUpsert(t, s,
		mk(1, 50000, 25, 1, 2),
		mk(2, 90000, 35, 10, 4),
		mk(3, 0, 0, 20, 0), // says neither salary nor age
		mk(4, 120000, 45, 30, 2),
	)
	for _, tc := range []struct {
		name string
		q    ListQuery
		want []int64
	}{
		{"salary from", ListQuery{SalaryFrom: 60000}, []int64{4, 2}},
		{"salary to leaves out unknown", ListQuery{SalaryTo: 95000}, []int64{2, 1}},
		{"age range", ListQuery{AgeFrom: 30, AgeTo: 40}, []int64{2}},
		{"responded in a window", ListQuery{RespondedFrom: day(5), RespondedTo: day(20)}, []int64{3, 2}},
		{"responded by the first event, not the last", ListQuery{RespondedTo: day(2)}, []int64{1}},
		{"education", ListQuery{Education: 2}, []int64{4, 1}},
		{"combined", ListQuery{Education: 2, SalaryFrom: 100000}, []int64{4}},
		{"with search", ListQuery{Search: "Петров2", AgeFrom: 30}, []int64{2}},
	} {
		rows, err := s.ListEntries(ctx, tc.q)
		if err != nil {
			t.Fatal(err)
		}
		var got []int64
		for _, r := range rows {
			got = append(got, r.ResumeID)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
		if n, _ := s.CountEntries(ctx, tc.q); n != len(tc.want) {
			t.Errorf("%s: count %d, want %d", tc.name, n, len(tc.want))
		}
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
