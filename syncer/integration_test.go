package syncer

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"hrdesk/apiclient"
	"hrdesk/fakeapi"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/store"
)

// The engine against the HTTP fake of the service, through the real client.

var fakeNow = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

func startFake(t testing.TB, opts fakeapi.Options) (*fakeapi.Server, string) {
	t.Helper()
	opts.RequestsPerMinute = -1
	if opts.Now == nil {
		opts.Now = func() time.Time { return fakeNow }
	}
	srv := fakeapi.New(opts)
	base, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv, base
}

func apiEngine(t testing.TB, srv *fakeapi.Server, base string, st *store.Store) *Engine {
	t.Helper()
	c, err := apiclient.New(apiclient.Config{BaseURL: base, ClientID: fakeapi.DemoClientID, Secret: fakeapi.DemoSecret,
		RequestsPerMinute: -1, RetryBase: time.Millisecond, RetryMax: 20 * time.Millisecond,
		Now: func() time.Time { return fakeNow }})
	if err != nil {
		t.Fatal(err)
	}
	access, refresh := srv.IssueToken()
	c.SetToken(apiclient.Token{AccessToken: access, RefreshToken: refresh})
	return New(NewAPIServer(c), st, Options{Now: func() time.Time { return fakeNow }, Owner: t.Name(), RecheckPause: time.Millisecond})
}

// snapshot is what a cache holds, comparable across caches.
func snapshot(t testing.TB, st *store.Store) map[int64]string {
	t.Helper()
	out := map[int64]string{}
	ctx := context.Background()
	for off := 0; ; off += store.MaxListLimit {
		rows, err := st.ListEntries(ctx, store.ListQuery{Offset: off, Limit: store.MaxListLimit})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			d, err := st.Entry(ctx, r.ResumeID)
			if err != nil {
				t.Fatal(err)
			}
			out[r.ResumeID] = fmt.Sprintf("%s|%s|%s|%d|%v|%d", r.Folder, r.DisplayName, r.Profession, r.Salary, r.IsNew, len(d.RawJSON))
		}
		if len(rows) < store.MaxListLimit {
			return out
		}
	}
}

// syncUntilDone repeats a sync that faults made fail, as a user pressing r would.
func syncUntilDone(t *testing.T, eng *Engine) int {
	t.Helper()
	for i := 1; i <= 30; i++ {
		if _, err := eng.Sync(context.Background(), SyncOptions{}); err == nil {
			return i
		}
	}
	t.Fatal("sync never succeeded under faults")
	return 0
}

func TestSyncUnderFaultsEqualsCleanSync(t *testing.T) {
	t.Parallel()
	cleanSrv, cleanBase := startFake(t, fakeapi.Options{Seed: 5, Received: 800})
	clean := openStore(t)
	if _, err := apiEngine(t, cleanSrv, cleanBase, clean).Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	faultySrv, faultyBase := startFake(t, fakeapi.Options{Seed: 5, Received: 800,
		Faults: fakeapi.Faults{Rate: 0.25, Seed: 11, Slow: 5 * time.Millisecond}})
	faulty := openStore(t)
	runs := syncUntilDone(t, apiEngine(t, faultySrv, faultyBase, faulty))
	want, got := snapshot(t, clean), snapshot(t, faulty)
	if len(want) < 500 {
		t.Fatalf("clean sync cached only %d", len(want))
	}
	if !reflect.DeepEqual(want, got) {
		missing, differ := 0, 0
		for id, w := range want {
			if g, ok := got[id]; !ok {
				missing++
			} else if g != w {
				differ++
			}
		}
		t.Fatalf("cache after faults differs: %d missing, %d differ, %d extra (of %d)", missing, differ, len(got)-len(want)+missing, len(want))
	}
	t.Logf("faulty sync took %d runs; caches equal (%d entries)", runs, len(got))
}

