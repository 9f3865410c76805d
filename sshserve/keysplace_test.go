//go:build unix

package sshserve

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"hrdesk/internal/testkit/testwait"

	"charm.land/ssh"
)

// What stands at the authorized keys path is looked at before it is read:
// a FIFO there would hang every login (issue 27 item 10), a link someone
// else planted would let their keys in.

// authorizeWithin asks keys about key, failing the test if the answer
// does not come (a read blocked on a FIFO).
func authorizeWithin(t *testing.T, keys *Keys, key string) (string, error) {
	t.Helper()
	pub, _, _, _, err := ssh.ParseAuthorizedKey([]byte(key))
	if err != nil {
		t.Fatal(err)
	}
	var profile string
	testwait.Within(t, 10*time.Second, "Authorize with a FIFO as the keys file", func() {
		profile, err = keys.Authorize(pub, loopback, time.Now())
	})
	return profile, err
}

// A keys file replaced by a FIFO is refused at once, never opened to wait
// for a writer; so is one that is a FIFO from the start.
func TestKeysFileReplacedByFIFO(t *testing.T) {
	_, line := newKey(t)
	var warnings []string
	path := filepath.Join(t.TempDir(), "authorized_keys")
	if err := os.WriteFile(path, []byte(line+" alice\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	keys, err := NewKeys(path, func(s string) { warnings = append(warnings, s) })
	if err != nil {
		t.Fatal(err)
	}
	if p, err := authorizeWithin(t, keys, line); err != nil || p != "alice" {
		t.Fatalf("before the FIFO: %q, %v", p, err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	if _, err := authorizeWithin(t, keys, line); !errors.Is(err, errNoKeysFile) {
		t.Fatalf("with a FIFO as the keys file: %v, want %v", err, errNoKeysFile)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "is a FIFO, not a regular file") {
		t.Errorf("warnings %q, want one saying it is not a regular file", warnings)
	}

	var fromStart error
	testwait.Within(t, 10*time.Second, "NewKeys on a FIFO", func() { _, fromStart = NewKeys(path, func(string) {}) })
	if fromStart == nil || !strings.Contains(fromStart.Error(), "not a regular file") {
		t.Errorf("NewKeys on a FIFO: %v, want a refusal", fromStart)
	}
}

// The admin's own symlink at the keys path is followed; one owned by
// another user (planted in a shared directory) is refused with the reason,
// and so is the admin's own link to something that is not a file.
func TestKeysFileBehindALink(t *testing.T) {
	_, line := newKey(t)
	dir := t.TempDir()
	target := filepath.Join(dir, "keys.managed")
	if err := os.WriteFile(target, []byte(line+" alice\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "authorized_keys")
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
	var warnings []string
	keys, err := NewKeys(path, func(s string) { warnings = append(warnings, s) })
	if err != nil {
		t.Fatalf("the server user's own link refused: %v", err)
	}
	if p, err := authorizeWithin(t, keys, line); err != nil || p != "alice" {
		t.Fatalf("through the server user's own link: %q, %v", p, err)
	}

	t.Run("to a FIFO", func(t *testing.T) {
		fifo := filepath.Join(dir, "fifo")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skipf("no FIFOs here: %v", err)
		}
		link := filepath.Join(dir, "to-fifo")
		if err := os.Symlink(fifo, link); err != nil {
			t.Fatal(err)
		}
		var err error
		testwait.Within(t, 10*time.Second, "NewKeys on a link to a FIFO", func() { _, err = NewKeys(link, func(string) {}) })
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("a link to a FIFO: %v, want a refusal", err)
		}
	})

	t.Run("planted by another user", func(t *testing.T) {
		const stranger = 4242
		if err := os.Lchown(path, stranger, stranger); err != nil {
			t.Skipf("cannot give the link to another user here: %v", err)
		}
		if _, err := authorizeWithin(t, keys, line); !errors.Is(err, errNoKeysFile) {
			t.Fatalf("through another user's link: %v, want %v", err, errNoKeysFile)
		}
		if len(warnings) != 1 || !strings.Contains(warnings[0], "is a link owned by uid 4242, not by this server's user or root; not followed") {
			t.Errorf("warnings %q, want one naming the link's owner", warnings)
		}
	})
}

// A FIFO swapped in after the path was looked at and before it is opened
// is still refused, and the open does not wait for a writer.
func TestKeysFileSwappedForAFIFOBeforeTheOpen(t *testing.T) {
	_, line := newKey(t)
	path := filepath.Join(t.TempDir(), "authorized_keys")
	if err := os.WriteFile(path, []byte(line+" alice\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { beforeOpen = func(string) {} })
	beforeOpen = func(p string) {
		if err := os.Remove(p); err != nil {
			t.Error(err)
		}
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Error(err)
		}
	}
	var err error
	testwait.Within(t, 10*time.Second, "NewKeys with a FIFO swapped in", func() { _, err = NewKeys(path, func(string) {}) })
	if err == nil || !strings.Contains(err.Error(), "is a FIFO, not a regular file") {
		t.Errorf("a FIFO swapped in before the open: %v, want a refusal", err)
	}
}

// The refusal names what stands at the path, so the admin knows what to
// remove.
func TestKeysFileNotAFileSaysWhatItIs(t *testing.T) {
	dir := t.TempDir()
	socket := filepath.Join(dir, "socket")
	l, err := net.Listen("unix", socket)
	if err != nil {
		t.Skipf("no unix sockets here: %v", err)
	}
	defer l.Close()
	device := filepath.Join(dir, "device")
	if err := os.Symlink(os.DevNull, device); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		dir:    "is a directory, not a regular file",
		socket: "is a socket, not a regular file",
		device: "is a device, not a regular file",
	} {
		var err error
		testwait.Within(t, 10*time.Second, "NewKeys on "+path, func() { _, err = NewKeys(path, func(string) {}) })
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", path, err, want)
		}
	}
}
