package syncer

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"hrdesk/apiclient"
	"hrdesk/fakeapi"
	"hrdesk/store"
)

// Issue 12 §2: a sync never gives up on what time cures, and push goes on
// past one action's failure.

// patientRig is the HTTP fake behind a filter that can fail chosen
// requests, and an engine whose waits are recorded (and shortened).
type patientRig struct {
	srv  *fakeapi.Server
	base string
	st   *store.Store
	eng  *Engine

	mu       sync.Mutex
	fail     func(r *http.Request) (status int, retryAfter string, ok bool)
	waits    []time.Duration
	progress []Progress
}

func newPatientRig(t *testing.T, opts fakeapi.Options, client ...func(*apiclient.Config)) *patientRig {
	t.Helper()
	opts.RequestsPerMinute = -1
	opts.Now = func() time.Time { return fakeNow }
	rig := &patientRig{srv: fakeapi.New(opts), st: openStore(t)}
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rig.mu.Lock()
		fail := rig.fail
		rig.mu.Unlock()
		if fail != nil {
			if status, after, ok := fail(r); ok {
				if after != "" {
					w.Header().Set("Retry-After", after)
				}
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(status)
				fmt.Fprintf(w, `{"error":{"code":%d,"message":"injected"}}`, status)
				return
			}
		}
		rig.srv.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	rig.base = hs.URL
	cfg := apiclient.Config{BaseURL: hs.URL, ClientID: fakeapi.DemoClientID, Secret: fakeapi.DemoSecret,
		RequestsPerMinute: -1, RetryBase: time.Millisecond, RetryMax: 20 * time.Millisecond,
		Now: func() time.Time { return fakeNow }}
	for _, f := range client {
		f(&cfg)
	}
	c, err := apiclient.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	access, refresh := rig.srv.IssueToken()
	c.SetToken(apiclient.Token{AccessToken: access, RefreshToken: refresh})
	rig.eng = New(NewAPIServer(c), rig.st, Options{Now: func() time.Time { return fakeNow }, Owner: t.Name(),
		Sleep: func(ctx context.Context, d time.Duration) error {
			rig.mu.Lock()
			rig.waits = append(rig.waits, d)
			rig.mu.Unlock()
			// Waits are recorded at their length and slept at a
			// thousandth: the Retry-After of 40 s is 40 ms here.
			return sleepCtx(ctx, d/1000)
		},
		Progress: func(p Progress) {
			if p.WaitReason != "" {
				rig.mu.Lock()
				rig.progress = append(rig.progress, p)
				rig.mu.Unlock()
			}
		}})
	return rig
}

func (r *patientRig) setFail(f func(*http.Request) (int, string, bool)) {
	r.mu.Lock()
	r.fail = f
	r.mu.Unlock()
}

func TestSyncWaitsOutA429StormInOneCall(t *testing.T) {
	t.Parallel()
	clean := newPatientRig(t, fakeapi.Options{Seed: 31, Received: 400})
	if _, err := clean.eng.Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	rig := newPatientRig(t, fakeapi.Options{Seed: 31, Received: 400})
	// Every received-list request is refused six times in a row, more
	// than the client's own four retries: half the time with Retry-After
	// 40, half without.
	var mu sync.Mutex
	refused := map[string]int{}
	rig.setFail(func(r *http.Request) (int, string, bool) {
		if !strings.Contains(r.URL.Path, "/resumes/received") {
			return 0, "", false
		}
		mu.Lock()
		defer mu.Unlock()
		key := r.URL.RawQuery
		refused[key]++
		if refused[key] > 6 {
			return 0, "", false
		}
		if refused[key]%2 == 0 {
			return http.StatusServiceUnavailable, "", true
		}
		return http.StatusTooManyRequests, "40", true
	})
	rep, err := rig.eng.Sync(context.Background(), SyncOptions{})
	if err != nil {
		t.Fatalf("the sync gave up under a 429 storm: %v", err)
	}
	if want, got := snapshot(t, clean.st), snapshot(t, rig.st); !reflect.DeepEqual(want, got) {
		t.Fatalf("the cache differs from a clean sync: %d entries, want %d", len(got), len(want))
	}
	var waited40 bool
	for _, w := range rig.waits {
		waited40 = waited40 || w == 40*time.Second
	}
	if !waited40 {
		t.Errorf("the engine never honoured Retry-After 40: waits %v", rig.waits)
	}
	if len(rig.progress) == 0 || rig.progress[0].WaitReason != WaitRateLimit || rig.progress[0].Waiting <= 0 {
		t.Errorf("the waits were not reported: %+v", rig.progress)
	}
	t.Logf("%d requests, %d waits", rep.Requests, len(rig.waits))
}

