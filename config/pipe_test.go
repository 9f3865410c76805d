//go:build unix

package config

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"hrdesk/internal/testkit/testwait"
)

// A named pipe at --config, or where config.toml is looked for, is refused
// at once with what it is (issue 26 §1): it used to block hrdesk for ever
// before any command began. A link to a regular file is read: users link
// their config from a dotfiles repository.
func TestConfigFileIsAPipe(t *testing.T) {
	env := testEnv(t)
	fifo := DefaultConfigFile(env)
	if err := os.MkdirAll(filepath.Dir(fifo), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	want := "config file " + fifo + " is a named pipe (FIFO); hrdesk reads only a regular file there"
	for name, resolve := range map[string]func() error{
		"--config":    func() error { _, err := Resolve(testEnv(t), Overrides{ConfigFile: &fifo}); return err },
		"config.toml": func() error { _, err := Resolve(env, Overrides{}); return err },
		"the demo's":  func() error { _, err := ResolveLocal(env, Overrides{}); return err },
	} {
		var err error
		testwait.Within(t, 10*time.Second, "reading "+name+" on a pipe", func() { err = resolve() })
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %q", name, err, want)
		}
	}
}

func TestConfigFileThroughALink(t *testing.T) {
	dir := t.TempDir()
	real, link := filepath.Join(dir, "dotfiles.toml"), filepath.Join(dir, "config.toml")
	if err := os.WriteFile(real, []byte("language = \"en\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("dotfiles.toml", link); err != nil {
		t.Fatal(err)
	}
	cfg, err := Resolve(testEnv(t), Overrides{ConfigFile: &link})
	if err != nil || cfg.Language != "en" {
		t.Errorf("a linked config: %q, %v", cfg.Language, err)
	}
}
