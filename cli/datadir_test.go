package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"hrdesk/config"
	"hrdesk/fakeapi"
)

// The data directory holds applicants' personal data: everything hrdesk
// writes there is the owner's alone, even in a directory made by hand.
func TestDataDirIsPrivate(t *testing.T) {
	e := newEnv(t)
	data := filepath.Join(e.dir, "data")
	os.RemoveAll(data) // a first run: hrdesk makes the cache, not newEnv
	if err := os.MkdirAll(data, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chmod(data, 0o755)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := e.run("", "comment", firstResume(t, e), "позвонить"); code != 0 {
		t.Fatal(errs)
	}
	entries, err := os.ReadDir(data)
	if err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(data); fi.Mode().Perm() != 0o700 {
		t.Errorf("data dir mode %v, want 0700", fi.Mode().Perm())
	}
	for _, de := range entries {
		fi, _ := de.Info()
		if fi.Mode().Perm()&0o077 != 0 {
			t.Errorf("%s has mode %v: others can read it", de.Name(), fi.Mode().Perm())
		}
	}
	if len(entries) < 2 {
		t.Fatalf("expected the cache and the token, found %d files", len(entries))
	}
}

// firstResume is a resume id from the cache, for commands that take one.
func firstResume(t *testing.T, e *env) string {
	t.Helper()
	code, out, errs := e.run("", "export", "--format", "csv", "--folder", "inbox")
	if code != 0 {
		t.Fatal(errs)
	}
	lines := strings.Split(out, "\n")
	if len(lines) < 2 {
		t.Fatalf("no resumes in the inbox:\n%s", out)
	}
	id, _, _ := strings.Cut(lines[1], ",")
	return id
}

func TestConfigSecretReadableByOthers(t *testing.T) {
	e := newEnv(t)
	cfgFile := filepath.Join(e.dir, "config.toml")
	if err := os.WriteFile(cfgFile, []byte("client_id = 1000\nsecret = \""+fakeapi.DemoSecret+"\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []os.FileMode{0o644, 0o600} {
		os.Chmod(cfgFile, mode)
		code, out, errs := e.run("", "--config", cfgFile, "status")
		if code != 0 {
			t.Fatalf("mode %v: %s", mode, errs)
		}
		warned := strings.Contains(errs, "others can read it") && strings.Contains(errs, "chmod 600 "+cfgFile)
		if warned != (mode == 0o644) {
			t.Errorf("mode %v: warned=%v:\n%s", mode, warned, errs)
		}
		if strings.Count(errs, "warning:") > 1 {
			t.Errorf("mode %v: the warning is repeated:\n%s", mode, errs)
		}
		if strings.Contains(out+errs, fakeapi.DemoSecret) {
			t.Fatal("the secret was printed")
		}
	}
}

func TestDamagedCacheSaysWhatToDo(t *testing.T) {
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	cache := filepath.Join(e.dir, "data", "cache.db")
	// A copy of the cache without its WAL, cut in half, as after a full disk.
	os.Remove(cache + "-wal")
	os.Remove(cache + "-shm")
	fi, err := os.Stat(cache)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(cache, fi.Size()/2); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"status", "sync"} {
		code, _, errs := e.run("", cmd)
		if code == 0 || !strings.Contains(errs, "is damaged: move it away") || !strings.Contains(errs, "hrdesk sync") {
			t.Errorf("%s on a truncated cache: %d %s", cmd, code, errs)
		}
	}
}

// A read-only data directory is named as such, and login finds out before it
// asks the server for a session it could not keep. Root writes anywhere, so
// as root the commands run in a copy of this test binary as nobody.
func TestReadOnlyDataDir(t *testing.T) {
	if os.Getenv("HRDESK_TEST_READONLY_CHILD") != "" {
		readOnlyChild()
		return
	}
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	data := filepath.Join(e.dir, "data")
	fresh := filepath.Join(e.dir, "fresh") // a read-only directory that never held a cache
	if err := os.Mkdir(fresh, 0o755); err != nil {
		t.Fatal(err)
	}
	// Readable and searchable by everyone, writable by nobody but root.
	for _, p := range []string{e.dir, filepath.Dir(e.dir), data, fresh, filepath.Join(e.dir, "cfg"), filepath.Join(e.dir, "cfg", "hrdesk")} {
		os.Chmod(p, 0o755)
	}
	os.Chmod(filepath.Join(e.dir, "cfg", "hrdesk", "config.toml"), 0o644) // no secret in it
	filepath.WalkDir(data, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			os.Chmod(p, 0o644)
		}
		return nil
	})
	os.Chmod(data, 0o555)
	os.Chmod(fresh, 0o555)
	defer os.Chmod(data, 0o700)

	e.srv.ResetRequests()
	for _, tc := range []struct {
		dir  string
		args []string
		in   string
	}{
		{data, []string{"status"}, ""},
		{fresh, []string{"status"}, ""},
		{fresh, []string{"login", "--login", fakeapi.DemoLogin, "--password-stdin"}, fakeapi.DemoPassword + "\n"},
	} {
		code, errs := runAsOther(t, e, tc.dir, tc.in, tc.args...)
		want := "the data directory " + tc.dir + " is read-only"
		if code == 0 || !strings.Contains(errs, want) {
			t.Errorf("%v in %s: exit %d, stderr %q; want %q", tc.args, tc.dir, code, errs, want)
		}
	}
	for k, n := range e.srv.Requests() {
		if strings.Contains(k, "oauth2") {
			t.Errorf("login asked the server for a session it could not keep: %s ×%d", k, n)
		}
	}
}

// runAsOther runs hrdesk with dir as its data directory, as nobody when the
// test runs as root (so permissions apply), in process otherwise.
func runAsOther(t *testing.T, e *env, dir, in string, args ...string) (int, string) {
	t.Helper()
	args = append([]string{"--data-dir", dir}, args...)
	if os.Geteuid() != 0 {
		var errb bytes.Buffer
		code := Run(context.Background(), args, Streams{In: strings.NewReader(in), Out: io.Discard, Err: &errb}, config.EnvFromList(e.vars))
		return code, errb.String()
	}
	bin := filepath.Join(e.dir, "hrdesk.test")
	if _, err := os.Stat(bin); err != nil {
		self, err := os.ReadFile(os.Args[0])
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(bin, self, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-test.run=^TestReadOnlyDataDir$")
	cmd.Env = append(append([]string{"HRDESK_TEST_READONLY_CHILD=1", "HRDESK_TEST_ARGS=" + strings.Join(args, "\x1f")}, e.vars...), "TMPDIR="+e.dir)
	cmd.Stdin = strings.NewReader(in)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), errb.String()
	} else if err != nil {
		t.Fatalf("cannot run as nobody: %v", err)
	}
	return 0, errb.String()
}

// readOnlyChild is the other process of TestReadOnlyDataDir.
func readOnlyChild() {
	args := strings.Split(os.Getenv("HRDESK_TEST_ARGS"), "\x1f")
	os.Exit(Run(context.Background(), args, Streams{In: os.Stdin, Out: io.Discard, Err: os.Stderr}, config.OSEnv()))
}
