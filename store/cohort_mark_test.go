package store

import (
	"database/sql"
	"path/filepath"
	"testing"
	"time"
)

// markFrom is what migration 21's cohort_mark must hold, worked out here
// from the events alone (not from the migration's SQL): since the newest
// response (10-50), the stages reached (70 bit 0, 60 bit 1, 80 bit 2), the
// stage of the last folder-changing event (the greater code at one
// second) and the last event's time; 0 when no event is that late.
func markFrom(types, dates []int64) int64 {
	var arrived int64
	for i, typ := range types {
		if typ >= 10 && typ <= 50 && typ%10 == 0 {
			arrived = max(arrived, dates[i])
		}
	}
	codes := map[int64]int64{10: 1, 20: 1, 30: 1, 40: 1, 50: 1, 70: 2, 60: 3, 80: 4, 110: 5}
	bits := map[int64]int64{70: 1, 60: 2, 80: 4}
	var reached, last, lastStage, stage int64
	seen := false
	for i, typ := range types {
		d := dates[i]
		if d < arrived {
			continue
		}
		seen = true
		reached |= bits[typ]
		last = max(last, d)
		if c, ok := codes[typ]; ok && d*8+c > lastStage {
			lastStage, stage = d*8+c, c
		}
	}
	if !seen {
		return 0
	}
	return reached + 8*max(stage, 1) + 64*last
}

