package store

import (
	"errors"
	"slices"
	"testing"
)

func enqueue(t *testing.T, s *Store, a Action) int64 {
	t.Helper()
	id, err := s.Enqueue(ctx, a)
	if err != nil {
		t.Fatalf("enqueue %+v: %v", a, err)
	}
	return id
}

func move(id int64, folder string) Action {
	return Action{ResumeID: id, Kind: ActionMove, Payload: ActionPayload{Folder: folder}}
}

func TestOutboxMoveLifecycle(t *testing.T) {
	s, _ := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1), entry(2, FolderInbox, 2))

	id := enqueue(t, s, move(1, FolderInvited))
	// Applied in the same transaction: the list shows it at once, with a marker.
	if f := folderOf(t, s, 1); f != FolderInvited {
		t.Fatalf("optimistic folder %s", f)
	}
	row := mustRows(t, s, ListQuery{Folder: FolderInvited})[0]
	if row.Pending != 1 || row.ServerFolder != FolderInbox {
		t.Fatalf("row %+v", row)
	}
	if c, _ := s.OutboxCounts(ctx); c.Pending != 1 {
		t.Fatalf("counts %+v", c)
	}

	// A sync brings the server's old folder: the pending move still wins.
	mustUpsert(t, s, entry(1, FolderInbox, 1))
	if f := folderOf(t, s, 1); f != FolderInvited {
		t.Fatalf("sync clobbered the pending move: %s", f)
	}

	if err := s.MarkInFlight(ctx, id); err != nil {
		t.Fatal(err)
	}
	if err := s.Cancel(ctx, id); !errors.Is(err, ErrStateConflict) {
		t.Fatalf("cancel in flight: %v", err)
	}
	if err := s.MarkDone(ctx, id); err != nil {
		t.Fatal(err)
	}
	d, _ := s.Entry(ctx, 1)
	if d.Folder != FolderInvited || d.ServerFolder != FolderInvited || d.Pending != 0 {
		t.Fatalf("after done %+v", d.EntryRow)
	}

	// Failure rolls back, keeping the server's message.
	id2 := enqueue(t, s, move(2, FolderRefused))
	s.MarkInFlight(ctx, id2)
	if err := s.MarkFailed(ctx, id2, "422 wrong folder\x1b[31m"); err != nil {
		t.Fatal(err)
	}
	if f := folderOf(t, s, 2); f != FolderInbox {
		t.Fatalf("failed move not rolled back: %s", f)
	}
	a, _ := s.Action(ctx, id2)
	if a.State != StateFailed || a.Error != "422 wrong folder" || a.PrevFolder != FolderInbox {
		t.Fatalf("failed action %+v", a)
	}
	if row := mustRows(t, s, ListQuery{Folder: FolderInbox})[0]; row.Failed != 1 {
		t.Fatalf("failed marker %+v", row)
	}
	if err := s.Dismiss(ctx, id2); err != nil {
		t.Fatal(err)
	}
	if row := mustRows(t, s, ListQuery{Folder: FolderInbox})[0]; row.Failed != 0 {
		t.Fatalf("dismissed marker %+v", row)
	}
	// Retry re-applies.
	if err := s.Retry(ctx, id2); err != nil {
		t.Fatal(err)
	}
	if f := folderOf(t, s, 2); f != FolderRefused {
		t.Fatalf("retry not applied: %s", f)
	}
}

func TestOutboxCancelAndUndo(t *testing.T) {
	s, _ := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1))
	first := enqueue(t, s, move(1, FolderConsidered))
	second := enqueue(t, s, Action{ResumeID: 1, Kind: ActionLater, Payload: ActionPayload{Folder: "777"}})
	if f := folderOf(t, s, 1); f != "777" {
		t.Fatalf("newest action's folder: %s", f)
	}
	a, err := s.UndoLastMove(ctx)
	if err != nil || a.ID != second || a.State != StateCancelled {
		t.Fatalf("undo %+v %v", a, err)
	}
	if f := folderOf(t, s, 1); f != FolderConsidered {
		t.Fatalf("after undo: %s, want the earlier pending move's folder", f)
	}
	if err := s.Cancel(ctx, first); err != nil {
		t.Fatal(err)
	}
	if f := folderOf(t, s, 1); f != FolderInbox {
		t.Fatalf("after cancelling all: %s", f)
	}
	if _, err := s.UndoLastMove(ctx); !errors.Is(err, ErrNotFound) {
		t.Fatalf("undo with nothing left: %v", err)
	}
}

func TestOutboxOrderPerResume(t *testing.T) {
	s, _ := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1), entry(2, FolderInbox, 2))
	a1 := enqueue(t, s, move(1, FolderInvited))
	b1 := enqueue(t, s, move(2, FolderInvited))
	a2 := enqueue(t, s, Action{ResumeID: 1, Kind: ActionCommentAdd, Payload: ActionPayload{Text: "позвонить"}})

	next := func() []int64 {
		acts, err := s.NextPending(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		var out []int64
		for _, a := range acts {
			out = append(out, a.ID)
		}
		return out
	}
	if got := next(); !slices.Equal(got, []int64{a1, b1}) {
		t.Fatalf("next %v, want %v (a2 waits behind a1)", got, []int64{a1, b1})
	}
	if err := s.MarkInFlight(ctx, a2); !errors.Is(err, ErrStateConflict) {
		t.Fatalf("out-of-order send allowed: %v", err)
	}
	s.MarkInFlight(ctx, a1)
	if got := next(); !slices.Equal(got, []int64{b1}) {
		t.Fatalf("next while a1 in flight: %v", got)
	}
	s.MarkDone(ctx, a1)
	if got := next(); !slices.Equal(got, []int64{b1, a2}) {
		t.Fatalf("next after a1 done: %v", got)
	}
	// Claiming twice (two processes) fails the second time.
	if err := s.MarkInFlight(ctx, b1); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkInFlight(ctx, b1); !errors.Is(err, ErrStateConflict) {
		t.Fatalf("double claim: %v", err)
	}
}

