//go:build linux

package session

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"hrdesk/apiclient"
	"hrdesk/config"
	"hrdesk/fakeapi"
	"hrdesk/internal/testkit/testwait"
)

// openFiles counts the process's open file descriptors.
func openFiles(t *testing.T) int {
	t.Helper()
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("cannot count open files: %v", err)
	}
	return len(entries)
}

// requestLogProfile is a profile of its own data directory logging to log.
func requestLogProfile(t *testing.T, log string) *Profile {
	cfg := config.Defaults(config.EnvFromList(nil))
	cfg.BaseURL, cfg.ClientID, cfg.Secret = "http://127.0.0.1:9", 1000, "v3.r.test-secret"
	cfg.DataDir = t.TempDir()
	return &Profile{Config: cfg, RequestLog: log}
}

// `hrdesk serve` builds a client for every recruiter's session and every
// catalog fetch, one profile each; the request log they all write to is
// open once in the process, however many there are. It was opened again
// for every client and never closed: one file handle lost each time.
func TestRequestLogIsOpenOnce(t *testing.T) {
	log := filepath.Join(t.TempDir(), "requests.log")
	if _, err := requestLogProfile(t, log).Client(nil); err != nil {
		t.Fatal(err)
	}
	before := openFiles(t)
	for range 50 {
		p := requestLogProfile(t, log)
		for range 4 {
			if _, err := p.Client(nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	if after := openFiles(t); after > before {
		t.Errorf("200 clients of 50 profiles left %d more files open, want none", after-before)
	}
}

// Clients logging at once write whole lines, each on its own, and a log
// removed (rotated) under a running process is made again for the clients
// built after, the old handle closed.
func TestRequestLogLinesStayWhole(t *testing.T) {
	log := filepath.Join(t.TempDir(), "requests.log")
	const clients, calls = 20, 50
	logAll := func() {
		var wg sync.WaitGroup
		for i := range clients {
			write, err := openRequestLog(log)
			if err != nil {
				t.Fatal(err)
			}
			wg.Go(func() {
				for j := range calls {
					write(apiclient.RequestLog{Method: "GET", Path: fmt.Sprintf("/resumes/%d/%s", i*calls+j, strings.Repeat("x", 300)),
						Status: 200, Duration: time.Millisecond})
				}
			})
		}
		wg.Wait()
	}
	logAll()
	before := openFiles(t)
	if err := os.Rename(log, log+".1"); err != nil {
		t.Fatal(err)
	}
	logAll()
	if after := openFiles(t); after > before {
		t.Errorf("after the log was rotated, %d more files are open", after-before)
	}
	for _, path := range []string{log + ".1", log} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		seen := map[string]bool{}
		for _, line := range lines {
			f := strings.Fields(line)
			if len(f) != 6 || f[1] != "GET" || f[3] != "200" || f[5] != "retries=0" || seen[f[2]] {
				t.Fatalf("%s: a line not whole (or twice): %q", path, line)
			}
			seen[f[2]] = true
		}
		if len(seen) != clients*calls {
			t.Errorf("%s holds %d lines, want %d", path, len(seen), clients*calls)
		}
	}
}

// A profile with --request-log gives clients that work and log each call:
// a login and a question to the service are two lines of the file.
func TestAProfileWithARequestLogLogsItsCalls(t *testing.T) {
	_, p := tokenProfile(t, 0)
	p.RequestLog = filepath.Join(t.TempDir(), "requests.log")
	c, err := p.Client(nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), testwait.Patience)
	defer cancel()
	tok, err := c.PasswordLogin(ctx, fakeapi.DemoLogin, fakeapi.DemoPassword, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.SaveLogin(tok); err != nil {
		t.Fatal(err)
	}
	c, err = p.LoggedInClient()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.CurrentUser(ctx); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(p.RequestLog)
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(string(data)), "\n"); len(lines) != 2 || !strings.Contains(lines[1], " 200 ") {
		t.Errorf("the request log after a login and a call:\n%s", data)
	}
}

// A log left by an earlier run is appended to, its lines kept; and one
// file is one handle however its path is spelled.
func TestRequestLogAppendsAndIsOneFilePerPath(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "requests.log")
	if err := os.WriteFile(log, []byte("an earlier run's line\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	write, err := openRequestLog(log)
	if err != nil {
		t.Fatal(err)
	}
	write(apiclient.RequestLog{Method: "GET", Path: "/first", Status: 200})
	before := openFiles(t)
	again, err := openRequestLog(dir + "/./requests.log")
	if err != nil {
		t.Fatal(err)
	}
	if after := openFiles(t); after > before {
		t.Errorf("the same log by another spelling of its path: %d more files open", after-before)
	}
	again(apiclient.RequestLog{Method: "GET", Path: "/second", Status: 200})
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 3 || lines[0] != "an earlier run's line" || !strings.Contains(lines[1], "/first") || !strings.Contains(lines[2], "/second") {
		t.Errorf("the log:\n%s", data)
	}
}
