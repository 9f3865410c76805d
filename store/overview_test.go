package store

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"
)

// at is a moment of the overview tests' month, in UTC.
func at(day, hour int) time.Time { return time.Date(2026, 11, day, hour, 0, 0, 0, time.UTC) }

// responded is an entry of vacancy vac that responded at from and, when
// acted is not zero, met the recruiter's action then.
func responded(id int64, vac int64, folder string, from, acted time.Time, action int) Entry {
	e := entry(id, folder, 0)
	e.Events = []Event{{VacancyID: vac, Type: 10, DateEvent: from}}
	if !acted.IsZero() {
		e.Events = append(e.Events, Event{VacancyID: vac, Type: action, DateEvent: acted})
	}
	return e
}

func overviewAt(t *testing.T, s *Store, q OverviewQuery) Overview {
	t.Helper()
	o, err := s.Overview(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func figuresOf(t *testing.T, o Overview, vac int64) VacancyFigures {
	t.Helper()
	for _, f := range o.Vacancies {
		if f.VacancyID == vac {
			return f
		}
	}
	t.Fatalf("no vacancy %d in %+v", vac, o.Vacancies)
	return VacancyFigures{}
}

// TestOverviewMedianFirstAction: the median of hand-made delays, odd and
// even; an action before the response, a response without one, and one
// older than the window do not count.
func TestOverviewMedianFirstAction(t *testing.T) {
	s, _ := openTest(t)
	now := at(20, 12)
	mustUpsert(t, s,
		responded(1, 5, FolderInvited, at(10, 9), at(10, 10), 60),                                  // 1 h
		responded(2, 5, FolderRefused, at(11, 9), at(11, 11), 80),                                  // 2 h
		responded(3, 5, FolderConsidered, at(12, 0), at(12, 10), 70),                               // 10 h
		responded(4, 5, FolderInbox, at(13, 0), time.Time{}, 0),                                    // waiting: no action
		responded(5, 5, FolderRefused, at(1, 0), at(1, 1), 80),                                     // 19 days before the window... inside 30 days
		responded(6, 5, FolderRefused, at(1, 0).AddDate(0, -1, 0), at(1, 5).AddDate(0, -1, 0), 80), // before the window
	)
	// An action before the newest response: the recruiter has not answered it yet.
	e := responded(7, 5, FolderInbox, at(14, 0), at(13, 0), 110)
	mustUpsert(t, s, e)
	q := OverviewQuery{Scope: ScopeMine, Now: now, Location: time.UTC}
	f := figuresOf(t, overviewAt(t, s, q), 5)
	// 1 h, 1 h (entry 5), 2 h, 10 h: the middle two are 1 h and 2 h.
	if f.FirstActions != 4 || f.MedianFirstAction != 90*time.Minute {
		t.Fatalf("%d first actions, median %v; want 4, 1h30m", f.FirstActions, f.MedianFirstAction)
	}
	mustUpsert(t, s, responded(8, 5, FolderInvited, at(15, 0), at(15, 4), 90)) // a letter: 4 h
	f = figuresOf(t, overviewAt(t, s, q), 5)
	if f.FirstActions != 5 || f.MedianFirstAction != 2*time.Hour {
		t.Fatalf("%d first actions, median %v; want 5, 2h", f.FirstActions, f.MedianFirstAction)
	}
	if f.Waiting != 2 {
		t.Fatalf("waiting %d, want 2 (entry 4, and 7 whose action came before its response)", f.Waiting)
	}
	// No first action at all: none, not a zero median that reads as "at once".
	mustUpsert(t, s, responded(9, 6, FolderInbox, at(16, 0), time.Time{}, 0))
	if g := figuresOf(t, overviewAt(t, s, q), 6); g.FirstActions != 0 {
		t.Fatalf("vacancy 6: %d first actions", g.FirstActions)
	}
}

// TestOverviewPerDayInTheReadersZone: responses counted by the calendar days
// of the zone asked, 30 days oldest first, today included, the 30 before
// them as the trend's base; asked in another zone, the days follow.
func TestOverviewPerDayInTheReadersZone(t *testing.T) {
	s, _ := openTest(t)
	msk := time.FixedZone("MSK", 3*3600)
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, msk)
	mustUpsert(t, s,
		responded(1, 5, FolderInbox, time.Date(2026, 11, 19, 22, 30, 0, 0, time.UTC), time.Time{}, 0), // 01:30 on the 20th in Moscow
		responded(2, 5, FolderInbox, time.Date(2026, 11, 20, 9, 0, 0, 0, msk), time.Time{}, 0),
		responded(3, 5, FolderInbox, time.Date(2026, 10, 22, 0, 0, 0, 0, msk), time.Time{}, 0),  // the window's first day
		responded(4, 5, FolderInbox, time.Date(2026, 10, 21, 23, 0, 0, 0, msk), time.Time{}, 0), // the day before: the base
		responded(5, 5, FolderInbox, time.Date(2026, 9, 21, 23, 0, 0, 0, msk), time.Time{}, 0),  // before the base
		responded(6, 6, FolderInbox, time.Date(2026, 11, 19, 12, 0, 0, 0, msk), time.Time{}, 0),
	)
	o := overviewAt(t, s, OverviewQuery{Scope: ScopeMine, Now: now, Location: msk})
	if len(o.Days) != 30 || !o.Days[0].Equal(time.Date(2026, 10, 22, 0, 0, 0, 0, msk)) || !o.Days[29].Equal(time.Date(2026, 11, 20, 0, 0, 0, 0, msk)) {
		t.Fatalf("days %v (%d), want 2026-10-22 … 2026-11-20 (30)", o.Days, len(o.Days))
	}
	f := figuresOf(t, o, 5)
	want := make([]int, 30)
	want[0], want[29] = 1, 2
	if !slices.Equal(f.PerDay, want) || f.Before != 1 {
		t.Fatalf("per day %v, before %d; want %v, 1", f.PerDay, f.Before, want)
	}
	if o.Total.PerDay[28] != 1 || o.Total.PerDay[29] != 2 || o.Total.InWindow() != 4 {
		t.Fatalf("total per day %v", o.Total.PerDay)
	}
	// In UTC the 01:30 response is the 19th's, and the window one day on.
	o = overviewAt(t, s, OverviewQuery{Scope: ScopeMine, Now: now, Location: time.UTC})
	f = figuresOf(t, o, 5)
	if f.PerDay[28] != 1 || f.PerDay[29] != 1 {
		t.Fatalf("UTC per day %v", f.PerDay)
	}
	// A window from a date (hrdesk report --since) runs to today.
	o = overviewAt(t, s, OverviewQuery{Scope: ScopeMine, Now: now, Location: msk, Since: time.Date(2026, 11, 14, 0, 0, 0, 0, msk)})
	if f = figuresOf(t, o, 5); len(f.PerDay) != 7 || f.InWindow() != 2 || f.Before != 0 {
		t.Fatalf("since the 14th: %v, before %d", f.PerDay, f.Before)
	}
}

// TestOverviewWaitingAndStale: the waiting responses by age (today, 1–3
// days, 4–7, older) and the stale rule of stale.go, per vacancy.
func TestOverviewWaitingAndStale(t *testing.T) {
	s, _ := openTest(t)
	now := at(20, 12)
	mustUpsert(t, s,
		responded(1, 5, FolderInbox, at(20, 1), time.Time{}, 0),
		responded(2, 5, FolderInbox, at(19, 23), time.Time{}, 0),
		responded(3, 5, FolderInbox, at(17, 0), time.Time{}, 0),
		responded(4, 5, FolderInbox, at(16, 23), time.Time{}, 0),
		responded(5, 5, FolderInbox, at(13, 0), time.Time{}, 0),
		responded(6, 5, FolderInbox, at(12, 23), time.Time{}, 0),
		responded(7, 5, FolderInbox, at(1, 0), at(2, 0), 90),       // a letter answered it
		responded(8, 5, FolderConsidered, at(1, 0), at(2, 0), 70),  // stale: no event for 18 days
		responded(9, 5, FolderInvited, at(1, 0), at(18, 0), 60),    // an event 2 days ago
		responded(10, 6, FolderConsidered, at(1, 0), at(2, 0), 70), // another vacancy's
	)
	q := OverviewQuery{Scope: ScopeMine, Now: now, Location: time.UTC, StaleBefore: now.Add(-7 * 24 * time.Hour)}
	f := figuresOf(t, overviewAt(t, s, q), 5)
	if f.Waiting != 6 || f.WaitingByAge != [WaitingAges]int{1, 2, 2, 1} {
		t.Fatalf("waiting %d by age %v; want 6, [1 2 2 1]", f.Waiting, f.WaitingByAge)
	}
	if f.Stale != 1 || f.Responses != 9 || f.Inbox != 7 || f.Considered != 1 || f.Invited != 1 {
		t.Fatalf("%+v", f)
	}
	// The recruiter moves a waiting one: no longer waiting, at once.
	if _, err := s.Enqueue(ctx, Action{ResumeID: 1, Kind: ActionMove, Payload: ActionPayload{Folder: FolderConsidered}}); err != nil {
		t.Fatal(err)
	}
	f = figuresOf(t, overviewAt(t, s, q), 5)
	if f.Waiting != 5 || f.WaitingByAge[0] != 0 || f.Considered != 2 {
		t.Fatalf("after a move: %+v", f)
	}
	if o := overviewAt(t, s, q); o.Total.Stale != 2 || o.Total.Responses != 10 {
		t.Fatalf("total %+v", o.Total)
	}
}

// keptByScan recounts what migration 012's triggers keep, from entries and
// events: the oracle of TestOverviewCountsStayExact.
func keptByScan(t *testing.T, s *Store) (counts, days map[string]int) {
	t.Helper()
	counts, days = map[string]int{}, map[string]int{}
	var offset int64
	if err := s.r.QueryRow("SELECT offset_seconds FROM response_days_zone").Scan(&offset); err != nil {
		t.Fatal(err)
	}
	rows, err := s.r.Query("SELECT resume_id, scope, vacancy_id, folder, server_folder FROM entries WHERE folder IS NOT NULL")
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		id, vac              int64
		scope, folder, sfold string
	}
	var all []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.scope, &r.vac, &r.folder, &r.sfold); err != nil {
			t.Fatal(err)
		}
		all = append(all, r)
	}
	rows.Close()
	for _, r := range all {
		evs, err := s.Events(ctx, r.id)
		if err != nil {
			t.Fatal(err)
		}
		var arrived, acted int64
		for _, e := range evs {
			if slices.Contains(ResponseTypes, e.Type) {
				arrived = max(arrived, unix(e.DateEvent))
			}
		}
		for _, e := range evs {
			if d := unix(e.DateEvent); slices.Contains(ActionTypes, e.Type) && d >= arrived && (acted == 0 || d < acted) {
				acted = d
			}
		}
		key := fmt.Sprintf("%s/%d/%s", r.scope, r.vac, r.folder)
		counts[key+"/total"]++
		if r.folder == FolderInbox && r.sfold == FolderInbox && acted == 0 {
			counts[key+"/waiting"]++
		}
		if r.folder == r.sfold {
			counts[key+"/settled"]++
		}
		if arrived > 0 {
			days[fmt.Sprintf("%s/%d/%d", r.scope, (arrived+offset)/86400, r.vac)]++
		}
	}
	return counts, days
}

