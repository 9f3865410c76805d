package session

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hrdesk/config"
	"hrdesk/store"
)

// The profile's cache opens in its data directory, made private first; a
// file where the directory should be is a DirError the front end words
// (the directory cannot be made: DirCannotCreate), and nothing is opened.
func TestTheCacheOpensInAPrivateDirectory(t *testing.T) {
	cfg := config.Defaults(config.EnvFromList(nil))
	cfg.DataDir = filepath.Join(t.TempDir(), "data")
	p := &Profile{Config: cfg}
	if err := os.WriteFile(cfg.DataDir, []byte("not a directory"), 0o600); err != nil {
		t.Fatal(err)
	}
	var de *DirError
	if st, err := p.OpenCache(store.Options{}); !errors.As(err, &de) || de.Problem != DirCannotCreate || de.Dir != cfg.DataDir {
		if st != nil {
			st.Close()
		}
		t.Fatalf("a file at the data directory: %v, want its DirCannotCreate", err)
	}
	if err := os.Remove(cfg.DataDir); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(cfg.DataDir, 0o755); err != nil {
		t.Fatal(err)
	}
	st, err := p.OpenCache(store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	fi, err := os.Stat(cfg.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		t.Errorf("the data directory stays %o, readable by others", perm)
	}
	if last, err := LastSync(context.Background(), st); err != nil || !last.IsZero() {
		t.Errorf("a new cache's last sync: %v %v, want none", last, err)
	}
}

// What `hrdesk status` and `hrdesk logout` read of a profile nobody logged
// in on: no login (ErrNoToken, and nothing asked of the service), no
// shared budget without budget_url, and one that does not answer said
// unreachable with its password taken out.
func TestAProfilesFilesWithoutALogin(t *testing.T) {
	cfg := config.Defaults(config.EnvFromList(nil))
	cfg.BaseURL, cfg.ClientID, cfg.Secret = "http://127.0.0.1:9", 1000, "v3.r.test-secret"
	cfg.DataDir = t.TempDir()
	p := &Profile{Config: cfg}
	if _, err := p.StoredLogin(); !errors.Is(err, ErrNoToken) {
		t.Errorf("the stored login of a new profile: %v, want ErrNoToken", err)
	}
	if serverErr, err := p.Logout(context.Background()); serverErr != nil || !errors.Is(err, ErrNoToken) {
		t.Errorf("logout without a login: %v, %v; want ErrNoToken alone", serverErr, err)
	}
	if _, ok := p.ReadSharedBudget(context.Background()); ok {
		t.Error("a profile without budget_url read a shared budget")
	}
	const secret = "pa55-w0rd"
	p.Config.BudgetURL = "postgres://someone:" + secret + "@127.0.0.1:1/budget?connect_timeout=5"
	r, ok := p.ReadSharedBudget(context.Background())
	if !ok || !r.Unreachable || r.Unusable || r.Why == "" {
		t.Errorf("a shared budget nobody answers: %+v, want unreachable with a reason", r)
	}
	if strings.Contains(r.Where+r.Why, secret) || !strings.Contains(r.Where, "someone:xxxxx@127.0.0.1:1") {
		t.Errorf("the budget's address and reason: %q, %q; want the password out", r.Where, r.Why)
	}
	if r.Alone < 1 {
		t.Errorf("each process alone takes %d a window", r.Alone)
	}
}