func TestSyncUnderFaultsCompletesInOneCall(t *testing.T) {
	t.Parallel()
	clean := newPatientRig(t, fakeapi.Options{Seed: 32, Received: 400})
	if _, err := clean.eng.Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	// Every kind of fault on 30% of the answers; the client's own retries
	// are cut to one so the engine's patience is what is tested.
	rig := newPatientRig(t, fakeapi.Options{Seed: 32, Received: 400,
		Faults: fakeapi.Faults{Rate: 0.3, Seed: 7, Slow: 5 * time.Millisecond}},
		func(c *apiclient.Config) { c.MaxRetries = -1 })
	if _, err := rig.eng.Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatalf("the sync gave up under faults 0.3: %v", err)
	}
	if want, got := snapshot(t, clean.st), snapshot(t, rig.st); !reflect.DeepEqual(want, got) {
		t.Fatalf("the cache differs from a clean sync: %d entries, want %d", len(got), len(want))
	}
}

func TestPushGoesOnPastOneFailedAction(t *testing.T) {
	rig := newPatientRig(t, fakeapi.Options{Seed: 33, Received: 300})
	ctx := context.Background()
	if _, err := rig.eng.Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	ids := rig.srv.OwnResumeIDs(0)
	if len(ids) < 39 {
		t.Fatalf("only %d inbox resumes", len(ids))
	}
	ids = ids[:39]
	for _, id := range ids {
		if _, err := rig.st.Enqueue(ctx, store.Action{ResumeID: id, Kind: store.ActionMove, Payload: store.ActionPayload{Folder: store.FolderConsidered}}); err != nil {
			t.Fatal(err)
		}
	}
	// The first move answers 500 once (measured: that stopped the whole
	// run); the 20th resume's move fails every time.
	broken := fmt.Sprintf("/%d/move/", ids[19])
	var mu sync.Mutex
	first := true
	rig.setFail(func(r *http.Request) (int, string, bool) {
		if !strings.HasSuffix(r.URL.Path, "/move/") {
			return 0, "", false
		}
		mu.Lock()
		defer mu.Unlock()
		if first || strings.HasSuffix(r.URL.Path, broken) {
			first = false
			return http.StatusInternalServerError, "", true
		}
		return 0, "", false
	})
	rig.srv.ResetRequests()
	rep, err := rig.eng.Sync(ctx, SyncOptions{})
	if err != nil {
		t.Fatalf("sync: %v", err)
	}
	if rep.Pushed != 38 || rep.Deferred != 1 || rep.Failed+rep.Unknown != 0 {
		t.Errorf("report %+v, want 38 pushed and 1 kept", rep)
	}
	for i, id := range ids {
		status, _, _ := rig.srv.Folder(id)
		if i != 19 && status != 20 {
			t.Errorf("resume %d (action %d) not moved on the server", id, i)
		}
	}
	a, err := rig.st.ListOutbox(ctx, store.StatePending)
	if err != nil || len(a) != 1 || a[0].ResumeID != ids[19] {
		t.Errorf("pending after the run: %+v %v, want the broken one", a, err)
	}
	if rig.srv.Requests()["/2.0/resumes/received/"] == 0 {
		t.Error("the pull did not run after the push")
	}
}

func TestPushWaitsOutTheRateLimit(t *testing.T) {
	rig := newPatientRig(t, fakeapi.Options{Seed: 34, Received: 100})
	ctx := context.Background()
	if _, err := rig.eng.Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	id := rig.srv.OwnResumeIDs(0)[0]
	// An invitation is not idempotent, but a 429 means it was not done.
	if _, err := rig.st.Enqueue(ctx, store.Action{ResumeID: id, Kind: store.ActionInvite, Payload: store.ActionPayload{TemplateID: 1}}); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	n := 0
	rig.setFail(func(r *http.Request) (int, string, bool) {
		mu.Lock()
		defer mu.Unlock()
		if strings.HasSuffix(r.URL.Path, "/invite/") && n < 8 {
			n++
			return http.StatusTooManyRequests, "20", true
		}
		return 0, "", false
	})
	rep, err := rig.eng.Push(ctx)
	if err != nil || rep.Pushed != 1 {
		t.Fatalf("push under the rate limit: %+v %v", rep, err)
	}
	if len(rig.srv.Mails()) != 1 {
		t.Errorf("%d invitations sent, want exactly 1", len(rig.srv.Mails()))
	}
}

func TestUnreachableServiceStopsAtOnce(t *testing.T) {
	rig := newPatientRig(t, fakeapi.Options{Seed: 35, Received: 50})
	c, err := apiclient.New(apiclient.Config{BaseURL: "http://127.0.0.1:1", ClientID: fakeapi.DemoClientID,
		Secret: fakeapi.DemoSecret, RequestsPerMinute: -1, RetryBase: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	c.SetToken(apiclient.Token{AccessToken: "v3.r.1"})
	eng := New(NewAPIServer(c), rig.st, Options{Owner: t.Name(), Sleep: func(ctx context.Context, d time.Duration) error {
		t.Errorf("waited %s for a service nobody listens for", d)
		return nil
	}})
	if _, err := eng.Sync(context.Background(), SyncOptions{}); !apiclient.IsUnreachable(err) {
		t.Errorf("sync against a closed port: %v", err)
	}
}
