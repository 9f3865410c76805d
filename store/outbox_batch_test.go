package store

import (
	"errors"
	"testing"
	"time"
)

// A bulk move is one unit: undo takes all of it back in one step (issue 10,
// defect 1: 44 presses for a 44-resume move).
func TestUndoTakesBackTheWholeBulk(t *testing.T) {
	s, _ := openTest(t)
	var es []Entry
	var moves []Action
	for id := int64(1); id <= 44; id++ {
		es = append(es, entry(id, FolderInbox, int(id)))
		moves = append(moves, Action{Kind: ActionMove, ResumeID: id, Payload: ActionPayload{Folder: FolderRefused}})
	}
	mustUpsert(t, s, es...)
	if _, err := s.Enqueue(ctx, Action{Kind: ActionMove, ResumeID: 44, Payload: ActionPayload{Folder: FolderConsidered}}); err != nil {
		t.Fatal(err)
	}
	ids, err := s.EnqueueBatch(ctx, moves)
	if err != nil || len(ids) != 44 {
		t.Fatalf("batch: %v %v", ids, err)
	}
	// One of them has already left when the recruiter changes their mind.
	if err := s.MarkInFlight(ctx, ids[3]); err != nil {
		t.Fatal(err)
	}
	u, err := s.UndoLast(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(u.Actions) != 43 || u.Gone != 1 {
		t.Fatalf("undo took back %d (gone %d), want 43 and 1 gone", len(u.Actions), u.Gone)
	}
	for id := int64(1); id <= 43; id++ {
		if id == 4 {
			continue
		}
		if f := folderOf(t, s, id); f != FolderInbox {
			t.Fatalf("resume %d is in %s after undo, want inbox", id, f)
		}
	}
	// Resume 44 goes back to where the earlier, single move put it.
	if f := folderOf(t, s, 44); f != FolderConsidered {
		t.Errorf("resume 44 in %s, want considered (its earlier move stands)", f)
	}
	// The next undo takes back that earlier single move, not the bulk again.
	u, err = s.UndoLast(ctx)
	if err != nil || len(u.Actions) != 1 || u.Actions[0].ResumeID != 44 {
		t.Fatalf("second undo: %+v %v", u, err)
	}
	if _, err := s.UndoLast(ctx); !errors.Is(err, ErrNotFound) {
		t.Errorf("third undo (only the sent part of an undone bulk is left): %v, want ErrNotFound", err)
	}
	// A batch is all or nothing: one bad action queues none.
	bad := []Action{{Kind: ActionMove, ResumeID: 1, Payload: ActionPayload{Folder: FolderInvited}}, {Kind: ActionMove, ResumeID: 2}}
	if _, err := s.EnqueueBatch(ctx, bad); err == nil {
		t.Fatal("a batch with an invalid action was queued")
	}
	if f := folderOf(t, s, 1); f != FolderInbox {
		t.Errorf("half a batch applied: resume 1 in %s", f)
	}
}

// A letter waits out its undo window: not offered to the sender, not
// claimable, and the window's end is known; then it leaves exactly once.
func TestLetterWaitsOutItsWindow(t *testing.T) {
	s, clock := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1), entry(2, FolderInbox, 2))
	at := clock.t.Add(10 * time.Second)
	ids, err := s.EnqueueBatch(ctx, []Action{
		{Kind: ActionInvite, ResumeID: 1, Payload: ActionPayload{TemplateID: 5}, NotBefore: at},
		{Kind: ActionInvite, ResumeID: 2, Payload: ActionPayload{TemplateID: 5}, NotBefore: at},
	})
	if err != nil {
		t.Fatal(err)
	}
	if next, _ := s.NextPending(ctx, 10); len(next) != 0 {
		t.Fatalf("held letters offered for sending: %v", next)
	}
	if err := s.MarkInFlight(ctx, ids[0]); !errors.Is(err, ErrStateConflict) {
		t.Fatalf("a held letter was claimed: %v", err)
	}
	due, ok, err := s.NextDue(ctx)
	if err != nil || !ok || !due.Equal(at) {
		t.Fatalf("next due %v %v %v, want %v", due, ok, err, at)
	}
	clock.t = at
	next, err := s.NextPending(ctx, 10)
	if err != nil || len(next) != 2 {
		t.Fatalf("after the window: %d ready, %v", len(next), err)
	}
	if err := s.MarkInFlight(ctx, ids[0]); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkInFlight(ctx, ids[0]); !errors.Is(err, ErrStateConflict) {
		t.Fatal("one letter claimed twice")
	}
	if _, ok, _ := s.NextDue(ctx); ok {
		t.Error("a due time with nothing held back")
	}
}

