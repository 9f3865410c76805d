package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// A profile name that would leave the profiles directory opens nothing,
// even if it got past sshserve's own rule (defence in depth).
func TestProfilesStayInTheirDirectory(t *testing.T) {
	data := t.TempDir()
	root := filepath.Join(data, "profiles")
	p := newProfiles(&app{}, root)
	for _, name := range []string{"..", ".", "", "../x", "a/b", "a/../b", "/etc", "a\x00b"} {
		if _, err := p.pool.Acquire(name); err == nil {
			t.Errorf("profile %q opened", name)
			p.pool.Release(name)
		}
	}
	if entries, _ := os.ReadDir(data); len(entries) != 0 {
		t.Errorf("the refused names left %v in the data directory", entries)
	}
	// A plain name opens its own directory.
	if _, err := p.pool.Acquire("alice"); err != nil {
		t.Fatal(err)
	}
	p.pool.Release("alice")
	if _, err := os.Stat(filepath.Join(root, "alice", "cache.db")); err != nil {
		t.Errorf("alice's cache: %v", err)
	}
}