func TestOutboxUnderFaultsIsExactlyOnceOrReported(t *testing.T) {
	srv, base := startFake(t, fakeapi.Options{Seed: 8, Received: 300})
	st := openStore(t)
	eng := apiEngine(t, srv, base, st)
	if _, err := eng.Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	ids := srv.OwnResumeIDs(0)[:30]
	type sent struct {
		id     int64
		kind   store.ActionKind
		resume int64
		text   string
	}
	var actions []sent
	for i, rid := range ids {
		var a store.Action
		text := ""
		switch i % 3 {
		case 0:
			a = store.Action{ResumeID: rid, Kind: store.ActionMove, Payload: store.ActionPayload{Folder: store.FolderConsidered}}
		case 1:
			text = fmt.Sprintf("комментарий %d", i)
			a = store.Action{ResumeID: rid, Kind: store.ActionCommentAdd, Payload: store.ActionPayload{Text: text}}
		case 2:
			a = store.Action{ResumeID: rid, Kind: store.ActionInvite, Payload: store.ActionPayload{TemplateID: 1}}
		}
		id, err := st.Enqueue(ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		actions = append(actions, sent{id, a.Kind, rid, text})
	}
	srv.SetFaults(fakeapi.Faults{Rate: 0.3, Seed: 21, Slow: 5 * time.Millisecond})
	// A push keeps what the server failed queued for later: push again
	// until nothing is pending, as the workstation's next pushes would.
	for i := 0; i < 40; i++ {
		_, err := eng.Push(ctx)
		if c, _ := st.OutboxCounts(ctx); err == nil && c.Pending == 0 {
			break
		}
	}
	srv.SetFaults(fakeapi.Faults{})
	mails := srv.Mails()
	var done, unknown int
	for _, a := range actions {
		got, err := st.Action(ctx, a.id)
		if err != nil {
			t.Fatal(err)
		}
		applied := 0
		switch a.kind {
		case store.ActionMove:
			if st, _, _ := srv.Folder(a.resume); st == 20 {
				applied = 1
			}
		case store.ActionCommentAdd:
			for _, c := range srv.CommentTexts(a.resume) {
				if c == a.text {
					applied++
				}
			}
		case store.ActionInvite:
			for _, m := range mails {
				if m.ResumeID == a.resume && m.Kind == "invitation" {
					applied++
				}
			}
		}
		switch got.State {
		case store.StateDone:
			done++
			if applied != 1 {
				t.Errorf("action %d (%s) done but applied %d times", a.id, a.kind, applied)
			}
		case store.StateUnknown:
			unknown++
			if applied > 1 {
				t.Errorf("action %d (%s) unknown and applied %d times", a.id, a.kind, applied)
			}
		case store.StateFailed:
			if applied != 0 {
				t.Errorf("action %d failed but applied", a.id)
			}
		default:
			t.Errorf("action %d left %s", a.id, got.State)
		}
	}
	t.Logf("%d done, %d unknown of %d under faults", done, unknown, len(actions))
	if done == 0 {
		t.Error("nothing got through")
	}
}

// TestKilledSyncSubprocess kills a syncing process with SIGKILL mid-way; the
// next sync in this process finds a consistent cache and completes it.
//
// When the kill comes is decided by the child's requests, not by the
// clock: the child is killed as soon as its third list request arrives,
// while it reads and writes that page, and no later list request is
// answered until it is dead. The two slices of the inbox peeled before
// (it is over the cap) are then committed and most of the cache is not,
// on any machine.
func TestKilledSyncSubprocess(t *testing.T) {
	t.Parallel()
	if os.Getenv("HRDESK_SYNC_CHILD") != "" {
		return // the child's work is in TestMain-like code below
	}
	// 1,200: an inbox of 600, over the cap, so the child's first reads
	// peel and checkpoint; considered and refused (300 each) are windows
	// the resumed run still has to read.
	const total = 1200
	srv := fakeapi.New(fakeapi.Options{Seed: 13, Received: total, StatusMix: func(i int) int { return []int{0, 0, 20, 30}[i%4] },
		RequestsPerMinute: -1, Now: func() time.Time { return fakeNow }})
	gate := newListGate(srv, 3)
	hs := httptest.NewServer(gate)
	t.Cleanup(hs.Close)
	t.Cleanup(gate.open) // before hs.Close: a held request must not hold the server
	base := hs.URL
	dir := t.TempDir()
	path := filepath.Join(dir, "cache.db")
	access, refresh := srv.IssueToken()
	cmd := exec.Command(os.Args[0], "-test.run", "^TestSyncChild$", "-test.v")
	cmd.Env = append(os.Environ(), "HRDESK_SYNC_CHILD=1", "CHILD_BASE="+base, "CHILD_DB="+path,
		"CHILD_ACCESS="+access, "CHILD_REFRESH="+refresh)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	testwait.Within(t, testwait.Patience, "the child's third list request", func() { <-gate.reached })
	cmd.Process.Kill()
	testwait.Within(t, 10*time.Second, "the killed child to exit", func() { _ = cmd.Wait() })
	gate.open()
	partial := countFile(path)
	st, err := store.Open(path)
	if err != nil {
		t.Fatalf("cache after kill -9 does not open: %v", err)
	}
	defer st.Close()
	if partial == 0 || partial >= total {
		t.Fatalf("child had cached %d of %d before the kill; want part of it", partial, total)
	}
	eng := apiEngine(t, srv, base, st)
	rep, err := eng.Sync(context.Background(), SyncOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Resumed {
		t.Error("the sync after the kill did not resume the killed one's run")
	}
	clean := openStore(t)
	if _, err := apiEngine(t, srv, base, clean).Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	if want, got := snapshot(t, clean), snapshot(t, st); !reflect.DeepEqual(want, got) {
		t.Fatalf("after resuming: %d entries, clean sync has %d", len(got), len(want))
	}
	t.Logf("killed with %d cached; resumed=%v; complete after the next sync", partial, rep.Resumed)
}

// listGate serves the fake, and tells when the n-th list request arrives;
// from the (n+1)-th on, list requests wait until the gate is opened (or
// their client is gone).
type listGate struct {
	srv     http.Handler
	n       int
	reached chan struct{}
	opened  chan struct{}

	mu    sync.Mutex
	lists int
	once  sync.Once
}

func newListGate(srv http.Handler, n int) *listGate {
	return &listGate{srv: srv, n: n, reached: make(chan struct{}), opened: make(chan struct{})}
}

func (g *listGate) open() { g.once.Do(func() { close(g.opened) }) }

func (g *listGate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/2.0/resumes/received/") {
		g.mu.Lock()
		g.lists++
		k := g.lists
		g.mu.Unlock()
		if k == g.n {
			close(g.reached)
		}
		if k > g.n {
			select {
			case <-g.opened:
			case <-r.Context().Done():
				return
			}
		}
	}
	g.srv.ServeHTTP(w, r)
}

// TestSyncChild is the process TestKilledSyncSubprocess kills.
func TestSyncChild(t *testing.T) {
	if os.Getenv("HRDESK_SYNC_CHILD") == "" {
		t.Skip("runs only as the child of TestKilledSyncSubprocess")
	}
	st, err := store.Open(os.Getenv("CHILD_DB"))
	if err != nil {
		t.Fatal(err)
	}
	c, _ := apiclient.New(apiclient.Config{BaseURL: os.Getenv("CHILD_BASE"), ClientID: fakeapi.DemoClientID,
		Secret: fakeapi.DemoSecret, RequestsPerMinute: -1, Now: func() time.Time { return fakeNow }})
	c.SetToken(apiclient.Token{AccessToken: os.Getenv("CHILD_ACCESS"), RefreshToken: os.Getenv("CHILD_REFRESH")})
	eng := New(NewAPIServer(c), st, Options{Now: func() time.Time { return fakeNow }})
	_, err = eng.Sync(context.Background(), SyncOptions{})
	t.Log("child finished:", err)
}

// countFile counts cached entries through a read-only handle, as another
// process would while the writer works.
func countFile(path string) int {
	if _, err := os.Stat(path); err != nil {
		return 0
	}
	st, err := store.OpenWith(path, store.Options{ReadOnly: true})
	if err != nil {
		if strings.Contains(err.Error(), "older") {
			return 0
		}
		return 0
	}
	defer st.Close()
	n, _ := st.CountEntries(context.Background(), store.ListQuery{})
	return n
}
