package cli

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"hrdesk/fakeapi"
	"hrdesk/store"
)

// waitingAgeJSON is the part of a `report --json` row this test reads.
type waitingAgeJSON struct {
	VacancyID    *int64         `json:"vacancy_id"`
	Total        bool           `json:"total"`
	Waiting      int            `json:"waiting"`
	WaitingByAge map[string]int `json:"waiting_by_age"`
}

// ageBucket is report --json's bucket of a response that arrived at `at`,
// by calendar days of the local zone: today, 1–3 days ago, 4–7, older.
func ageBucket(at, today time.Time) string {
	switch {
	case !at.Before(today):
		return "today"
	case !at.Before(today.AddDate(0, 0, -3)):
		return "1_3_days"
	case !at.Before(today.AddDate(0, 0, -7)):
		return "4_7_days"
	}
	return "older"
}

// TestReportWaitingByAge (issue 27 item 7): `report --json`'s
// waiting_by_age, per vacancy and in total, equals the fake's waiting
// responses bucketed by calendar day, with a response on each edge: the
// first second of today, of 3 days ago and of 7 days ago, and the last
// second before each (1, 4 and 8 days ago).
func TestReportWaitingByAge(t *testing.T) {
	var back atomic.Int64 // how far the fake's clock is set back, ns
	e := newEnvWith(t, fakeapi.Options{Seed: 2, RequestsPerMinute: -1,
		Now: func() time.Time { return time.Now().Add(-time.Duration(back.Load())) }})
	e.login()
	now := time.Now()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.Local)
	edges := []struct {
		name, bucket string
		at           time.Time
	}{
		{"0 days: today 00:00:00", "today", today},
		{"1 day: yesterday 23:59:59", "1_3_days", today.Add(-time.Second)},
		{"3 days: 00:00:00", "1_3_days", today.AddDate(0, 0, -3)},
		{"4 days: 23:59:59", "4_7_days", today.AddDate(0, 0, -3).Add(-time.Second)},
		{"7 days: 00:00:00", "4_7_days", today.AddDate(0, 0, -7)},
		{"8 days: 23:59:59", "older", today.AddDate(0, 0, -7).Add(-time.Second)},
	}
	edgeAt := map[int64]time.Time{}
	for _, c := range edges {
		if got := ageBucket(c.at, today); got != c.bucket { // the oracle agrees with the words
			t.Fatalf("oracle: %s in %s, want %s", c.name, got, c.bucket)
		}
		// AddResponse dates the response a minute before the fake's now.
		back.Store(int64(now.Sub(c.at.Add(time.Minute))))
		edgeAt[e.srv.AddResponse()] = c.at
	}
	back.Store(0)
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := e.run("", "report", "--json")
	if code != 0 {
		t.Fatalf("report --json: %s", errs)
	}
	if after := time.Now(); after.Day() != now.Day() {
		t.Skip("midnight passed during the test; the buckets moved under it")
	}
	var rows []waitingAgeJSON
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}

	// The oracle: the fake's own waiting responses (the demo user's, in the
	// inbox, no action after the newest response), bucketed by arrival.
	want := map[string]map[string]int{} // vacancy id or "total" → bucket → count
	add := func(key, bucket string) {
		if want[key] == nil {
			want[key] = map[string]int{"today": 0, "1_3_days": 0, "4_7_days": 0, "older": 0}
		}
		want[key][bucket]++
	}
	seenEdges := 0
	for _, r := range e.srv.Received() {
		folder, _ := store.FolderForStatus(r.Status)
		if !r.Own || folder != store.FolderInbox || r.UserFolder != "" {
			continue
		}
		var arrived time.Time
		for _, ev := range r.Events {
			if slices.Contains(store.ResponseTypes, ev.Type) && ev.At.After(arrived) {
				arrived = ev.At
			}
		}
		acted := slices.ContainsFunc(r.Events, func(ev fakeapi.ReceivedEvent) bool {
			return slices.Contains(store.ActionTypes, ev.Type) && !ev.At.Before(arrived)
		})
		if acted {
			continue
		}
		if at, ok := edgeAt[r.ResumeID]; ok {
			if !arrived.Equal(at) {
				t.Fatalf("edge response %d arrived %v, want %v", r.ResumeID, arrived, at)
			}
			seenEdges++
		}
		b := ageBucket(arrived, today)
		add(fmt.Sprint(r.VacancyID), b)
		add("total", b)
	}
	if seenEdges != len(edges) {
		t.Fatalf("%d of the %d edge responses are waiting in the fake", seenEdges, len(edges))
	}
	got := map[string]map[string]int{}
	for _, r := range rows {
		key := "total"
		if !r.Total {
			if r.VacancyID == nil {
				t.Fatalf("a row without vacancy_id nor total: %s", out)
			}
			key = fmt.Sprint(*r.VacancyID)
		}
		if r.Waiting == 0 && want[key] == nil {
			continue
		}
		sum := 0
		for _, n := range r.WaitingByAge {
			sum += n
		}
		if sum != r.Waiting {
			t.Errorf("%s: waiting %d, its buckets %v add up to %d", key, r.Waiting, r.WaitingByAge, sum)
		}
		got[key] = r.WaitingByAge
	}
	for _, key := range slices.Sorted(maps.Keys(want)) {
		if !maps.Equal(got[key], want[key]) {
			t.Errorf("vacancy %s: waiting_by_age %v, the fake has %v", key, got[key], want[key])
		}
	}
	for key := range got {
		if want[key] == nil {
			t.Errorf("vacancy %s: waiting_by_age %v, the fake has nothing waiting", key, got[key])
		}
	}
}
