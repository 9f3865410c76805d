package store

import (
	"context"
	"errors"
	"testing"
)

// sentAs settles action id as the service answered: done, or unknown.
func sentAs(t *testing.T, s *Store, id int64, answered bool) {
	t.Helper()
	if err := s.MarkInFlight(ctx, id); err != nil {
		t.Fatal(err)
	}
	mark := s.MarkUnknown
	if answered {
		mark = func(ctx context.Context, id int64, _ string) error { return s.MarkDone(ctx, id) }
	}
	if err := mark(ctx, id, "timeout"); err != nil {
		t.Fatal(err)
	}
}

// Issue 28 §2: `l` by mistake, online: the move has left when u is
// pressed. Undoing it queues a move back to the folder it came from, shown
// at once.
func TestUndoUnitMovesASentMoveBack(t *testing.T) {
	s, _ := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1))
	queued, err := s.EnqueueBatch(ctx, []Action{{Kind: ActionLater, ResumeID: 1}})
	if err != nil {
		t.Fatal(err)
	}
	sentAs(t, s, queued[0], true)
	u, err := s.UndoUnit(ctx, queued)
	if err != nil {
		t.Fatal(err)
	}
	if len(u.Actions) != 0 || len(u.Back) != 1 || u.Back[0].ResumeID != 1 || u.Back[0].Payload.Folder != FolderInbox {
		t.Fatalf("undone %+v, want one move back to the inbox", u)
	}
	if f := folderOf(t, s, 1); f != FolderInbox {
		t.Errorf("after the undo the resume shows in %s, want inbox", f)
	}
	next, err := s.NextPending(ctx, 10)
	if err != nil || len(next) != 1 || next[0].Kind != ActionMove || next[0].Payload.Folder != FolderInbox ||
		next[0].PrevFolder != FolderConsidered {
		t.Fatalf("what leaves next: %+v %v, want the move back to the inbox", next, err)
	}
	if a, _ := s.Action(ctx, queued[0]); a.State != StateDone {
		t.Errorf("the sent later is %s now: it stays done, the server has it", a.State)
	}
	// The move back, once sent, leaves the resume where it came from.
	sentAs(t, s, next[0].ID, true)
	if f := folderOf(t, s, 1); f != FolderInbox {
		t.Errorf("after the move back was sent: %s", f)
	}
}

// A bulk is taken back as one, whatever each of it has come to: the
// pending cancelled, the sent moved back (as one new unit), the refused
// left alone; each resume goes back to its own folder.
func TestUndoUnitTakesABulkBackAsOne(t *testing.T) {
	s, _ := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1), entry(2, FolderInbox, 2), entry(3, FolderRefused, 3),
		entry(4, FolderInbox, 4), entry(5, FolderInbox, 5), entry(6, FolderInbox, 6))
	var bulk []Action
	for id := int64(1); id <= 6; id++ {
		bulk = append(bulk, Action{Kind: ActionMove, ResumeID: id, Payload: ActionPayload{Folder: FolderConsidered}})
	}
	queued, err := s.EnqueueBatch(ctx, bulk)
	if err != nil {
		t.Fatal(err)
	}
	sentAs(t, s, queued[0], true)  // 1: done
	sentAs(t, s, queued[1], false) // 2: unknown
	sentAs(t, s, queued[2], true)  // 3: done, from Refused
	if err := s.MarkInFlight(ctx, queued[3]); err != nil {
		t.Fatal(err) // 4: being sent
	}
	if err := s.MarkInFlight(ctx, queued[4]); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkFailed(ctx, queued[4], "refused"); err != nil {
		t.Fatal(err) // 5: refused, back in the inbox already
	}
	// 6: still pending
	u, err := s.UndoUnit(ctx, queued)
	if err != nil {
		t.Fatal(err)
	}
	if len(u.Actions) != 1 || u.Actions[0].ResumeID != 6 || u.Gone != 0 {
		t.Errorf("cancelled %+v (gone %d), want resume 6's move", u.Actions, u.Gone)
	}
	back := map[int64]string{}
	for _, a := range u.Back {
		back[a.ResumeID] = a.Payload.Folder
		if a.Batch == 0 || a.Batch != u.Back[0].Batch {
			t.Errorf("move back of %d in batch %d, want the unit's %d", a.ResumeID, a.Batch, u.Back[0].Batch)
		}
	}
	want := map[int64]string{1: FolderInbox, 2: FolderInbox, 3: FolderRefused, 4: FolderInbox}
	if len(back) != len(want) {
		t.Fatalf("moved back %v, want %v", back, want)
	}
	for id, f := range want {
		if back[id] != f {
			t.Errorf("resume %d moved back to %q, want %q", id, back[id], f)
		}
		if got := folderOf(t, s, id); got != f {
			t.Errorf("resume %d shows in %s, want %s", id, got, f)
		}
	}
	for _, id := range []int64{5, 6} {
		if got := folderOf(t, s, id); got != FolderInbox {
			t.Errorf("resume %d shows in %s, want the inbox", id, got)
		}
	}
	// The unknown one is given up, so its move back is not held behind it;
	// the one in flight holds its own until its answer comes.
	if a, _ := s.Action(ctx, queued[1]); a.State != StateCancelled {
		t.Errorf("the unknown move is %s, want given up", a.State)
	}
	next, _ := s.NextPending(ctx, 10)
	leaving := map[int64]bool{}
	for _, a := range next {
		leaving[a.ResumeID] = true
	}
	if !leaving[1] || !leaving[2] || !leaving[3] || leaving[4] || len(next) != 3 {
		t.Errorf("leaving next: %v, want the moves back of 1, 2 and 3 (4 waits for its answer)", leaving)
	}
}

