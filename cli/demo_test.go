package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/config"
)

// --demo honours --data-dir: the demo's cache is kept there and reused, and
// a directory holding anything else is refused before a byte is written.
func TestDemoKeepsItsDataDir(t *testing.T) {
	e := newEnv(t)
	dir := filepath.Join(e.dir, "demo-data")
	for range 2 { // the second run reuses what the first made
		code, out, errs := e.run("", "--demo", "--data-dir", dir)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		if !strings.Contains(out, "inbox") {
			t.Errorf("no status of the demo's inbox:\n%s", out)
		}
		if _, err := os.Stat(filepath.Join(dir, "cache.db")); err != nil {
			t.Fatalf("the demo's cache is not in --data-dir: %v", err)
		}
	}

	real := filepath.Join(e.dir, "real")
	os.MkdirAll(real, 0o700)
	os.WriteFile(filepath.Join(real, "cache.db"), []byte("a recruiter's real cache"), 0o600)
	code, _, errs := e.run("", "--demo", "--data-dir", real)
	if code != 2 || !strings.Contains(errs, "already holds other data") {
		t.Errorf("a real data dir was not refused: exit %d, %s", code, errs)
	}
	if b, _ := os.ReadFile(filepath.Join(real, "cache.db")); string(b) != "a recruiter's real cache" {
		t.Error("the demo wrote over a real cache")
	}
}

// --demo reads the recruiter's config.toml (or --config) for keys and
// settings, but never its service, credentials or data directory.
func TestDemoUsesTheRecruitersSettings(t *testing.T) {
	e := newEnv(t)
	own := filepath.Join(e.dir, "own-data")
	cfgFile := filepath.Join(e.dir, "my.toml")
	os.WriteFile(cfgFile, []byte(`language = "ru"
base_url = "https://api.example.com"
data_dir = "`+own+`"
[keys]
down = ["alt+j"]
`), 0o600)
	a := &app{env: config.EnvFromList(e.vars)}
	a.global.set = map[string]bool{"config": true}
	a.global.configFile = cfgFile
	stop, err := a.startDemoService("")
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	c, _, err := a.uiCommon()
	if err != nil {
		t.Fatal(err)
	}
	if !key.Matches(tea.KeyPressMsg{Code: 'j', Mod: tea.ModAlt}, c.Keys.Down) {
		t.Error("the config's [keys] did not reach the demo")
	}
	if a.cfg.Language != "ru" {
		t.Errorf("language %q, want the config's ru", a.cfg.Language)
	}
	if a.cfg.BaseURL == "https://api.example.com" || a.cfg.DataDir == own {
		t.Errorf("the demo took the config's service or data dir: %s %s", a.cfg.BaseURL, a.cfg.DataDir)
	}

	// A broken config is reported, not silently skipped.
	os.WriteFile(cfgFile, []byte("language = \n"), 0o600)
	if code, _, errs := e.run("", "--demo", "--config", cfgFile); code == 0 || !strings.Contains(errs, cfgFile) {
		t.Errorf("a broken --config with --demo: exit %d, %s", code, errs)
	}
}

func TestDemoServerNewResponsesFlag(t *testing.T) {
	e := newEnv(t)
	if code, _, errs := e.run("", "demo-server", "--new-responses", "-1"); code != 2 || !strings.Contains(errs, "--new-responses") {
		t.Errorf("a negative count: %d %q", code, errs)
	}
}

// The demo's user folders are the site's (issue 28 §1): it opens with
// «Кадровый резерв» and «Шорт-лист» holding what the site keeps there (5
// and 3, letters and forwards after the move included), and no folder of
// the site left unnamed.
func TestTheDemosFoldersAreTheSites(t *testing.T) {
	e := newEnv(t)
	code, out, errs := e.run("", "--demo")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{`(?m)^Кадровый резерв +5 `, `(?m)^Шорт-лист +3 `} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("the demo's status has no line %s:\n%s", want, out)
		}
	}
	if strings.Contains(out, "config.toml does not name") {
		t.Errorf("the demo leaves a site folder unnamed:\n%s", out)
	}
}
