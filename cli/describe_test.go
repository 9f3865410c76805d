package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A move to a user folder names the folder (issue 10, defect 8: the CLI
// printed `move → 501`).
func TestMoveNamesTheFolder(t *testing.T) {
	e := newEnv(t)
	cfgDir := filepath.Join(e.dir, "cfg", "hrdesk")
	os.MkdirAll(cfgDir, 0o700)
	os.WriteFile(filepath.Join(cfgDir, "config.toml"), []byte("requests_per_minute = 60000\n[[folders]]\nid = 501\nname = \"Shortlist\"\n"), 0o600)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	id := firstResume(t, e)
	for _, tc := range []struct{ folder, want string }{
		{"Shortlist", "move → Shortlist"},
		{"501", "move → Shortlist"},
		{"777", "move → folder 777"},
		{"considered", "move → considered"},
	} {
		code, out, errs := e.run("", "move", id, tc.folder)
		if code != 0 {
			t.Fatalf("move %s: %s", tc.folder, errs)
		}
		if !strings.Contains(out, tc.want) {
			t.Errorf("move %s printed %q, want %q", tc.folder, out, tc.want)
		}
	}
	if _, out, _ := e.run("", "outbox", "--all"); !strings.Contains(out, "move → Shortlist") {
		t.Errorf("outbox does not name the folder:\n%s", out)
	}
}
