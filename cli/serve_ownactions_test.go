package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hrdesk/config"
	"hrdesk/fakeapi"
)

// TestServeNeverRunsOwnActions holds issue 31 §3: a session served over
// SSH never starts a program on the server, so config.toml's [[actions]]
// are neither listed (help, the palette) nor run by their key there,
// while the same config gives a local workstation the action.
func TestServeNeverRunsOwnActions(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts an SSH server")
	}
	e := newEnv(t)
	marker := filepath.Join(e.dir, "action-ran")
	script := filepath.Join(e.dir, "action.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho ran > '"+marker+"'\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(e.dir, "cfg", "hrdesk", "config.toml")
	if err := os.WriteFile(cfg, []byte("requests_per_minute = 60000\n\n[[actions]]\nkey = \"P\"\nname = \"Leave a marker\"\ncommand = [\""+
		script+"\", \"{{.ResumeID}}\"]\n"), 0o600); err != nil {
		t.Fatal(err)
	}

	// Locally the same config binds it.
	local := &app{Streams: Streams{Out: &strings.Builder{}, Err: &strings.Builder{}}, env: config.EnvFromList(e.vars)}
	local.global.set = map[string]bool{}
	if err := local.loadConfig(); err != nil {
		t.Fatal(err)
	}
	if built, err := local.workstationOptions(t, nil); err != nil || len(built.Own) != 1 || built.Own[0].Name != "Leave a marker" {
		t.Fatalf("a local workstation's actions: %+v %v", built.Own, err)
	}

	root := filepath.Join(e.dir, "serve")
	alice := newRecruiter(t, "alice")
	if code, _, errs := e.run(fakeapi.DemoPassword+"\n", "--data-dir", filepath.Join(root, "profiles", "alice"),
		"login", "--login", fakeapi.DemoLogin, "--password-stdin"); code != 0 {
		t.Fatal(errs)
	}
	keysFile := filepath.Join(e.dir, "authorized_keys")
	writeKeys(t, keysFile, alice)
	srv := startServe(t, e.vars, root, keysFile)
	defer srv.stop()

	a := mustDial(t, srv.addr, alice, 140, 40)
	a.waitFor(t, "online  •  synced")
	a.waitFor(t, "Inbox ·")
	// Help lists no own action.
	a.keys(t, "?")
	a.waitFor(t, "finds any action")
	if scr := a.screen.String(); strings.Contains(scr, "Leave a marker") || strings.Contains(scr, "Own actions") {
		t.Errorf("a served session's help lists an own action:\n%s", scr)
	}
	a.keys(t, "?") // closes help (esc then P would read as one escape sequence)
	a.waitFor(t, "Inbox ·")
	// Its key does nothing: the palette opened after it (keys are handled
	// in order, and a box of the action would take the ':') finds nothing
	// by its name.
	a.keys(t, "P")
	a.keys(t, ":")
	a.keys(t, "marker")
	a.waitFor(t, "nothing matches")
	if scr := a.screen.String(); strings.Contains(scr, "Leave a marker") {
		t.Errorf("a served session's palette lists an own action:\n%s", scr)
	}
	a.keys(t, "\x1b")
	a.keys(t, "q")
	a.client.Close()
	waitLog(t, srv, "end profile=alice")
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("an own action ran on the server for a remote session")
	}
}
