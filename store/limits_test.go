package store

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

const day = 24 * time.Hour

// A resume is near its stage's limit from exactly three quarters of it
// waited, and past it from exactly the limit (issue 30 §2); a resume
// moved here and not yet sent, or in a folder without a limit, is not
// marked.
func TestLimitMarkEdges(t *testing.T) {
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	limits := Limits{FolderInbox: 4 * day, "1001": 40 * time.Hour}
	row := func(folder, server, user string, waited time.Duration) EntryRow {
		return EntryRow{Folder: folder, ServerFolder: server, UserFolder: user, LastEventAt: now.Add(-waited)}
	}
	cases := []struct {
		name string
		r    EntryRow
		want LimitMark
	}{
		{"a second before three quarters", row("inbox", "inbox", "", 3*day-time.Second), WithinLimit},
		{"exactly three quarters", row("inbox", "inbox", "", 3*day), NearLimit},
		{"a second before the limit", row("inbox", "inbox", "", 4*day-time.Second), NearLimit},
		{"exactly the limit", row("inbox", "inbox", "", 4*day), PastLimit},
		{"long past", row("inbox", "inbox", "", 400*day), PastLimit},
		{"dated ahead", row("inbox", "inbox", "", -day), WithinLimit},
		{"moved here, not sent", row("inbox", "considered", "", 9*day), WithinLimit},
		{"no limit for the folder", row("considered", "considered", "", 90*day), WithinLimit},
		{"user folder, exactly three quarters", row("1001", "inbox", "1001", 30*time.Hour), NearLimit},
		{"user folder, exactly the limit", row("1001", "inbox", "1001", 40*time.Hour), PastLimit},
		{"moved to the user folder, not sent", row("1001", "inbox", "", 90*day), WithinLimit},
	}
	for _, c := range cases {
		if got := limits.Mark(c.r, now); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// limitFixture is a cache of both scopes in every folder, a user folder
// among them, some moved and not yet sent, some gone from the server, on
// whole days (so the clock's days fall exactly on the limits' edges), with
// five vacancies of three recruiters (one vacancy the company's list does
// not name).
func limitFixture(t *testing.T) *Store {
	t.Helper()
	s, _ := openTest(t)
	r := rand.New(rand.NewPCG(30, 2))
	folders := []string{FolderInbox, FolderConsidered, FolderInvited, FolderRefused, "1001"}
	var es []Entry
	for id := int64(1); id <= 500; id++ {
		f := folders[r.IntN(len(folders))]
		e := entry(id, f, r.IntN(40))
		if f == "1001" {
			e.Folder, e.UserFolder = FolderInbox, "1001"
		}
		e.Events[0].VacancyID = int64(1 + r.IntN(5))
		if r.IntN(2) == 0 {
			e.Scope = ScopeCompany
		}
		es = append(es, e)
	}
	mustUpsert(t, s, es...)
	for id := int64(1); id <= 500; id += 7 {
		if _, err := s.Enqueue(ctx, Action{Kind: ActionMove, ResumeID: id, Payload: ActionPayload{Folder: folders[r.IntN(len(folders))]}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.w.ExecContext(ctx, "UPDATE entries SET folder = NULL, missing_since = 1 WHERE resume_id % 31 = 0"); err != nil {
		t.Fatal(err)
	}
	err := s.ReplaceCompanyVacancies(ctx, []CompanyVacancy{{ID: 1, OwnerID: 501}, {ID: 2, OwnerID: 502}, {ID: 3, OwnerID: 501}, {ID: 4, OwnerID: 503}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The "needs me" list, its count and the counts per vacancy and per
// recruiter are what Mark says of every row, oldest first, at clocks
// before, on and after the rows' days.
func TestDueListAndCountsAgreeWithTheMark(t *testing.T) {
	s := limitFixture(t)
	limits := Limits{FolderInbox: 4 * day, FolderConsidered: 8 * day, FolderInvited: 36 * time.Hour, "1001": 2 * day}
	owner := map[int64]int64{1: 501, 2: 502, 3: 501, 4: 503}
	var checked int
	for _, scope := range []Scope{ScopeAll, ScopeMine, ScopeCompany} {
		all, err := s.ListEntries(ctx, ListQuery{Scope: scope, Limit: MaxListLimit, Ascending: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range []int{0, 3, 10, 25, 41, 300} {
			now := baseTime.AddDate(0, 0, d)
			var want []int64
			byVacancy, byOwner := map[int64]LimitCount{}, map[int64]LimitCount{}
			for _, r := range all {
				m := limits.Mark(r, now)
				if m == WithinLimit {
					continue
				}
				want = append(want, r.ResumeID)
				tally(byVacancy, r.VacancyID, m)
				tally(byOwner, owner[r.VacancyID], m)
			}
			checked += len(want)
			q := ListQuery{Scope: scope, Due: &Due{Limits: limits, Now: now}, Ascending: true, Limit: MaxListLimit}
			if got := list(t, s, q); !slices.Equal(got, want) {
				t.Errorf("%s, day %d: needs me %v, the mark says %v", scope, d, got, want)
			}
			if n, err := s.CountEntries(ctx, q); err != nil || n != len(want) {
				t.Errorf("%s, day %d: count %d %v, want %d", scope, d, n, err, len(want))
			}
			for by, want := range map[LimitGroup]map[int64]LimitCount{LimitsByVacancy: byVacancy, LimitsByRecruiter: byOwner} {
				got, err := s.LimitCounts(ctx, scope, limits, now, by)
				if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%s, day %d, by %d: %v %v, the mark says %v", scope, d, by, got, err, want)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("nothing near or past a limit in the fixture: the test compares nothing")
	}
}

// Past only keeps the ones past the limit; no limit set keeps nothing.
func TestDuePastOnlyAndNoLimits(t *testing.T) {
	s := limitFixture(t)
	limits := Limits{FolderInbox: 4 * day}
	now := baseTime.AddDate(0, 0, 20)
	all, err := s.ListEntries(ctx, ListQuery{Limit: MaxListLimit, Ascending: true})
	if err != nil {
		t.Fatal(err)
	}
	var want []int64
	for _, r := range all {
		if limits.Mark(r, now) == PastLimit {
			want = append(want, r.ResumeID)
		}
	}
	got := list(t, s, ListQuery{Due: &Due{Limits: limits, Now: now, PastOnly: true}, Ascending: true, Limit: MaxListLimit})
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("past only: %v, want %v", got, want)
	}
	if got := list(t, s, ListQuery{Due: &Due{Limits: Limits{}, Now: now}}); len(got) != 0 {
		t.Errorf("no limits: %v", got)
	}
	counts, err := s.LimitCounts(ctx, ScopeAll, nil, now, LimitsByVacancy)
	if err != nil || len(counts) != 0 {
		t.Errorf("no limits: %v %v", counts, err)
	}
}

// tally counts mark m under key.
func tally(counts map[int64]LimitCount, key int64, m LimitMark) {
	c := counts[key]
	if m == PastLimit {
		c.Past++
	} else {
		c.Near++
	}
	counts[key] = c
}
