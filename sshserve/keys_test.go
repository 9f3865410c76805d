package sshserve

import (
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

var loopback = &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 50000}

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
		`no-agent-forwarding,from="127.0.0.0/8" ` + bobLine + " bob@office",
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
		if got, err := keys.Authorize(c.key, loopback, time.Now()); err != nil || got != c.want {
			t.Errorf("profile %q %v, want %q", got, err, c.want)
		}
	}
	for _, key := range []gossh.PublicKey{nameless, evil, stranger} {
		if p, err := keys.Authorize(key, loopback, time.Now()); err == nil {
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
	if _, err := keys.Authorize(bob, loopback, time.Now()); err == nil {
		t.Fatal("bob before being added")
	}
	write(aliceLine+" alice", bobLine+" bob")
	if p, err := keys.Authorize(bob, loopback, time.Now()); err != nil || p != "bob" {
		t.Errorf("bob after being added: %q %v", p, err)
	}
	write(bobLine + " bob")
	if _, err := keys.Authorize(alice, loopback, time.Now()); err == nil {
		t.Error("alice still in after being removed")
	}
	// A missing file lets nobody in (issue 18 §4: revoking every key by
	// removing the file must work); written again, it is read again.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if p, err := keys.Authorize(bob, loopback, time.Now()); err == nil {
		t.Errorf("bob still in as %q after the file went away", p)
	}
	write(bobLine + " bob")
	if p, err := keys.Authorize(bob, loopback, time.Now()); err != nil || p != "bob" {
		t.Errorf("bob after the file came back: %q %v", p, err)
	}
}

// writeKeysFile writes lines as an authorized_keys file and loads it,
// collecting the warnings.
func writeKeysFile(t *testing.T, lines ...string) (*Keys, *[]string, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "authorized_keys")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	warnings := &[]string{}
	keys, err := NewKeys(path, func(s string) { *warnings = append(*warnings, s) })
	if err != nil {
		t.Fatal(err)
	}
	return keys, warnings, path
}

// A comment becomes a directory under profiles/: nothing that names the
// directory itself, its parent, a hidden file or an option gets in.
func TestKeysRefuseUnsafeProfileNames(t *testing.T) {
	bad := []string{"..", ".", ".hidden", "-x", "a\x00b", "a\x1b[2Jb", "é", strings.Repeat("a", 65)}
	var lines []string
	var badKeys []gossh.PublicKey
	for _, name := range bad {
		k, line := newKey(t)
		badKeys = append(badKeys, k)
		lines = append(lines, line+" "+name)
	}
	longest, longestLine := newKey(t)
	lines = append(lines, longestLine+" "+strings.Repeat("a", 64))
	keys, warnings, _ := writeKeysFile(t, lines...)
	for i, k := range badKeys {
		if p, err := keys.Authorize(k, loopback, time.Now()); err == nil {
			t.Errorf("comment %q opened profile %q", bad[i], p)
		}
	}
	if len(*warnings) != len(bad) {
		t.Errorf("%d warnings for %d unusable names: %q", len(*warnings), len(bad), *warnings)
	}
	if _, err := keys.Authorize(longest, loopback, time.Now()); err != nil {
		t.Errorf("a 64-character name: %v", err)
	}
	// A line cannot hold a newline, but the rule must not rely on that.
	for _, name := range []string{"a\nb", "a\rb", "a/b", "a b", ""} {
		if profileName.MatchString(name) {
			t.Errorf("%q passes as a profile name", name)
		}
	}
}

