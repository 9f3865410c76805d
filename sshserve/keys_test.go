package sshserve

import (
	"crypto/ed25519"
	"crypto/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

func newKey(t *testing.T) (gossh.PublicKey, string) {
	t.Helper()
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	k, err := gossh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return k, strings.TrimSpace(string(gossh.MarshalAuthorizedKey(k)))
}

func TestKeysNameProfiles(t *testing.T) {
	alice, aliceLine := newKey(t)
	bob, bobLine := newKey(t)
	nameless, namelessLine := newKey(t)
	evil, evilLine := newKey(t)
	stranger, _ := newKey(t)
	path := filepath.Join(t.TempDir(), "authorized_keys")
	file := strings.Join([]string{
		"# recruiters",
		aliceLine + " alice",
		`no-pty,from="10.0.0.0/8" ` + bobLine + " bob@office",
		namelessLine,
		evilLine + " ../../etc",
		"not a key at all",
		"",
	}, "\n")
	if err := os.WriteFile(path, []byte(file), 0o600); err != nil {
		t.Fatal(err)
	}
	var warnings []string
	keys, err := NewKeys(path, func(s string) { warnings = append(warnings, s) })
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		key  gossh.PublicKey
		want string
	}{{alice, "alice"}, {bob, "bob@office"}} {
		if got, ok := keys.Profile(c.key); !ok || got != c.want {
			t.Errorf("profile %q %v, want %q", got, ok, c.want)
		}
	}
	for _, key := range []gossh.PublicKey{nameless, evil, stranger} {
		if p, ok := keys.Profile(key); ok {
			t.Errorf("a key without a usable name got in as %q", p)
		}
	}
	if len(warnings) != 3 || !strings.Contains(warnings[0], "line 4") || !strings.Contains(warnings[2], "line 6") {
		t.Errorf("warnings: %q", warnings)
	}
}

// Adding a recruiter, or taking one away, needs no restart.
func TestKeysReloadOnChange(t *testing.T) {
	alice, aliceLine := newKey(t)
	bob, bobLine := newKey(t)
	path := filepath.Join(t.TempDir(), "authorized_keys")
	write := func(lines ...string) {
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		// Make the change visible even on a file system with coarse times.
		later := time.Now().Add(time.Duration(len(lines)) * time.Second)
		if err := os.Chtimes(path, later, later); err != nil {
			t.Fatal(err)
		}
	}
	write(aliceLine + " alice")
	keys, err := NewKeys(path, func(string) {})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := keys.Profile(bob); ok {
		t.Fatal("bob before being added")
	}
	write(aliceLine+" alice", bobLine+" bob")
	if p, ok := keys.Profile(bob); !ok || p != "bob" {
		t.Errorf("bob after being added: %q %v", p, ok)
	}
	write(bobLine + " bob")
	if _, ok := keys.Profile(alice); ok {
		t.Error("alice still in after being removed")
	}
	// A missing file keeps the last good list rather than failing open or shut.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if _, ok := keys.Profile(bob); !ok {
		t.Error("the last good list was dropped when the file went away")
	}
}
