package cli

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"hrdesk/fakeapi"
	"hrdesk/i18n"
	"hrdesk/syncer"
)

// envBehind is newEnv with the fake's options chosen and, when filter is
// given, a filter in front of it that may answer a request itself.
func envBehind(t *testing.T, opts fakeapi.Options, filter func(w http.ResponseWriter, r *http.Request) bool) *env {
	t.Helper()
	srv := fakeapi.New(fixture(opts))
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if filter != nil && filter(w, r) {
			return
		}
		srv.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	dir := t.TempDir()
	// The whole generated history (400 days), so the cache can be
	// compared with everything the server lists. The fake has no rate
	// limit unless a test sets one, so the client needs none either (as in
	// newEnv): at the default 120 a minute, its pacing made each sync here
	// sleep seconds of real time that no test is about.
	cfgDir := filepath.Join(dir, "cfg", "hrdesk")
	if err := os.MkdirAll(cfgDir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfgDir, "config.toml"), []byte("history_days = 450\nrequests_per_minute = 60000\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return &env{t: t, srv: srv, dir: dir, vars: []string{
		"HOME=" + dir, "XDG_CONFIG_HOME=" + filepath.Join(dir, "cfg"),
		"HRDESK_BASE_URL=" + hs.URL, "HRDESK_CLIENT_ID=1000", "HRDESK_SECRET=" + fakeapi.DemoSecret,
		"HRDESK_DATA_DIR=" + filepath.Join(dir, "data"),
	}}
}

// exported counts the resumes `hrdesk export` writes.
func (e *env) exported() int {
	e.t.Helper()
	code, out, errs := e.run("", "export")
	var rows []json.RawMessage
	if code != 0 || json.Unmarshal([]byte(out), &rows) != nil {
		e.t.Fatalf("export: %d %q", code, errs)
	}
	return len(rows)
}

func TestSyncWaitsOutTheRateLimitInOneCall(t *testing.T) {
	t.Parallel()
	// The first inbox page is refused six times, more than the client's
	// own four retries, with Retry-After 1 (the shortest the header says).
	var mu sync.Mutex
	refused := 0
	e := envBehind(t, fakeapi.Options{Seed: 2, RequestsPerMinute: -1}, func(w http.ResponseWriter, r *http.Request) bool {
		q := r.URL.Query()
		if r.URL.Path != "/2.0/resumes/received/" || q.Get("status") != "0" || q.Get("page") != "" && q.Get("page") != "0" {
			return false
		}
		mu.Lock()
		defer mu.Unlock()
		if refused++; refused > 6 {
			return false
		}
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(http.StatusTooManyRequests)
		w.Write([]byte(`{"error":{"code":429,"message":"Limit is over"}}`))
		return true
	})
	e.login()
	code, out, errs := e.run("", "sync")
	if code != 0 || !strings.Contains(out, "synced:") {
		t.Fatalf("one sync under the rate limit: %d %q %q", code, out, errs)
	}
	if !strings.Contains(out, "waiting for the rate limit") {
		t.Errorf("the wait was not reported: %q", out)
	}
	if n, want := e.exported(), len(e.srv.OwnResumeIDs(-2)); n != want {
		t.Errorf("%d resumes cached, the server lists %d", n, want)
	}
}

func TestSyncUnderFaultsInOneCall(t *testing.T) {
	t.Parallel()
	// What `hrdesk demo-server --faults 0.3` serves: every kind of fault.
	e := envBehind(t, fakeapi.Options{Seed: 2, RequestsPerMinute: -1,
		Faults: fakeapi.Faults{Rate: 0.3, Seed: 5, Slow: 20 * time.Millisecond}}, nil)
	var code int
	for range 10 { // the login is not the subject: it may meet a fault
		if code, _, _ = e.run(fakeapi.DemoPassword+"\n", "login", "--login", fakeapi.DemoLogin, "--password-stdin"); code == 0 {
			break
		}
	}
	if code != 0 {
		t.Fatal("no login under faults")
	}
	code, out, errs := e.run("", "sync")
	if code != 0 || !strings.Contains(out, "synced:") {
		t.Fatalf("one sync under faults 0.3: %d %q %q", code, out, errs)
	}
	if n, want := e.exported(), len(e.srv.OwnResumeIDs(-2)); n != want {
		t.Errorf("%d resumes cached, the server lists %d", n, want)
	}
}

func TestWaitLine(t *testing.T) {
	for _, c := range []struct {
		pr   syncer.Progress
		want string
	}{
		{syncer.Progress{WaitReason: syncer.WaitRateLimit, Waiting: 40 * time.Second, Done: 100, Total: 400}, "waiting for the rate limit, ~40 s (100/400 so far)"},
		{syncer.Progress{WaitReason: syncer.WaitServer, Waiting: 3 * time.Minute}, "the server is failing; trying again in ~3 min (0/0 so far)"},
		{syncer.Progress{WaitReason: syncer.WaitConnection, Waiting: 300 * time.Millisecond}, "the connection dropped; trying again in a moment (0/0 so far)"},
	} {
		if got := progressLine(i18n.For(i18n.EN).CLI, c.pr, true); got != c.want {
			t.Errorf("progressLine(%+v) = %q, want %q", c.pr, got, c.want)
		}
	}
}