func keptInTables(t *testing.T, s *Store) (counts, days map[string]int) {
	t.Helper()
	counts, days = map[string]int{}, map[string]int{}
	rows, err := s.r.Query("SELECT scope, vacancy_id, folder, total_count, waiting_count, settled_count FROM vacancy_counts")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var scope, folder string
		var vac int64
		var total, waiting, settled int
		if err := rows.Scan(&scope, &vac, &folder, &total, &waiting, &settled); err != nil {
			t.Fatal(err)
		}
		key := fmt.Sprintf("%s/%d/%s", scope, vac, folder)
		for k, n := range map[string]int{"/total": total, "/waiting": waiting, "/settled": settled} {
			if n != 0 {
				counts[key+k] = n
			}
		}
	}
	rows.Close()
	rows, err = s.r.Query("SELECT scope, day, vacancy_id, n FROM response_days WHERE n <> 0")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var scope string
		var day, vac int64
		var n int
		if err := rows.Scan(&scope, &day, &vac, &n); err != nil {
			t.Fatal(err)
		}
		days[fmt.Sprintf("%s/%d/%d", scope, day, vac)] = n
	}
	return counts, days
}

// TestOverviewCountsStayExact: through sync pages (responses, actions, a
// response again, another vacancy, scope), the recruiter's moves and their
// outcomes, hiding, purging and a change of time zone, the kept counts
// equal a recount of the entries and their events after every step.
func TestOverviewCountsStayExact(t *testing.T) {
	s, clock := openTest(t)
	rng := rand.New(rand.NewPCG(20, 12))
	randomEntry := func(id int64) Entry {
		from := baseTime.Add(time.Duration(rng.IntN(60*24)) * time.Hour)
		e := responded(id, int64(5+rng.IntN(3)), Folders[rng.IntN(len(Folders))], from, time.Time{}, 0)
		if rng.IntN(2) == 0 {
			e.Events = append(e.Events, Event{VacancyID: e.Events[0].VacancyID, Type: ActionTypes[rng.IntN(len(ActionTypes))],
				DateEvent: from.Add(time.Duration(rng.IntN(100)-20) * time.Hour)})
		}
		if rng.IntN(4) == 0 { // responded again, maybe to another vacancy
			e.Events = append(e.Events, Event{VacancyID: int64(5 + rng.IntN(3)), Type: ResponseTypes[rng.IntN(len(ResponseTypes))],
				DateEvent: from.Add(time.Duration(rng.IntN(200)) * time.Hour)})
		}
		if rng.IntN(3) == 0 {
			e.Scope = ScopeCompany
		}
		return e
	}
	var actions []int64
	for step := range 300 {
		id := int64(1 + rng.IntN(60))
		var name string
		var err error
		switch rng.IntN(8) {
		case 0, 1, 2:
			name, err = "upsert", s.UpsertEntries(ctx, []Entry{randomEntry(id), randomEntry(id + 60)})
		case 3:
			var a int64
			a, err = s.Enqueue(ctx, Action{ResumeID: id, Kind: ActionMove, Payload: ActionPayload{Folder: append(slices.Clone(Folders), "7")[rng.IntN(5)]}})
			if err == nil {
				actions = append(actions, a)
			}
			name = "move"
		case 4:
			if len(actions) == 0 {
				continue
			}
			a := actions[rng.IntN(len(actions))]
			if rng.IntN(2) == 0 {
				name, err = "done", sendThen(s, a, s.MarkDone)
			} else {
				name, err = "cancel", s.Cancel(ctx, a)
			}
			if errors.Is(err, ErrStateConflict) || errors.Is(err, ErrNotFound) {
				err = nil
			}
		case 5:
			w := ReconcileWindow{Scope: ScopeMine, Folder: Folders[rng.IntN(len(Folders))]}
			var rec *Reconcile
			if rec, err = s.BeginReconcile(ctx, w); err == nil {
				if err = rec.Upsert(ctx, []Entry{randomEntry(id)}); err == nil {
					_, err = rec.Finish(ctx)
				}
			}
			name = "reconcile"
		case 6:
			clock.t = clock.t.Add(time.Hour)
			_, err = s.PurgeMissing(ctx, clock.t)
			name = "purge"
		case 7: // a reader in another zone counts the days again
			zone := time.FixedZone("z", (rng.IntN(27)-12)*3600)
			_, err = s.Overview(ctx, OverviewQuery{Scope: ScopeAll, Now: clock.t.In(zone)})
			name = "overview in " + zone.String()
		}
		if err != nil {
			t.Fatalf("step %d %s: %v", step, name, err)
		}
		wantCounts, wantDays := keptByScan(t, s)
		gotCounts, gotDays := keptInTables(t, s)
		if !reflect.DeepEqual(gotCounts, wantCounts) || !reflect.DeepEqual(gotDays, wantDays) {
			t.Fatalf("after step %d %s:\n kept %v\n      %v\n scan %v\n      %v", step, name, gotCounts, gotDays, wantCounts, wantDays)
		}
	}
}