// Options fail closed: from= and expiry-time= are honoured, the four that
// only forbid what hrdesk never offers are accepted, anything else refuses
// the line with a warning naming the file and the line.
func TestKeysOptions(t *testing.T) {
	type want int
	const (
		in      want = iota // from 127.0.0.1, now
		refused             // at load, with a warning
		out                 // loaded, but kept out from 127.0.0.1 now
	)
	cases := []struct {
		options string
		want    want
	}{
		{`from="127.0.0.1"`, in},
		{`from="10.9.9.9"`, out},
		{`FROM="127.0.0.0/8"`, in}, // option names are case-insensitive
		{`from="!127.0.0.1,*"`, out},
		{`from="10.9.9.9,127.0.0.1"`, in}, // a comma inside quotes
		{`from="127.0.0.1,\"x,y\""`, in},  // escaped quotes and commas inside
		{`no-port-forwarding,no-agent-forwarding,no-X11-forwarding,no-user-rc`, in},
		{`expiry-time="29991231"`, in},
		{`expiry-time="20200101"`, out},
		{`expiry-time="202001011200Z",from="127.0.0.1"`, out},
		{`command="/bin/sh",no-pty`, refused},
		{`no-pty`, refused},
		{`restrict`, refused},
		{`restrict,pty`, refused},
		{`pty`, refused},
		{`permitopen="localhost:22"`, refused},
		{`permitlisten="8080"`, refused},
		{`environment="PATH=/tmp"`, refused},
		{`principals="alice"`, refused},
		{`cert-authority`, refused},
		{`tunnel="1"`, refused},
		{`no-touch-required`, refused},
		{`verify-required`, refused},
		{`frobnicate`, refused},
		{`no-pty="yes"`, refused},
		{`no-port-forwarding="1"`, refused},
		{`from=127.0.0.1`, refused},    // unquoted
		{`from=""`, refused},           // no entries
		{`from="127.0.0.1"x`, refused}, // text after the quote
		{`from="10.0.0.1/8"`, refused},
		{`from="127.0.0.1",from="10.0.0.0/8"`, refused},
		{`expiry-time="2020"`, refused},
		{`expiry-time="2020010x"`, refused},
		{`expiry-time=20200101`, refused},
	}
	var lines []string
	var ks []gossh.PublicKey
	for i, c := range cases {
		k, line := newKey(t)
		ks = append(ks, k)
		lines = append(lines, c.options+" "+line+fmt.Sprintf(" p%d", i))
	}
	keys, warnings, path := writeKeysFile(t, lines...)
	warned := strings.Join(*warnings, "\n")
	for i, c := range cases {
		p, err := keys.Authorize(ks[i], loopback, time.Now())
		lineNo := fmt.Sprintf("%s line %d:", path, i+1)
		switch c.want {
		case in:
			if err != nil || p != fmt.Sprintf("p%d", i) {
				t.Errorf("%s: kept out: %v", c.options, err)
			}
		case out:
			if err == nil || errors.Is(err, errUnknownKey) || !strings.Contains(err.Error(), fmt.Sprintf("(line %d)", i+1)) {
				t.Errorf("%s: want kept out by its line, got %q %v", c.options, p, err)
			}
		case refused:
			if err == nil {
				t.Errorf("%s: let in as %q", c.options, p)
			}
			if !strings.Contains(warned, lineNo) {
				t.Errorf("%s: no warning naming %q", c.options, lineNo)
			}
		}
		if c.want != refused && strings.Contains(warned, lineNo) {
			t.Errorf("%s: warned about: %s", c.options, warned)
		}
	}
	if !strings.Contains(warned, "option command= cannot be honoured") {
		t.Errorf("the warning does not name the option:\n%s", warned)
	}
}

// A key named on a refused line stays out, even if another line names it
// without options: the restriction its owner wrote is never dropped.
func TestKeysRefusedLineWinsOverPlainLine(t *testing.T) {
	k, line := newKey(t)
	keys, warnings, _ := writeKeysFile(t, `command="/bin/sh" `+line+" alice", line+" alice")
	if p, err := keys.Authorize(k, loopback, time.Now()); err == nil {
		t.Errorf("let in as %q", p)
	}
	if len(*warnings) == 0 || !strings.Contains((*warnings)[0], "line 1") {
		t.Errorf("warnings: %q", *warnings)
	}
	// Later lines do not widen an earlier one either.
	k2, line2 := newKey(t)
	keys, warnings, _ = writeKeysFile(t, `from="10.9.9.9" `+line2+" bob", line2+" bob")
	if p, err := keys.Authorize(k2, loopback, time.Now()); err == nil {
		t.Errorf("the second line widened the first: in as %q", p)
	}
	if len(*warnings) != 1 || !strings.Contains((*warnings)[0], "line 2") {
		t.Errorf("warnings: %q", *warnings)
	}
}

// Expiry times are sshd's: the server's zone unless Z, expired once past.
func TestExpiry(t *testing.T) {
	zone := time.FixedZone("UTC+3", 3*3600)
	for _, c := range []struct {
		in   string
		want time.Time
	}{
		{"20300102", time.Date(2030, 1, 2, 0, 0, 0, 0, zone)},
		{"203001021504", time.Date(2030, 1, 2, 15, 4, 0, 0, zone)},
		{"20300102150405", time.Date(2030, 1, 2, 15, 4, 5, 0, zone)},
		{"20300102Z", time.Date(2030, 1, 2, 0, 0, 0, 0, time.UTC)},
		{"20300102150405z", time.Date(2030, 1, 2, 15, 4, 5, 0, time.UTC)},
	} {
		got, err := parseExpiry(c.in, zone)
		if err != nil || !got.Equal(c.want) {
			t.Errorf("%s: %v %v, want %v", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"", "Z", "2030010", "203001021", "20301302", "+0300102", "2030-1-02", "20300102 "} {
		if got, err := parseExpiry(in, zone); err == nil {
			t.Errorf("%q read as %v", in, got)
		}
	}
	l := keyLimits{expires: time.Date(2030, 1, 2, 0, 0, 0, 0, time.UTC)}
	if err := l.admits(loopback, l.expires); err != nil {
		t.Errorf("refused at the very expiry time: %v", err)
	}
	if err := l.admits(loopback, l.expires.Add(time.Second)); err == nil || !strings.Contains(err.Error(), "expired") {
		t.Errorf("a second after the expiry: %v", err)
	}
}

func TestDequote(t *testing.T) {
	if got, err := dequote(`"a\"b,c"`); err != nil || got != `a"b,c` {
		t.Errorf("%q %v", got, err)
	}
	if got, err := dequote(`"a\b"`); err != nil || got != `a\b` {
		t.Errorf("a backslash before another character stays: %q %v", got, err)
	}
	for _, in := range []string{``, `a`, `"a`, `"a"b`, `"a\"`} {
		if got, err := dequote(in); err == nil {
			t.Errorf("%q dequoted to %q", in, got)
		}
	}
}
