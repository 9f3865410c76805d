package syncer

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"hrdesk/fakeapi"
	"hrdesk/store"
)

// A push follows a key press: a server error does not hold it for minutes.
// The action stays queued (the next sync waits the trouble out) and the
// other resumes' actions still go.
func TestPushDoesNotWaitOutServerErrors(t *testing.T) {
	rig := newPatientRig(t, fakeapi.Options{Seed: 53, Received: 60})
	ctx := context.Background()
	if _, err := rig.eng.Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	ids := rig.srv.OwnResumeIDs(0)[:2]
	for _, id := range ids {
		if _, err := rig.st.Enqueue(ctx, store.Action{ResumeID: id, Kind: store.ActionMove,
			Payload: store.ActionPayload{Folder: store.FolderConsidered}}); err != nil {
			t.Fatal(err)
		}
	}
	bad := ids[0]
	rig.setFail(func(r *http.Request) (int, string, bool) {
		return http.StatusInternalServerError, "", strings.Contains(r.URL.Path, "/"+strconv.FormatInt(bad, 10)+"/")
	})
	start := time.Now()
	rep, err := rig.eng.Push(ctx)
	if err != nil {
		t.Fatalf("push: %v", err)
	}
	if rep.Pushed != 1 || rep.Deferred != 1 {
		t.Errorf("push: %+v, want one sent and one kept", rep)
	}
	if len(rig.waits) != 0 || time.Since(start) > 5*time.Second {
		t.Errorf("the push waited %v (%v)", rig.waits, time.Since(start))
	}
	if c, _ := rig.st.OutboxCounts(ctx); c.Pending != 1 || c.Failed != 0 {
		t.Errorf("outbox after the push: %+v, want the failed move still pending", c)
	}
}
