package pgtest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"hrdesk/internal/testkit/testwait"
)

func TestStartQueryKillRestart(t *testing.T) {
	s := New(t)
	url := s.Database(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ask := func() error {
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			return err
		}
		defer conn.Close(ctx)
		var one int
		return conn.QueryRow(ctx, "SELECT 1").Scan(&one)
	}
	if err := ask(); err != nil {
		t.Fatal(err)
	}
	if err := s.Kill(); err != nil {
		t.Fatal(err)
	}
	if err := ask(); err == nil {
		t.Fatal("a killed server still answers")
	}
	if err := s.Restart(); err != nil {
		t.Fatal(err)
	}
	if err := ask(); err != nil {
		t.Fatalf("after the restart: %v", err)
	}
}

// TestDeadRunsServerIsStopped: a test binary killed with its server
// running (kill -9: no cleanup of its own runs) leaves it to the next
// Start, which stops it and removes its directory; a live binary's server
// is left alone.
func TestDeadRunsServerIsStopped(t *testing.T) {
	if Bin() == "" {
		t.Skip(SkipMessage)
	}
	note := filepath.Join(t.TempDir(), "child")
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperServerOfAKilledRun$", "-test.timeout=10m")
	cmd.Env = append(os.Environ(), "PGTEST_CHILD_NOTE="+note)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var dir string
	testwait.Within(t, 2*time.Minute, "the child's server", func() {
		for {
			if b, err := os.ReadFile(note); err == nil && strings.HasSuffix(string(b), "\n") {
				dir = strings.TrimSpace(string(b))
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
	pidFile := filepath.Join(dir, "data", "postmaster.pid")
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the child's server runs without its pid file: %v", err)
	}
	postmaster, err := strconv.Atoi(strings.Fields(string(b) + " x")[0])
	if err != nil || syscall.Kill(postmaster, 0) != nil {
		t.Fatalf("the child's server is not running: %q", b)
	}
	live := New(t) // this binary's own server: alive, must stay
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	testwait.Within(t, time.Minute, "the child's end", func() { _ = cmd.Wait() })

	stopped := StopOrphans()
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the killed run's directory %s is still there (%v); stopped %q", dir, err, stopped)
	}
	testwait.Within(t, time.Minute, "the killed run's server to stop", func() {
		for syscall.Kill(postmaster, 0) == nil {
			time.Sleep(20 * time.Millisecond)
		}
	})
	if _, err := os.Stat(live.dir); err != nil {
		t.Errorf("a live run's server was removed: %v", err)
	}
	if slices.Contains(stopped, live.dir) {
		t.Errorf("StopOrphans stopped a live run's server: %q", stopped)
	}
}

// TestHelperServerOfAKilledRun is TestDeadRunsServerIsStopped's child: it
// starts a server, says where, and waits to be killed.
func TestHelperServerOfAKilledRun(t *testing.T) {
	note := os.Getenv("PGTEST_CHILD_NOTE")
	if note == "" {
		t.Skip("the child of TestDeadRunsServerIsStopped")
	}
	s, err := Start()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(note, []byte(s.dir+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	select {}
}
