package store

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// snoozeRows is the snoozes table as "id:until-since" by resume, in
// hours from at (none: the resume has no row).
func snoozeRows(t *testing.T, s *Store, at time.Time) string {
	t.Helper()
	rows, err := s.r.QueryContext(ctx, `SELECT resume_id, until, since FROM snoozes ORDER BY resume_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id, until, since int64
		if err := rows.Scan(&id, &until, &since); err != nil {
			t.Fatal(err)
		}
		h := func(sec int64) int64 { return (sec - at.Unix()) / 3600 }
		out = append(out, fmt.Sprintf("%d:%d/%d", id, h(until), h(since)))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(out, " ")
}

// A bulk z over resumes in every state, then u: each is back exactly as
// it stood — one woken (its mark kept), one snoozed until another time
// (a re-snooze), two with none — and the lists and counts with them.
func TestUndoOfASnoozeBulkPutsEachBackAsItStood(t *testing.T) {
	s, clock := openTest(t)
	fourInInbox(t, s)
	if err := s.Snooze(ctx, []int64{1}, clock.t.Add(-time.Hour), clock.t.Add(-48*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.Snooze(ctx, []int64{4}, clock.t.Add(72*time.Hour), clock.t.Add(-24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	want := snoozeRows(t, s, clock.t)
	z, err := s.Resnooze(ctx, []int64{3, 1, 4, 2}, clock.t.Add(24*time.Hour), clock.t)
	if err != nil {
		t.Fatal(err)
	}
	if got := snoozeRows(t, s, clock.t); got != "1:24/0 2:24/0 3:24/0 4:24/0" {
		t.Fatalf("snoozed: %s", got)
	}
	var order []int64
	for _, b := range z.Before {
		order = append(order, b.ResumeID)
		if b.Folder != FolderInbox {
			t.Errorf("%d was in %q, want the inbox", b.ResumeID, b.Folder)
		}
	}
	if !slices.Equal(order, []int64{3, 1, 4, 2}) {
		t.Errorf("before, in the order named: %v", order)
	}
	if n := count(t, s, ListQuery{Folder: FolderInbox}); n != 0 {
		t.Errorf("inbox counts %d while all are snoozed", n)
	}
	u, err := s.Undo(ctx, Slip{Snooze: z})
	if err != nil {
		t.Fatal(err)
	}
	if len(u.Snooze.Before) != 4 || !u.Snooze.Until.Equal(z.Until) {
		t.Errorf("undone %+v, want the snooze of 4", u.Snooze)
	}
	if got := snoozeRows(t, s, clock.t); got != want {
		t.Errorf("after u: %s, want as before the z: %s", got, want)
	}
	if got := list(t, s, ListQuery{Folder: FolderInbox, WokenFirst: true}); !slices.Equal(got, []int64{1, 3, 2}) {
		t.Errorf("inbox after u = %v, want 1 (woken, first) 3 2, 4 still snoozed", got)
	}
	if n := count(t, s, ListQuery{Folder: FolderInbox}); n != 3 {
		t.Errorf("inbox counts %d after u, want 3", n)
	}
}

// "Wake now" taken back: the resume is snoozed again until its time, from
// its moment, out of the list again.
func TestUndoOfWakeNowSnoozesAgain(t *testing.T) {
	s, clock := openTest(t)
	fourInInbox(t, s)
	if err := s.Snooze(ctx, []int64{2, 3}, clock.t.Add(5*time.Hour), clock.t.Add(-2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	z, err := s.Resnooze(ctx, []int64{2, 3}, time.Time{}, clock.t)
	if err != nil {
		t.Fatal(err)
	}
	if got := snoozeRows(t, s, clock.t); got != "" {
		t.Fatalf("woken now, yet %s", got)
	}
	if got := list(t, s, ListQuery{Folder: FolderInbox}); !slices.Equal(got, []int64{4, 3, 2, 1}) {
		t.Errorf("woken: %v", got)
	}
	if _, err := s.Undo(ctx, Slip{Snooze: z}); err != nil {
		t.Fatal(err)
	}
	if got := snoozeRows(t, s, clock.t); got != "2:5/-2 3:5/-2" {
		t.Errorf("after u: %s, want both until +5h since -2h", got)
	}
	if got := list(t, s, ListQuery{Folder: FolderInbox}); !slices.Equal(got, []int64{4, 1}) {
		t.Errorf("after u: %v, want 4 1", got)
	}
}

// An empty slip is the outbox's newest, as before: nothing there, nothing
// to undo; a snooze's undo leaves the outbox alone.
func TestUndoOfNoSlipIsTheOutboxsNewest(t *testing.T) {
	s, clock := openTest(t)
	fourInInbox(t, s)
	if _, err := s.Undo(ctx, Slip{}); !errors.Is(err, ErrNotFound) {
		t.Errorf("undo of nothing: %v, want ErrNotFound", err)
	}
	z, err := s.Resnooze(ctx, []int64{1}, clock.t.Add(time.Hour), clock.t)
	if err != nil {
		t.Fatal(err)
	}
	u, err := s.Undo(ctx, Slip{Snooze: z})
	if err != nil || len(u.Actions)+len(u.Back) != 0 {
		t.Errorf("undo of a snooze: %+v %v, want no outbox action", u, err)
	}
	// A move waiting in the outbox: the empty slip takes it back.
	if _, err := s.Enqueue(ctx, Action{Kind: ActionMove, ResumeID: 2, Payload: ActionPayload{Folder: FolderRefused}}); err != nil {
		t.Fatal(err)
	}
	if u, err := s.Undo(ctx, Slip{}); err != nil || len(u.Actions) != 1 {
		t.Errorf("undo of no slip with a move waiting: %+v %v, want that move taken back", u, err)
	}
}
