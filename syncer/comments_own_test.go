package syncer

import (
	"context"
	"testing"

	"hrdesk/fakeapi"
	"hrdesk/store"
)

// Issue 10, defect 4: comments fetched by an engine that had not synced yet
// (the workstation's, after the command line's first sync) were nobody's,
// so D on the recruiter's own comment said "only your own comments".
func TestCommentsOwnWithoutASyncFirst(t *testing.T) {
	srv, base := startFake(t, fakeapi.Options{Seed: 7, Received: 60})
	st, err := store.Open(t.TempDir() + "/cache.db")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ctx := context.Background()
	if _, err := apiEngine(t, srv, base, st).Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	fresh := apiEngine(t, srv, base, st) // never synced
	own, others := 0, 0
	for _, id := range srv.OwnResumeIDs(-2) {
		if err := fresh.LoadComments(ctx, id); err != nil {
			t.Fatal(err)
		}
		cs, err := st.Comments(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			switch {
			case c.Author == "Анна Смирнова" && c.Own:
				own++
			case c.Author == "Анна Смирнова":
				t.Errorf("comment %d by the user is not marked own", c.ID)
			default:
				others++
				if c.Own {
					t.Errorf("comment %d by %s is marked own", c.ID, c.Author)
				}
			}
		}
	}
	if own == 0 || others == 0 {
		t.Fatalf("the fixture has %d own and %d other comments", own, others)
	}
}

// Deleting a comment the service no longer has (deleted from another
// window, or by a colleague's cleanup) is done, not refused: what the
// recruiter wanted is true. The classifier says "gone" (problem.Missing).
func TestDeletingAGoneCommentIsDone(t *testing.T) {
	srv, base := startFake(t, fakeapi.Options{Seed: 7, Received: 20})
	st, err := store.Open(t.TempDir() + "/cache.db")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ctx := context.Background()
	eng := apiEngine(t, srv, base, st)
	if _, err := eng.Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	id := srv.OwnResumeIDs(-2)[0]
	if _, err := st.Enqueue(ctx, store.Action{ResumeID: id, Kind: store.ActionCommentDelete, Payload: store.ActionPayload{CommentID: 987654321}}); err != nil {
		t.Fatal(err)
	}
	if _, err := eng.Push(ctx); err != nil {
		t.Fatal(err)
	}
	if n, _ := st.OutboxCounts(ctx); n.Pending+n.InFlight+n.Failed+n.Unknown != 0 {
		t.Errorf("the delete of a gone comment is not done: %+v", n)
	}
}

// The very first comments an engine that never synced loads are whole and
// their owner known: asking for the user on the way costs none of them.
func TestTheFirstCommentsOfAFreshEngineAreWhole(t *testing.T) {
	srv, base := startFake(t, fakeapi.Options{Seed: 7, Received: 60})
	st := openStore(t)
	ctx := context.Background()
	synced := apiEngine(t, srv, base, st)
	if _, err := synced.Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	var id int64
	var want []store.Comment
	for _, rid := range srv.OwnResumeIDs(-2) {
		if err := synced.LoadComments(ctx, rid); err != nil {
			t.Fatal(err)
		}
		cs, err := st.Comments(ctx, rid)
		if err != nil {
			t.Fatal(err)
		}
		if len(cs) > 0 {
			id, want = rid, cs
			break
		}
	}
	if id == 0 {
		t.Fatal("the fixture has no comments")
	}
	if err := apiEngine(t, srv, base, st).LoadComments(ctx, id); err != nil {
		t.Fatal(err)
	}
	got, err := st.Comments(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("a fresh engine's first load: %d comments of resume %d, want %d", len(got), id, len(want))
	}
	for i := range got {
		if got[i].ID != want[i].ID || got[i].Own != want[i].Own || got[i].ResumeID != id {
			t.Errorf("comment %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}
