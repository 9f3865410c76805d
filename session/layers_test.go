package session

import (
	"go/build"
	"path/filepath"
	"strings"
	"testing"
)

// The session is below both faces and knows nothing of Bubble Tea (issue
// 29 §6): ui wraps its blocking calls in commands. Read from the sources
// (go/build, nothing compiled): the session's production files and every
// package of ours they reach.
func TestTheSessionKnowsNothingOfBubbleTea(t *testing.T) {
	seen := map[string]bool{}
	var walk func(path, dir string)
	walk = func(path, dir string) {
		if seen[path] {
			return
		}
		seen[path] = true
		pkg, err := build.ImportDir(dir, 0)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, imp := range pkg.Imports {
			switch {
			case strings.Contains(imp, "bubbletea"):
				t.Errorf("%s imports %s", path, imp)
			case strings.HasPrefix(imp, "hrdesk/"):
				walk(imp, filepath.Join("..", strings.TrimPrefix(imp, "hrdesk/")))
			}
		}
	}
	walk("hrdesk/session", ".")
	if !seen["hrdesk/session/feed"] || !seen["hrdesk/syncer"] {
		t.Errorf("the walk missed the session's imports: %v", seen)
	}
}
