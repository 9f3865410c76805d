package syncer

import (
	"context"
	"errors"
	"testing"
	"time"

	"hrdesk/store"
)

func syncedEngine(t *testing.T, n int) (*memServer, *store.Store, *Engine) {
	t.Helper()
	srv := newMemServer()
	for i := 1; i <= n; i++ {
		srv.add(int64(i), 0, testNow.Add(-time.Duration(i)*time.Hour))
	}
	st := openStore(t)
	now := testNow
	eng := newEngine(srv, st, &now)
	if _, err := eng.Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	return srv, st, eng
}

func enqueue(t *testing.T, st *store.Store, a store.Action) int64 {
	t.Helper()
	id, err := st.Enqueue(context.Background(), a)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func state(t *testing.T, st *store.Store, id int64) store.ActionState {
	t.Helper()
	a, err := st.Action(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return a.State
}

func TestPushAppliesActionsOnce(t *testing.T) {
	srv, st, eng := syncedEngine(t, 5)
	move := enqueue(t, st, store.Action{ResumeID: 1, Kind: store.ActionMove, Payload: store.ActionPayload{Folder: store.FolderConsidered}})
	comment := enqueue(t, st, store.Action{ResumeID: 2, Kind: store.ActionCommentAdd, Payload: store.ActionPayload{Text: "call back"}})
	rep, err := eng.Push(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Pushed != 2 || state(t, st, move) != store.StateDone || state(t, st, comment) != store.StateDone {
		t.Fatalf("push report %+v", rep)
	}
	if srv.entries[1].status != 20 {
		t.Error("the move did not reach the server")
	}
	// A second push sends nothing again.
	if _, err := eng.Push(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(srv.performed) != 2 {
		t.Errorf("server saw %d actions, want 2", len(srv.performed))
	}
	comments, _ := st.Comments(context.Background(), 2)
	if len(comments) != 1 || comments[0].ID != 900 || comments[0].Pending {
		t.Errorf("the server's comment did not replace the local one: %+v", comments)
	}
}

func TestPushOfflineKeepsActionsQueued(t *testing.T) {
	srv, st, eng := syncedEngine(t, 3)
	id := enqueue(t, st, store.Action{ResumeID: 1, Kind: store.ActionMove, Payload: store.ActionPayload{Folder: store.FolderRefused}})
	srv.failNext = []error{errOffline}
	if _, err := eng.Push(context.Background()); !errors.Is(err, errOffline) {
		t.Fatalf("offline push: %v", err)
	}
	if got := state(t, st, id); got != store.StatePending {
		t.Fatalf("offline action is %s, want pending", got)
	}
	if !cachedIDs(t, st, store.FolderRefused)[1] {
		t.Error("the optimistic move is not shown while offline")
	}
	// Back online, a sync pushes it and the pull agrees with it.
	if _, err := eng.Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	if state(t, st, id) != store.StateDone || srv.entries[1].status != 30 {
		t.Error("the queued move did not land")
	}
	if !cachedIDs(t, st, store.FolderRefused)[1] {
		t.Error("after sync the resume is not in refused")
	}
}

func TestPushRefusedRollsBack(t *testing.T) {
	srv, st, eng := syncedEngine(t, 3)
	id := enqueue(t, st, store.Action{ResumeID: 2, Kind: store.ActionMove, Payload: store.ActionPayload{Folder: "77"}})
	srv.failNext = []error{errRefused}
	rep, err := eng.Push(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	a, _ := st.Action(context.Background(), id)
	if rep.Failed != 1 || a.State != store.StateFailed || a.Error == "" {
		t.Fatalf("refused action: %+v, report %+v", a, rep)
	}
	if !cachedIDs(t, st, store.FolderInbox)[2] {
		t.Error("refused move was not rolled back")
	}
}

func TestAmbiguousSendIsNeverResent(t *testing.T) {
	srv, st, eng := syncedEngine(t, 3)
	id := enqueue(t, st, store.Action{ResumeID: 3, Kind: store.ActionInvite, Payload: store.ActionPayload{TemplateID: 1}})
	srv.failNext = []error{errAmbiguous}
	rep, err := eng.Push(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Unknown != 1 || state(t, st, id) != store.StateUnknown {
		t.Fatalf("ambiguous invite: state %s, report %+v", state(t, st, id), rep)
	}
	for i := 0; i < 2; i++ {
		if _, err := eng.Sync(context.Background(), SyncOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	for _, a := range srv.performed {
		if a.ID == id {
			t.Fatal("an invite with an unknown outcome was sent again automatically")
		}
	}
	// An idempotent move with no answer is simply queued again.
	mv := enqueue(t, st, store.Action{ResumeID: 1, Kind: store.ActionMove, Payload: store.ActionPayload{Folder: store.FolderInvited}})
	srv.failNext = []error{errAmbiguous}
	if _, err := eng.Push(context.Background()); err == nil {
		t.Fatal("want the push to stop on a lost answer")
	}
	if got := state(t, st, mv); got != store.StatePending {
		t.Errorf("ambiguous move is %s, want pending", got)
	}
}

func TestSecondSessionIsTurnedAway(t *testing.T) {
	_, st, _ := syncedEngine(t, 1)
	ok, err := st.AcquireLease(context.Background(), "sync", "other", time.Minute)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	now := testNow
	other := newEngine(newMemServer(), st, &now)
	other.opts.Owner = "me"
	if _, err := other.Sync(context.Background(), SyncOptions{}); !errors.Is(err, ErrBusy) {
		t.Fatalf("got %v, want ErrBusy", err)
	}
}