// Undo in the window takes the letters back before anything is sent.
func TestUndoLetterInItsWindow(t *testing.T) {
	s, clock := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1))
	if _, err := s.EnqueueBatch(ctx, []Action{{Kind: ActionReject, ResumeID: 1, Payload: ActionPayload{TemplateID: 11},
		NotBefore: clock.t.Add(10 * time.Second)}}); err != nil {
		t.Fatal(err)
	}
	if f := folderOf(t, s, 1); f != FolderRefused {
		t.Fatalf("queued reject shows %s", f)
	}
	u, err := s.UndoLast(ctx)
	if err != nil || len(u.Actions) != 1 || u.Actions[0].Kind != ActionReject {
		t.Fatalf("undo: %+v %v", u, err)
	}
	if f := folderOf(t, s, 1); f != FolderInbox {
		t.Errorf("after undo the resume shows %s", f)
	}
	clock.t = clock.t.Add(time.Minute)
	if next, _ := s.NextPending(ctx, 10); len(next) != 0 {
		t.Errorf("an undone letter is still offered: %v", next)
	}
}

// Released letters leave at once; one already sent or taken back is not
// touched.
func TestReleaseHeld(t *testing.T) {
	s, clock := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1), entry(2, FolderInbox, 2), entry(3, FolderInbox, 3))
	hold := clock.t.Add(time.Minute)
	ids, err := s.EnqueueBatch(ctx, []Action{
		{Kind: ActionInvite, ResumeID: 1, Payload: ActionPayload{TemplateID: 5}, NotBefore: hold},
		{Kind: ActionInvite, ResumeID: 2, Payload: ActionPayload{TemplateID: 5}, NotBefore: hold},
	})
	if err != nil {
		t.Fatal(err)
	}
	other, err := s.Enqueue(ctx, Action{Kind: ActionReject, ResumeID: 3, Payload: ActionPayload{TemplateID: 11}, NotBefore: hold})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Cancel(ctx, ids[1]); err != nil {
		t.Fatal(err)
	}
	n, err := s.ReleaseHeld(ctx, ids)
	if err != nil || n != 1 {
		t.Fatalf("released %d, %v; want the one still pending", n, err)
	}
	next, err := s.NextPending(ctx, 10)
	if err != nil || len(next) != 1 || next[0].ID != ids[0] {
		t.Errorf("ready after the release: %+v %v", next, err)
	}
	if due, ok, _ := s.NextDue(ctx); !ok || !due.Equal(hold) {
		t.Errorf("another's letter lost its window: %v %v (action %d)", due, ok, other)
	}
}

// A bulk of exactly two is a bulk (issue 19 §2.10: the mutation check
// found `len(actions) > 1` unpinned; `> 2` passed every test).
func TestUndoTakesBackABulkOfTwo(t *testing.T) {
	s, _ := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1), entry(2, FolderInbox, 2))
	if _, err := s.EnqueueBatch(ctx, []Action{
		{Kind: ActionMove, ResumeID: 1, Payload: ActionPayload{Folder: FolderRefused}},
		{Kind: ActionMove, ResumeID: 2, Payload: ActionPayload{Folder: FolderRefused}},
	}); err != nil {
		t.Fatal(err)
	}
	u, err := s.UndoLast(ctx)
	if err != nil || len(u.Actions) != 2 {
		t.Fatalf("undo took back %d of a bulk of two (%v)", len(u.Actions), err)
	}
	for _, id := range []int64{1, 2} {
		if f := folderOf(t, s, id); f != FolderInbox {
			t.Errorf("resume %d in %s after the undo, want inbox", id, f)
		}
	}
}
