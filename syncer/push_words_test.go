package syncer

import (
	"context"
	"testing"

	"hrdesk/fakeapi"
	"hrdesk/store"
)

// A refused action keeps the service's own words in the outbox, not the
// request's method, path and status before them (issue 28 §6).
func TestARefusalIsKeptInTheServicesWords(t *testing.T) {
	srv, base := startFake(t, fakeapi.Options{Seed: 7, Received: 20})
	st := openStore(t)
	eng := apiEngine(t, srv, base, st)
	ctx := context.Background()
	if _, err := eng.Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	inbox := srv.OwnResumeIDs(0)
	if len(inbox) == 0 {
		t.Fatal("the fake's inbox is empty")
	}
	srv.Hide(inbox[0])
	id := enqueue(t, st, store.Action{ResumeID: inbox[0], Kind: store.ActionMove, Payload: store.ActionPayload{Folder: store.FolderConsidered}})
	rep, err := eng.Push(ctx)
	if err != nil || rep.Failed != 1 {
		t.Fatalf("the move of a resume the service no longer has: %+v %v", rep, err)
	}
	a, err := st.Action(ctx, id)
	if err != nil || a.State != store.StateFailed {
		t.Fatalf("the refused move: %+v %v", a, err)
	}
	if a.Error != "Резюме не найдено" {
		t.Errorf("the outbox keeps %q, not the service's words", a.Error)
	}
}
