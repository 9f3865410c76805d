//go:build unix

package syncer

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"
)

// A sync lease held by a process of this machine that no longer exists
// (killed mid-sync) is taken over at once; one held by a live process, by
// this process, by another machine, or by an owner that names no process
// turns the sync away until it expires.
func TestALeaseOfAKilledProcessIsTakenOver(t *testing.T) {
	// A pid that was a process a moment ago and is not any more: a child
	// of ours, run and reaped.
	child := exec.Command(os.Args[0], "-test.run=^$")
	if err := child.Run(); err != nil {
		t.Fatal(err)
	}
	// Pids are handed out in turn up to pid_max: this one is not taken
	// again within the test.
	dead := child.ProcessState.Pid()
	if processAlive(dead) || !processAlive(os.Getpid()) || !processAlive(os.Getppid()) {
		t.Errorf("alive: the reaped child %d %v, this process %v, its parent %v; want false, true, true",
			dead, processAlive(dead), processAlive(os.Getpid()), processAlive(os.Getppid()))
	}
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	owner := func(pid int, host string) string { return "pid-" + strconv.Itoa(pid) + "@" + host + "-x1" }
	for _, c := range []struct {
		holder string
		taken  bool
	}{
		{owner(dead, host), true},
		{owner(os.Getppid(), host), false},
		{owner(os.Getpid(), host), false},
		{owner(dead, host+"-elsewhere"), false},
		{"a session of another kind", false},
	} {
		srv := newMemServer()
		srv.add(1, 0, testNow.Add(-time.Hour))
		st := openStore(t)
		ctx := context.Background()
		if ok, err := st.AcquireLease(ctx, "sync", c.holder, time.Minute); err != nil || !ok {
			t.Fatal(ok, err)
		}
		now := testNow
		_, err := newEngine(srv, st, &now).Sync(ctx, SyncOptions{})
		switch {
		case c.taken && err != nil:
			t.Errorf("lease of %q (dead): %v, want it taken over", c.holder, err)
		case !c.taken && !errors.Is(err, ErrBusy):
			t.Errorf("lease of %q: %v, want ErrBusy", c.holder, err)
		}
	}
}
