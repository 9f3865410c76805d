package sshserve

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"regexp"
	"strings"
	"sync"
	"time"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// profileName is what a key's comment may be: it becomes a directory name
// under profiles/, so it starts with a letter or digit (never ".", "..",
// a hidden name or an option-like "-x") and holds no separator or control.
var profileName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$`)

// errUnknownKey is the refusal of a key no usable line names.
var errUnknownKey = errors.New("not in the authorized keys")

// errNoKeysFile is the refusal of every key while the authorized keys file
// cannot be read.
var errNoKeysFile = errors.New("the authorized keys file cannot be read")

// Keys maps public keys to profiles from an OpenSSH authorized_keys file.
// The file is looked at again on every login attempt and re-read when it
// changed, so adding or removing a recruiter needs no restart. While the
// file is gone, unreadable or not a file, nobody gets in: removing it is
// how an admin may revoke every key at once (issue 18 §4).
type Keys struct {
	path string
	warn func(string)
	zone *time.Location // of expiry times without Z

	mu      sync.Mutex
	modTime time.Time
	size    int64
	loaded  bool
	grants  map[string]grant // key fingerprint (SHA256) → what its line allows
	failure string           // why the file could not be read, once warned of; "" while it can
}

// grant is one usable line: the profile its key opens, on its terms.
type grant struct {
	profile string
	line    int
	limits  keyLimits
}

// NewKeys reads path once; warn receives one line per unusable entry.
func NewKeys(path string, warn func(string)) (*Keys, error) {
	k := &Keys{path: path, warn: warn, zone: time.Local}
	if err := k.refresh(); err != nil {
		return nil, err
	}
	return k, nil
}

// Authorize names the profile key opens when it logs in from remote at
// now, or says why it stays out (for the connection log).
func (k *Keys) Authorize(key ssh.PublicKey, remote net.Addr, now time.Time) (string, error) {
	if err := k.refresh(); err != nil {
		k.failing(err)
		return "", errNoKeysFile
	}
	k.mu.Lock()
	g, ok := k.grants[gossh.FingerprintSHA256(key)]
	k.mu.Unlock()
	if !ok {
		return "", errUnknownKey
	}
	if err := g.limits.admits(remote, now); err != nil {
		return "", fmt.Errorf("%s (line %d)", err, g.line)
	}
	return g.profile, nil
}

// Len is the number of usable keys.
func (k *Keys) Len() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.grants)
}

// refresh re-reads the file if it changed. A file that cannot be read
// empties the list (and the next refresh reads it whatever its time), so
// revoked keys never outlive their file; an edit saved in place may lock
// logins out for a moment, which is the safe side.
func (k *Keys) refresh() error {
	forget := func(err error) error {
		k.mu.Lock()
		k.grants, k.loaded = nil, false
		k.mu.Unlock()
		return fmt.Errorf("authorized keys: %w", err)
	}
	f, fi, err := openKeysFile(k.path)
	if err != nil {
		return forget(err)
	}
	defer f.Close()
	k.mu.Lock()
	same := k.loaded && fi.ModTime().Equal(k.modTime) && fi.Size() == k.size
	k.mu.Unlock()
	if same {
		return nil
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return forget(err)
	}
	grants := parseKeys(data, k.zone, func(n int, msg string) {
		k.warn(fmt.Sprintf("authorized keys %s line %d: %s", k.path, n, msg))
	})
	k.mu.Lock()
	recovered := k.failure != ""
	k.grants, k.modTime, k.size, k.loaded, k.failure = grants, fi.ModTime(), fi.Size(), true, ""
	k.mu.Unlock()
	if recovered {
		k.warn(fmt.Sprintf("authorized keys %s read again: %d keys; logins resume", k.path, len(grants)))
	}
	return nil
}

// failing warns that nobody can log in, once for each reason in a row: a
// client offers several keys, and every login attempt looks again.
func (k *Keys) failing(err error) {
	msg := oneLine(err.Error()) + "; nobody can log in until it is back"
	k.mu.Lock()
	news := msg != k.failure
	k.failure = msg
	k.mu.Unlock()
	if news {
		k.warn(msg)
	}
}

// parseKeys reads authorized_keys lines: the comment names the profile,
// the options are honoured or refuse the line (keyopts.go). A line that
// cannot be used is skipped with a warning; a key named on a refused line
// stays out even if another line names it plainly, so a restriction is
// never lost to a second line.
func parseKeys(data []byte, zone *time.Location, warn func(line int, msg string)) map[string]grant {
	grants := map[string]grant{}
	refused := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, comment, options, _, err := ssh.ParseAuthorizedKey([]byte(line))
		if err != nil {
			warn(n, "not a public key; skipped")
			continue
		}
		fp := gossh.FingerprintSHA256(key)
		limits, err := parseKeyOptions(options, zone)
		if err != nil {
			warn(n, fmt.Sprintf("%s; key %s refused", err, fp))
			refused[fp] = true
			continue
		}
		name := strings.TrimSpace(comment)
		if !profileName.MatchString(name) {
			warn(n, "the comment after the key must name the profile (a letter or digit, then letters, digits, . _ @ -; at most 64); skipped")
			continue
		}
		if prev, dup := grants[fp]; dup {
			warn(n, fmt.Sprintf("key already listed on line %d (profile %s); skipped", prev.line, prev.profile))
			continue
		}
		grants[fp] = grant{profile: name, line: n, limits: limits}
	}
	for fp := range refused {
		delete(grants, fp)
	}
	return grants
}
