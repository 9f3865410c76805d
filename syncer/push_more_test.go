package syncer

import (
	"context"
	"errors"
	"testing"
	"time"

	"hrdesk/store"
)

// errServerDown is a 5xx the server keeps answering for some resumes.
var errServerDown = errors.New("503 down")

// keptServer fails every action on the resumes in failing with a server
// error that its RetryAdvisor says not to wait out: push keeps those
// actions queued for the next sync and goes on with the others.
type keptServer struct {
	*memServer
	failing map[int64]bool
}

func (k *keptServer) Perform(ctx context.Context, a store.Action) (*store.Comment, error) {
	if k.failing[a.ResumeID] {
		return nil, errServerDown
	}
	return k.memServer.Perform(ctx, a)
}

func (k *keptServer) Retry(err error, n int) (time.Duration, WaitReason, bool) {
	if errors.Is(err, errServerDown) {
		return 0, WaitServer, false
	}
	return 0, "", false
}

// More kept actions than one batch of the outbox holds do not keep the
// actions queued after them from going out, and the progress counts each
// action once.
func TestManyKeptActionsDoNotHoldTheRestBack(t *testing.T) {
	mem, st, _ := syncedEngine(t, 60)
	srv := &keptServer{memServer: mem, failing: map[int64]bool{}}
	var ids []int64
	for r := int64(1); r <= 60; r++ {
		if r <= 25 {
			srv.failing[r] = true
		}
		ids = append(ids, enqueue(t, st, store.Action{ResumeID: r, Kind: store.ActionMove, Payload: store.ActionPayload{Folder: store.FolderConsidered}}))
	}
	now := testNow
	var last Progress
	eng := New(srv, st, Options{Now: func() time.Time { return now }, Owner: "test", Sleep: noSleep, Progress: func(p Progress) { last = p }})
	rep, err := eng.Push(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Pushed != 35 || rep.Deferred != 25 {
		t.Errorf("pushed %d, deferred %d; want 35 and 25", rep.Pushed, rep.Deferred)
	}
	for i, id := range ids {
		want := store.StateDone
		if i < 25 {
			want = store.StatePending
		}
		if got := state(t, st, id); got != want {
			t.Errorf("action on resume %d is %v, want %v", i+1, got, want)
		}
	}
	if last.Done != 60 || last.Total != 60 {
		t.Errorf("progress %d of %d; want 60 of 60", last.Done, last.Total)
	}
}