// checkMarks compares every entry's kept mark with markFrom its events.
func checkMarks(t *testing.T, db *sql.DB, when string) {
	t.Helper()
	rows, err := db.Query(`SELECT e.resume_id, e.cohort_mark, coalesce(v.type, -1), coalesce(v.date_event, 0)
		FROM entries e LEFT JOIN events v ON v.resume_id = e.resume_id ORDER BY e.resume_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	kept := map[int64]int64{}
	types, dates := map[int64][]int64{}, map[int64][]int64{}
	for rows.Next() {
		var id, mark, typ, date int64
		if err := rows.Scan(&id, &mark, &typ, &date); err != nil {
			t.Fatal(err)
		}
		kept[id] = mark
		if typ >= 0 {
			types[id], dates[id] = append(types[id], typ), append(dates[id], date)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(kept) == 0 {
		t.Fatalf("%s: no entries", when)
	}
	for id, mark := range kept {
		if want := markFrom(types[id], dates[id]); mark != want {
			t.Errorf("%s: resume %d (events %v at %v): mark %d (stages %b, stage %d, last %d), want %d (%b, %d, %d)", when, id,
				types[id], dates[id], mark, mark&7, mark>>3&7, mark>>6, want, want&7, want>>3&7, want>>6)
		}
	}
}

// with adds events to e: type, time, type, time...
func with(e Entry, vac int64, evs ...any) Entry {
	for i := 0; i+1 < len(evs); i += 2 {
		e.Events = append(e.Events, Event{VacancyID: vac, Type: evs[i].(int), DateEvent: evs[i+1].(time.Time)})
	}
	return e
}

// markCases are entries whose events try each part of the mark.
func markCases() []Entry {
	noEvents := entry(5, FolderInbox, 0)
	noEvents.Events = nil
	onlyOther := entry(6, FolderInbox, 0)
	onlyOther.Events = []Event{{VacancyID: 5, Type: 120, DateEvent: at(3, 0)}}
	return []Entry{
		// considered, invited, a letter, a type-120 copy: invited, the copy's time
		with(responded(1, 5, FolderInvited, at(2, 0), at(2, 1), 70), 5, 60, at(3, 0), 90, at(4, 0), 120, at(5, 0)),
		// considered before a new response, refused after it: refused alone
		with(responded(2, 5, FolderRefused, at(2, 0), at(1, 0), 70), 5, 10, at(3, 0), 80, at(3, 5)),
		responded(3, 5, FolderInbox, at(2, 0), time.Time{}, 0),
		// a move at the second of a consideration: moved (the greater code)
		with(responded(4, 5, FolderInbox, at(2, 0), at(2, 3), 70), 5, 110, at(2, 3)),
		noEvents, onlyOther,
		// a type the cache does not know, after the rest
		with(responded(7, 5, FolderInvited, at(2, 0), at(2, 1), 60), 5, 999, at(9, 0)),
	}
}

// TestTheCohortMarkIsKept (migration 21): the triggers on events keep each
// entry's mark through the sync's writes (a new entry, its events
// rewritten shorter, a new response after the actions).
func TestTheCohortMarkIsKept(t *testing.T) {
	s, _ := openTest(t)
	cases := markCases()
	mustUpsert(t, s, cases...)
	checkMarks(t, s.r, "first write")
	shorter := responded(1, 5, FolderConsidered, at(2, 0), at(2, 1), 70) // the invite, letter and copy gone
	again := cases[1]
	again.Events = append(again.Events, Event{VacancyID: 5, Type: 10, DateEvent: at(6, 0)}) // answered again: no stage
	mustUpsert(t, s, shorter, again)
	checkMarks(t, s.r, "rewritten")
}

// cohortMarkVersion is the migration that adds the mark.
const cohortMarkVersion = 21

// TestTheCohortMarkMigration: a cache of the version before gets its
// entries' marks in the upgrade (one transaction, as SQL migrations are:
// a killed upgrade leaves the old schema).
func TestTheCohortMarkMigration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache.db")
	db, err := sql.Open("sqlite", dsn(path, Options{BusyTimeout: 1e9}, false))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := migrate(ctx, db, cohortMarkVersion-1, &Options{}); err != nil {
		t.Fatal(err)
	}
	for _, e := range markCases() {
		mustExec(t, db, `INSERT INTO entries (resume_id, scope, server_folder, folder, is_new, first_name, last_name,
			profession, last_event_at) VALUES (?, 'mine', ?, ?, 0, 'Анна', 'Сидорова', 'Кладовщик', 0)`, e.ResumeID, e.Folder, e.Folder)
		for i, v := range e.Events {
			mustExec(t, db, "INSERT INTO events (resume_id, seq, vacancy_id, type, date_event) VALUES (?, ?, ?, ?, ?)",
				e.ResumeID, i, v.VacancyID, v.Type, v.DateEvent.Unix())
		}
	}
	if err := migrate(ctx, db, SchemaVersion, &Options{}); err != nil {
		t.Fatal(err)
	}
	checkMarks(t, db, "upgraded")
}

// TestAPeriodReadsTheEventsAfterItsEnd: a response with an event at or
// after its period's end (an action of the week after, for the week
// before; one dated later than now) is counted from its events before the
// end (countLate), not from its kept mark: considered by the end and
// invited after it, it is considered, past considered's limit; invited by
// the end, a letter after it, it is invited; moved by the end, a letter
// after it, it is past its user folder's limit.
func TestAPeriodReadsTheEventsAfterItsEnd(t *testing.T) {
	s, _ := openTest(t)
	now := at(20, 12) // the week: the 14th 00:00 to now; the week before: the 7th to the 13th 12:00
	later := func(id int64, from, considered, invited time.Time) Entry {
		e := responded(id, 5, FolderInvited, from, considered, 70)
		e.Events = append(e.Events, Event{VacancyID: 5, Type: 60, DateEvent: invited})
		return e
	}
	movedLate := with(responded(6, 5, FolderInbox, at(15, 0), at(16, 0), 110), 5, 90, at(21, 0))
	movedLate.UserFolder = "1001"
	mustUpsert(t, s,
		later(1, at(15, 0), at(16, 0), now),                               // invited at the end: not by it
		later(2, at(8, 0), at(9, 0), at(13, 12)),                          // the week before's, invited at its end
		later(3, at(15, 0), at(16, 0), now.Add(-1*day)),                   // invited before the end: the mark's
		later(4, at(15, 0), at(16, 0), at(27, 0)),                         // invited a week from now
		with(later(5, at(15, 0), at(16, 0), at(17, 0)), 5, 90, at(21, 0)), // invited by the end, a letter after it
		movedLate, // moved to 1001 4 d 12 h before the end, a letter after it
	)
	q := OverviewQuery{Scope: ScopeMine, Now: now, Location: time.UTC, Days: 7,
		Limits: Limits{FolderConsidered: 3 * day, FolderInvited: 2 * day, "1001": 3 * day}}
	c, err := s.ComparisonFor(ctx, q, overviewAt(t, s, q), 0)
	if err != nil {
		t.Fatal(err)
	}
	// 1 and 4 considered 4 d 12 h before the end: past 3 d; 3 invited a
	// day before: not; 5 invited 3 d 12 h before: past 2 d; 6 in 1001 4 d
	// 12 h: past 3 d.
	if got := c.Current.Total; got.Responses != 5 || got.Considered != 4 || got.Invited != 2 || got.PastLimit != 4 {
		t.Errorf("this week: %+v; want 5 responses, 4 considered, 2 invited, 4 past the limit", got)
	}
	// 2 considered 4 d 12 h before its end.
	if got := c.Previous.Total; got.Responses != 1 || got.Considered != 1 || got.Invited != 0 || got.PastLimit != 1 {
		t.Errorf("the week before: %+v; want 1 response, considered, not invited, past the limit", got)
	}
}
