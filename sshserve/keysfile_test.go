//go:build unix

package sshserve

import (
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"hrdesk/internal/testkit/testwait"
)

// An authorized_keys file that is gone, or is no longer a file (a FIFO
// among them: issue 27 item 10, it must not block the login), lets
// nobody in, and says so once in the log; put back, it lets its keys in
// again (issue 18 §4: removing it kept the last list, so revoked keys
// still got in).
func TestMissingKeysFileFailsClosed(t *testing.T) {
	alice := newClient(t)
	ts := startServer(t, []string{alice.key + " alice"}, Options{})
	path := ts.srv.o.AuthorizedKeysPath
	ts.mustOpen(t, alice, "alice").client.Close()
	restore := func() {
		t.Helper()
		if err := os.RemoveAll(path); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(alice.key+" alice\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		what   string
		change func() error
		log    string
	}{
		{"removed", func() error { return os.Remove(path) }, "no such file or directory"},
		{"replaced by a directory", func() error {
			if err := os.Remove(path); err != nil {
				return err
			}
			return os.Mkdir(path, 0o700)
		}, "is a directory, not a regular file"},
		{"replaced by a FIFO", func() error {
			if err := os.Remove(path); err != nil {
				return err
			}
			return syscall.Mkfifo(path, 0o600)
		}, "is a FIFO, not a regular file"},
	} {
		if err := c.change(); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			var tm *terminal
			var err error
			// Within: a login blocked on reading a FIFO must fail, not hang.
			testwait.Within(t, 30*time.Second, "a login with the keys file "+c.what, func() { tm, _, err = ts.open(alice) })
			if err == nil {
				tm.client.Close()
				t.Fatalf("the keys file %s, alice still got in", c.what)
			}
			if !strings.Contains(err.Error(), "unable to authenticate") {
				t.Fatalf("the keys file %s: refused, but not at authentication: %v", c.what, err)
			}
		}
		waitLog(t, ts, c.log)
		waitLog(t, ts, "key="+alice.fingerprint()+": the authorized keys file cannot be read")
		if n := strings.Count(ts.log.String(), c.log); n != 1 {
			t.Errorf("the keys file %s: %d log lines about it, want 1:\n%s", c.what, n, ts.log.String())
		}
		restore()
		ts.mustOpen(t, alice, "alice").client.Close()
	}
	if n := strings.Count(ts.log.String(), "nobody can log in"); n != 3 {
		t.Errorf("%d lines saying nobody can log in, want 3:\n%s", n, ts.log.String())
	}
	if n := strings.Count(ts.log.String(), "read again"); n != 3 {
		t.Errorf("%d lines saying the keys file was read again, want 3:\n%s", n, ts.log.String())
	}
}
