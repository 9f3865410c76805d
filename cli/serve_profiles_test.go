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
	p := &profiles{base: &app{}, root: root, open: map[string]*openProfile{}, closing: map[string]chan struct{}{}}
	for _, name := range []string{"..", ".", "", "../x", "a/b", "a/../b", "/etc", "a\x00b"} {
		if _, err := p.acquire(name); err == nil {
			t.Errorf("profile %q opened", name)
			p.release(name)
		}
	}
	if entries, _ := os.ReadDir(data); len(entries) != 0 {
		t.Errorf("the refused names left %v in the data directory", entries)
	}
	// A plain name opens its own directory.
	if _, err := p.acquire("alice"); err != nil {
		t.Fatal(err)
	}
	p.release("alice")
	if _, err := os.Stat(filepath.Join(root, "alice", "cache.db")); err != nil {
		t.Errorf("alice's cache: %v", err)
	}
}
