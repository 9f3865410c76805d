package cli

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"hrdesk/fakeapi"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/tokenfile"
)

// Issue 12 §4: processes that share a login renew it one at a time, and
// none of them is logged out by another's renewal. Each Run here stands
// for a process: its own client, its own token in memory, one data dir.
func TestConcurrentRefreshKeepsEveryoneLoggedIn(t *testing.T) {
	t.Parallel()
	// Latency makes every process read the token and meet the expiry
	// before any of them has renewed it.
	e := envBehind(t, fakeapi.Options{Seed: 2, RequestsPerMinute: -1, Latency: 60 * time.Millisecond}, nil)
	e.login()
	path := filepath.Join(e.dir, "data", "token.json")
	tok, err := tokenfile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	e.srv.ExpireToken(tok.AccessToken)
	const processes = 6
	var wg sync.WaitGroup
	results := make([]string, processes)
	for i := range processes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			code, out, errs := e.run("", "whoami")
			if code != 0 {
				results[i] = errs
			}
			_ = out
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(testwait.Patience):
		t.Fatalf("whoami calls still running after %v", testwait.Patience)
	}
	for i, r := range results {
		if r != "" {
			t.Errorf("process %d was logged out: %s", i, strings.TrimSpace(r))
		}
	}
	// What is stored is the live session.
	if code, _, errs := e.run("", "whoami"); code != 0 {
		t.Errorf("after the renewals: %s", errs)
	}
	if now, _ := tokenfile.Load(path); now.AccessToken == tok.AccessToken || now.UserType != tok.UserType {
		t.Errorf("stored token not renewed or user type lost: type %q, was %q", now.UserType, tok.UserType)
	}
}
