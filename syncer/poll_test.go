package syncer

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"hrdesk/apiclient"
	"hrdesk/fakeapi"
	"hrdesk/store"
)

// clock is a settable time shared by the fake and the engine.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func pollRig(t *testing.T) (*fakeapi.Server, *store.Store, *Engine, *clock) {
	t.Helper()
	// The real time to start with: the store stamps a full sync with its
	// own clock, which tests of this package cannot set.
	clk := &clock{t: time.Now()}
	srv, base := startFake(t, fakeapi.Options{Seed: 51, Received: 300, Now: clk.now})
	st := openStore(t)
	c, err := apiclient.New(apiclient.Config{BaseURL: base, ClientID: fakeapi.DemoClientID, Secret: fakeapi.DemoSecret,
		RequestsPerMinute: -1, RetryBase: time.Millisecond, Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	access, refresh := srv.IssueToken()
	c.SetToken(apiclient.Token{AccessToken: access, RefreshToken: refresh})
	return srv, st, New(NewAPIServer(c), st, Options{Now: clk.now, Owner: t.Name()}), clk
}

func TestPollFindsNewResponsesWithOneRequest(t *testing.T) {
	srv, st, eng, clk := pollRig(t)
	ctx := context.Background()
	// Never synced: the poll is the first sync.
	rep, err := eng.Poll(ctx)
	if err != nil || !rep.Full || rep.Fetched == 0 {
		t.Fatalf("first poll: %+v %v", rep, err)
	}
	clk.advance(time.Minute)
	for range 3 {
		srv.AddResponse()
	}
	srv.ResetRequests()
	rep, err = eng.Poll(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Arrived != 3 || rep.Full {
		t.Errorf("poll after three responses: %+v", rep)
	}
	if got := srv.Requests(); got["/2.0/resumes/received/"] != 1 || len(got) != 1 {
		t.Errorf("the poll sent %v, want one inbox request", got)
	}
	counts, err := st.FolderCounts(ctx, store.ScopeMine)
	if err != nil {
		t.Fatal(err)
	}
	if want := len(srv.OwnResumeIDs(0)); counts[0].Folder != store.FolderInbox || counts[0].Total != want {
		t.Errorf("inbox holds %+v, the server lists %d", counts[0], want)
	}
	// Nothing new: nothing arrives, still one request.
	clk.advance(time.Minute)
	srv.ResetRequests()
	if rep, err = eng.Poll(ctx); err != nil || rep.Arrived != 0 || rep.Requests != 1 {
		t.Errorf("idle poll: %+v %v", rep, err)
	}
	// The other lists are looked at once they are ten minutes old.
	clk.advance(11 * time.Minute)
	srv.ResetRequests()
	if _, err = eng.Poll(ctx); err != nil {
		t.Fatal(err)
	}
	if got := srv.Requests()["/2.0/resumes/received/"]; got != 4 {
		t.Errorf("poll after eleven minutes: %d list requests, want 4", got)
	}
}

func TestPollSendsQueuedActions(t *testing.T) {
	srv, st, eng, _ := pollRig(t)
	ctx := context.Background()
	if _, err := eng.Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	id := srv.OwnResumeIDs(0)[0]
	if _, err := st.Enqueue(ctx, store.Action{ResumeID: id, Kind: store.ActionMove, Payload: store.ActionPayload{Folder: store.FolderRefused}}); err != nil {
		t.Fatal(err)
	}
	rep, err := eng.Poll(ctx)
	if err != nil || rep.Pushed != 1 {
		t.Fatalf("poll: %+v %v", rep, err)
	}
	if status, _, _ := srv.Folder(id); status != 30 {
		t.Errorf("the move did not reach the server: status %d", status)
	}
}

func TestPollReportsInsteadOfWaiting(t *testing.T) {
	rig := newPatientRig(t, fakeapi.Options{Seed: 52, Received: 100})
	ctx := context.Background()
	if _, err := rig.eng.Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	rig.setFail(func(r *http.Request) (int, string, bool) {
		return http.StatusTooManyRequests, "40", strings.Contains(r.URL.Path, "/resumes/received")
	})
	if _, err := rig.eng.Poll(ctx); !apiclient.IsRateLimited(err) {
		t.Errorf("poll under the rate limit: %v", err)
	}
	if len(rig.waits) != 0 {
		t.Errorf("the poll waited %v; the next poll is the retry", rig.waits)
	}
}
