package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func ptr[T any](v T) *T { return &v }

func testEnv(t *testing.T, extra ...string) Env {
	t.Helper()
	dir := t.TempDir()
	return EnvFromList(append([]string{"HOME=" + dir, "XDG_CONFIG_HOME=" + filepath.Join(dir, "cfg")}, extra...))
}

func writeConfig(t *testing.T, env Env, body string) {
	t.Helper()
	path := DefaultConfigFile(env)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestDefaults(t *testing.T) {
	env := testEnv(t)
	cfg, err := Resolve(env, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.BaseURL != DefaultBaseURL || cfg.HistoryDays != 365 || cfg.Scope != "mine" {
		t.Errorf("defaults: %+v", cfg)
	}
	home, _ := env("HOME")
	if want := filepath.Join(home, ".local", "share", "hrdesk"); cfg.DataDir != want {
		t.Errorf("DataDir = %q, want %q", cfg.DataDir, want)
	}
}

func TestPrecedence(t *testing.T) {
	env := testEnv(t, "HRDESK_CLIENT_ID=200", "HRDESK_BASE_URL=http://127.0.0.1:9")
	writeConfig(t, env, `
base_url = "https://file.example"
client_id = 100
secret = "from-file"
history_days = 30
[[folders]]
id = 7
name = "Shortlist"
[keys]
invite = ["I"]
`)
	cfg, err := Resolve(env, Overrides{Secret: ptr("from-flag")})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.ClientID != 200 {
		t.Errorf("env must beat file: ClientID = %d", cfg.ClientID)
	}
	if cfg.BaseURL != "http://127.0.0.1:9" {
		t.Errorf("env must beat file: BaseURL = %q", cfg.BaseURL)
	}
	if cfg.Secret != "from-flag" {
		t.Errorf("flag must beat file: Secret = %q", cfg.Secret)
	}
	if cfg.HistoryDays != 30 || len(cfg.Folders) != 1 || cfg.Folders[0].Name != "Shortlist" || cfg.Keys["invite"][0] != "I" {
		t.Errorf("file settings lost: %+v", cfg)
	}
	cfg, err = Resolve(env, Overrides{BaseURL: ptr("https://flag.example/")})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.BaseURL != "https://flag.example" {
		t.Errorf("flag must beat env, trailing slash trimmed: %q", cfg.BaseURL)
	}
}

func TestBadConfigFile(t *testing.T) {
	env := testEnv(t)
	writeConfig(t, env, "client_id = \n")
	_, err := Resolve(env, Overrides{})
	if err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Fatalf("want an error naming the line, got %v", err)
	}
	writeConfig(t, env, "colour = \"red\"\n")
	_, err = Resolve(env, Overrides{})
	if err == nil || !strings.Contains(err.Error(), "colour") {
		t.Fatalf("want an error naming the unknown setting, got %v", err)
	}
	_, err = Resolve(env, Overrides{ConfigFile: ptr(filepath.Join(t.TempDir(), "missing.toml"))})
	if err == nil {
		t.Fatal("an explicitly named config file that is missing must be an error")
	}
}

func TestBadEnv(t *testing.T) {
	_, err := Resolve(testEnv(t, "HRDESK_CLIENT_ID=abc"), Overrides{})
	if err == nil || !strings.Contains(err.Error(), "HRDESK_CLIENT_ID") {
		t.Fatalf("got %v", err)
	}
}

func TestCheckBaseURL(t *testing.T) {
	for _, ok := range []string{"https://api.superjob.ru", "http://127.0.0.1:8080", "http://localhost:1", "http://[::1]:80"} {
		if err := CheckBaseURL(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"http://api.superjob.ru", "http://10.0.0.1", "ftp://x", "api.superjob.ru", ""} {
		if err := CheckBaseURL(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

func TestValidate(t *testing.T) {
	env := testEnv(t)
	if _, err := Resolve(env, Overrides{Scope: ptr("everyone")}); err == nil {
		t.Error("bad scope accepted")
	}
	if _, err := Resolve(env, Overrides{Language: ptr("fr")}); err == nil {
		t.Error("bad language accepted")
	}
}

func TestMouseSetting(t *testing.T) {
	env := testEnv(t)
	cfg, err := Resolve(env, Overrides{})
	if err != nil || !cfg.MouseOn() {
		t.Errorf("mouse is on by default: %v %v", cfg.MouseOn(), err)
	}
	writeConfig(t, env, "mouse = false\n")
	cfg, err = Resolve(env, Overrides{})
	if err != nil || cfg.MouseOn() {
		t.Errorf("mouse = false: %v %v", cfg.MouseOn(), err)
	}
}

func TestStaleAfter(t *testing.T) {
	for in, want := range map[string]time.Duration{"": DefaultStaleAfter, "3d": 72 * time.Hour, "36h": 36 * time.Hour} {
		c := Config{StaleAfter: in}
		if got := c.StaleAfterDuration(); got != want {
			t.Errorf("%q: %v, want %v", in, got, want)
		}
	}
	for _, bad := range []string{"week", "-1d", "0h", "7 days"} {
		c := Defaults(EnvFromList(nil))
		c.DataDir = "/tmp/x"
		c.StaleAfter = bad
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "stale_after") {
			t.Errorf("%q accepted: %v", bad, err)
		}
	}
}
