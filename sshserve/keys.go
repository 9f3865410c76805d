package sshserve

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"
	"time"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// profileName is what a key's comment may be: it becomes a directory name.
var profileName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$`)

// Keys maps public keys to profiles from an OpenSSH authorized_keys file.
// The file is looked at again on every login attempt and re-read when it
// changed, so adding or removing a recruiter needs no restart.
type Keys struct {
	path string
	warn func(string)

	mu       sync.Mutex
	modTime  time.Time
	size     int64
	loaded   bool
	profiles map[string]string // key fingerprint (SHA256) → profile
}

// NewKeys reads path once; warn receives one line per unusable entry.
func NewKeys(path string, warn func(string)) (*Keys, error) {
	k := &Keys{path: path, warn: warn}
	if err := k.refresh(); err != nil {
		return nil, err
	}
	return k, nil
}

// Profile names the profile of key, or reports that the key is unknown.
func (k *Keys) Profile(key ssh.PublicKey) (string, bool) {
	if err := k.refresh(); err != nil {
		// Keep serving the last good list: a half-saved file must not
		// lock everyone out, nor let anyone in.
		k.warn(err.Error())
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	p, ok := k.profiles[gossh.FingerprintSHA256(key)]
	return p, ok
}

// Len is the number of usable keys.
func (k *Keys) Len() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.profiles)
}

func (k *Keys) refresh() error {
	fi, err := os.Stat(k.path)
	if err != nil {
		return fmt.Errorf("authorized keys: %w", err)
	}
	k.mu.Lock()
	same := k.loaded && fi.ModTime().Equal(k.modTime) && fi.Size() == k.size
	k.mu.Unlock()
	if same {
		return nil
	}
	data, err := os.ReadFile(k.path)
	if err != nil {
		return fmt.Errorf("authorized keys: %w", err)
	}
	profiles := parseKeys(data, k.warn)
	k.mu.Lock()
	k.profiles, k.modTime, k.size, k.loaded = profiles, fi.ModTime(), fi.Size(), true
	k.mu.Unlock()
	return nil
}

// parseKeys reads authorized_keys lines: options are allowed and ignored,
// the comment names the profile. Lines without a usable name are skipped.
func parseKeys(data []byte, warn func(string)) map[string]string {
	profiles := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, comment, _, _, err := ssh.ParseAuthorizedKey([]byte(line))
		if err != nil {
			warn(fmt.Sprintf("authorized keys line %d: not a public key; skipped", n))
			continue
		}
		name := strings.TrimSpace(comment)
		if !profileName.MatchString(name) {
			warn(fmt.Sprintf("authorized keys line %d: the comment after the key must name the profile (letters, digits, . _ @ -); skipped", n))
			continue
		}
		fp := gossh.FingerprintSHA256(key)
		if prev, dup := profiles[fp]; dup && prev != name {
			warn(fmt.Sprintf("authorized keys line %d: key already given to profile %s; skipped", n, prev))
			continue
		}
		profiles[fp] = name
	}
	return profiles
}
