package config

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// theme = "auto" | "light" | "dark" (issue 28 §6): read, defaulted, and
// any other word refused with the three named.
func TestThemeSetting(t *testing.T) {
	env := testEnv(t)
	cfg, err := Resolve(env, Overrides{})
	if err != nil || cfg.Theme != "auto" {
		t.Fatalf("default theme = %q (%v), want auto", cfg.Theme, err)
	}
	for _, word := range []string{"auto", "light", "dark"} {
		writeConfig(t, env, "theme = \""+word+"\"\n")
		if cfg, err := Resolve(env, Overrides{}); err != nil || cfg.Theme != word {
			t.Errorf("theme %q read as %q (%v)", word, cfg.Theme, err)
		}
	}
	writeConfig(t, env, "theme = \"solarized\"\n")
	_, err = Resolve(env, Overrides{})
	if err == nil || !strings.Contains(err.Error(), `"auto", "light" or "dark"`) || !strings.Contains(err.Error(), "solarized") {
		t.Errorf("an unknown theme: %v", err)
	}
}

// README's config example is a config file hrdesk reads, and it documents
// the theme with its three words.
func TestReadmeConfigExampleSetsTheTheme(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile("(?s)```toml\n(# ~/.config/hrdesk/config.toml\n.*?)```").FindSubmatch(readme)
	if block == nil {
		t.Fatal("README has no config.toml example")
	}
	line := regexp.MustCompile(`(?m)^theme = .*$`).Find(block[1])
	if line == nil {
		t.Fatal("README's config example does not set theme")
	}
	for _, word := range []string{"auto", "light", "dark"} {
		if !strings.Contains(string(line), word) {
			t.Errorf("README's theme line does not name %q: %s", word, line)
		}
	}
	env := testEnv(t)
	writeConfig(t, env, string(block[1]))
	cfg, err := Resolve(env, Overrides{})
	if err != nil {
		t.Fatalf("README's config example does not load: %v", err)
	}
	if cfg.Theme != "auto" {
		t.Errorf("README's example theme = %q", cfg.Theme)
	}
}
