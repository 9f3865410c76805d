package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hrdesk/config"
	"hrdesk/fakeapi"
	"hrdesk/internal/testkit/testwait"
)

// TestServeNeverStartsTheEditor is the attack of issue 9: a recruiter on
// `hrdesk serve` presses ctrl+o in the letter dialog. On the server,
// $VISUAL and $EDITOR name a script that leaves a marker; it must never
// run, and the status line says why in the session's language.
func TestServeNeverStartsTheEditor(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts an SSH server")
	}
	e := newEnv(t)
	marker := filepath.Join(e.dir, "editor-ran")
	script := filepath.Join(e.dir, "editor.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"$@\" > '"+marker+"'\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	e.vars = append(e.vars, "EDITOR="+script, "VISUAL="+script)

	// The script works: a local workstation would run it.
	local, err := (&app{env: config.EnvFromList(e.vars)}).workstationOptions(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	cmd, err := local.Editor.Command(filepath.Join(e.dir, "letter.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Run(); err != nil {
		t.Fatalf("the marker script does not run locally: %v", err)
	}
	if _, err := os.Stat(marker); err != nil {
		t.Fatalf("the marker script left no marker locally: %v", err)
	}
	os.Remove(marker)

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

	for _, tc := range []struct {
		lang, synced, dialog, says string
	}{
		{"en_US.UTF-8", "online  •  synced", "tab next field", "not available over SSH"},
		{"ru_RU.UTF-8", "в сети  •  синхронизировано", "tab следующее поле", "недоступен по SSH"},
	} {
		tm, err := dialTerm(srv.addr, alice, "xterm-256color", map[string]string{"LANG": tc.lang}, 140, 40)
		if err != nil {
			t.Fatal(err)
		}
		tm.waitFor(t, tc.synced)
		// The list may still be loading its first page after the sync
		// (no resume under the cursor yet): press i until the dialog opens.
		testwait.Until(t, tc.lang+": the letter dialog open", func() string {
			if scr := tm.screen.String(); !strings.Contains(scr, tc.dialog) {
				tm.keys(t, "i")
				time.Sleep(100 * time.Millisecond) // a key a frame, not a flood
				return scr
			}
			return ""
		})
		if strings.Contains(tm.screen.String(), "ctrl+o") {
			t.Errorf("%s: the dialog offers ctrl+o over SSH:\n%s", tc.lang, tm.screen.String())
		}
		tm.keys(t, "\x0f") // ctrl+o
		tm.waitFor(t, tc.says)
		tm.keys(t, "\t\t") // into the body: the inline editor still works
		tm.keys(t, "\x0f") // and ctrl+o from there too
		// Keys are handled in order, and an editor would run before the
		// next key (tea.ExecProcess holds the program until it exits):
		// once the text typed after ctrl+o shows, the editor had its turn.
		tm.keys(t, "qzxv")
		tm.waitFor(t, "qzxv")
		if _, err := os.Stat(marker); err == nil {
			t.Fatalf("%s: the server's $EDITOR ran for a remote session", tc.lang)
		}
		tm.keys(t, "\x1b")
		tm.keys(t, "q")
		tm.client.Close()
		waitLog(t, srv, "end profile=alice")
	}
}