// What cannot come back says so: a sent letter is gone for good; an undo
// of nothing, or of what the server refused, finds nothing.
func TestUndoUnitLeavesWhatCannotComeBack(t *testing.T) {
	s, _ := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1), entry(2, FolderInbox, 2), entry(3, FolderInbox, 3))
	letter, err := s.EnqueueBatch(ctx, []Action{{Kind: ActionInvite, ResumeID: 1, Payload: ActionPayload{TemplateID: 5}}})
	if err != nil {
		t.Fatal(err)
	}
	sentAs(t, s, letter[0], true)
	if _, err := s.UndoUnit(ctx, letter); !errors.Is(err, ErrStateConflict) {
		t.Errorf("undo of a sent letter: %v, want ErrStateConflict", err)
	}
	if f := folderOf(t, s, 1); f != FolderInvited {
		t.Errorf("the invited resume shows in %s after a refused undo", f)
	}
	refused, _ := s.EnqueueBatch(ctx, []Action{{Kind: ActionLater, ResumeID: 2}})
	if err := s.MarkInFlight(ctx, refused[0]); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkFailed(ctx, refused[0], "no"); err != nil {
		t.Fatal(err)
	}
	for _, unit := range [][]int64{nil, refused, {9999}} {
		if _, err := s.UndoUnit(ctx, unit); !errors.Is(err, ErrNotFound) {
			t.Errorf("undo of %v: %v, want ErrNotFound", unit, err)
		}
	}
	if n, _ := s.OutboxCounts(ctx); n.Pending != 0 {
		t.Errorf("%d actions queued by undos that took nothing back", n.Pending)
	}
}

// Issue 28 §2, "marked viewed": a move that reached the service marked the
// resume viewed there, and API 2.0 has no call to unmark it, so the move
// back leaves it viewed, as the site shows it. One cancelled before it
// left never told the service anything: the service's flag stands again
// from the next sync.
func TestUndoneBeforeItLeftIsNewAgainAtTheSync(t *testing.T) {
	s, _ := openTest(t)
	fresh := func(id int64) Entry {
		e := entry(id, FolderInbox, int(id))
		e.IsNew = true
		return e
	}
	mustUpsert(t, s, fresh(1), fresh(2))
	cancelled, _ := s.EnqueueBatch(ctx, []Action{{Kind: ActionLater, ResumeID: 1}})
	sent, _ := s.EnqueueBatch(ctx, []Action{{Kind: ActionLater, ResumeID: 2}})
	sentAs(t, s, sent[0], true)
	for _, unit := range [][]int64{cancelled, sent} {
		if _, err := s.UndoUnit(ctx, unit); err != nil {
			t.Fatal(err)
		}
	}
	// The service: 1 never heard of the move, 2 was viewed by it.
	viewed := fresh(2)
	viewed.IsNew = false
	mustUpsert(t, s, fresh(1), viewed)
	for id, want := range map[int64]bool{1: true, 2: false} {
		d, err := s.Entry(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if d.IsNew != want {
			t.Errorf("resume %d new %v after the sync, want %v", id, d.IsNew, want)
		}
	}
}

// Giving up on a move whose outcome is unknown (Dismiss) takes its
// optimistic change back: the resume shows where it was, not where the
// move may or may not have put it.
func TestDismissingAnUnknownMoveShowsTheResumeWhereItWas(t *testing.T) {
	s, _ := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1))
	ids, err := s.EnqueueBatch(ctx, []Action{{Kind: ActionMove, ResumeID: 1, Payload: ActionPayload{Folder: FolderRefused}}})
	if err != nil {
		t.Fatal(err)
	}
	sentAs(t, s, ids[0], false)
	if f := folderOf(t, s, 1); f != FolderRefused {
		t.Fatalf("an unknown move shows the resume in %s, want refused until given up", f)
	}
	if err := s.Dismiss(ctx, ids[0]); err != nil {
		t.Fatal(err)
	}
	if f := folderOf(t, s, 1); f != FolderInbox {
		t.Errorf("after giving up the resume shows in %s, want the inbox", f)
	}
}