func TestOutboxCrashRecovery(t *testing.T) {
	s, _ := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1), entry(2, FolderInbox, 2))
	mv := enqueue(t, s, move(1, FolderInvited))
	inv := enqueue(t, s, Action{ResumeID: 2, Kind: ActionInvite, Payload: ActionPayload{TemplateID: 5, SendSMS: true}})
	s.MarkInFlight(ctx, mv)
	s.MarkInFlight(ctx, inv)
	path := s.Path()
	s.Close() // the process dies while both are in flight

	s2, _ := openAt(t, path)
	requeued, unknown, err := s2.RecoverInFlight(ctx)
	if err != nil || requeued != 1 || unknown != 1 {
		t.Fatalf("recover: %d %d %v", requeued, unknown, err)
	}
	if a, _ := s2.Action(ctx, mv); a.State != StatePending {
		t.Fatalf("idempotent move: %s", a.State)
	}
	a, _ := s2.Action(ctx, inv)
	if a.State != StateUnknown || a.Error == "" || !a.Payload.SendSMS || a.Payload.TemplateID != 5 {
		t.Fatalf("invite: %+v", a)
	}
	// Never re-sent automatically, and it blocks the resume's later actions.
	later := enqueue(t, s2, move(2, FolderConsidered))
	acts, _ := s2.NextPending(ctx, 10)
	if len(acts) != 1 || acts[0].ID != mv {
		t.Fatalf("next %+v", acts)
	}
	row := mustRows(t, s2, ListQuery{Folder: FolderConsidered})[0]
	if row.ResumeID != 2 || row.Unknown != 1 || row.Pending != 1 {
		t.Fatalf("markers %+v", row)
	}
	// The user dismisses it: the later move goes ahead.
	if err := s2.Dismiss(ctx, inv); err != nil {
		t.Fatal(err)
	}
	acts, _ = s2.NextPending(ctx, 10)
	if len(acts) != 2 || acts[1].ID != later {
		t.Fatalf("next after dismiss %+v", acts)
	}
}

func TestOutboxComments(t *testing.T) {
	s, _ := openTest(t)
	mustUpsert(t, s, entry(1, FolderInbox, 1))
	s.SetUser(ctx, User{ID: 9, Name: "Ольга"})
	s.ReplaceComments(ctx, 1, []Comment{{ID: 100, Text: "старый", Own: true}, {ID: 101, ResumeID: 55, Text: "чужое резюме"}})

	add := enqueue(t, s, Action{ResumeID: 1, Kind: ActionCommentAdd, Payload: ActionPayload{Text: "новый отзыв"}})
	del := enqueue(t, s, Action{ResumeID: 1, Kind: ActionCommentDelete, Payload: ActionPayload{CommentID: 100}})
	cs, _ := s.Comments(ctx, 1)
	if len(cs) != 1 || cs[0].ID != -add || !cs[0].Pending || cs[0].Author != "Ольга" {
		t.Fatalf("optimistic comments %+v", cs)
	}
	if got := list(t, s, ListQuery{Search: "отзыв"}); len(got) != 1 {
		t.Fatalf("placeholder not searchable: %v", got)
	}
	// A sync of comments keeps both local changes.
	s.ReplaceComments(ctx, 1, []Comment{{ID: 100, Text: "старый"}})
	if cs, _ := s.Comments(ctx, 1); len(cs) != 1 || cs[0].ID != -add {
		t.Fatalf("after sync %+v", cs)
	}
	s.MarkInFlight(ctx, add)
	if err := s.MarkCommentAdded(ctx, add, Comment{ID: 200, Text: "новый отзыв", Author: "Ольга"}); err != nil {
		t.Fatal(err)
	}
	s.MarkInFlight(ctx, del)
	s.MarkFailed(ctx, del, "403")
	cs, _ = s.Comments(ctx, 1)
	if len(cs) != 2 || cs[0].ID != 100 || cs[1].ID != 200 || cs[1].Pending {
		t.Fatalf("after add done and delete failed %+v", cs)
	}
}

func TestEnqueueValidation(t *testing.T) {
	s, _ := openTest(t)
	for _, a := range []Action{
		{ResumeID: 1, Kind: ActionMove, Payload: ActionPayload{Folder: "trash"}},
		{ResumeID: 1, Kind: ActionInvite},
		{ResumeID: 1, Kind: ActionMailTo},
		{ResumeID: 1, Kind: "explode"},
		{Kind: ActionReject},
		{ResumeID: 1, Kind: ActionCommentDelete}, // comment id 0: none
	} {
		if _, err := s.Enqueue(ctx, a); err == nil {
			t.Errorf("accepted %+v", a)
		}
	}
	if all, _ := s.ListOutbox(ctx); len(all) != 0 {
		t.Fatalf("rejected actions stored: %+v", all)
	}
}
