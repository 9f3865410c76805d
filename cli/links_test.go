//go:build unix

package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Paths the user names (issue 26 §1): a link there is never followed nor
// replaced, a pipe never waited on. Each case plants what another user of
// a shared temp directory could, and checks the refusal's words and that
// the file the link names comes out byte for byte.

// planted is a temp directory with another user's file in it.
type planted struct {
	t      *testing.T
	dir    string
	victim string // "~victim/.bashrc"
	data   []byte
}

func plant(t *testing.T) *planted {
	t.Helper()
	p := &planted{t: t, dir: t.TempDir(), data: []byte("export PATH=$HOME/bin:$PATH\n")}
	p.victim = filepath.Join(p.dir, ".bashrc")
	if err := os.WriteFile(p.victim, p.data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// link plants name → target (relative to the directory) and returns its path.
func (p *planted) link(name, target string) string {
	p.t.Helper()
	path := filepath.Join(p.dir, name)
	if err := os.Symlink(target, path); err != nil {
		p.t.Fatal(err)
	}
	return path
}

// fifo plants a named pipe nobody reads.
func (p *planted) fifo(name string) string {
	p.t.Helper()
	path := filepath.Join(p.dir, name)
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		p.t.Skipf("no named pipes here: %v", err)
	}
	return path
}

// intact checks the victim is as planted, the planted paths are still what
// they were (a link, a pipe), and nothing else appeared beside them.
func (p *planted) intact(kept ...string) {
	p.t.Helper()
	fi, err := os.Lstat(p.victim)
	data, _ := os.ReadFile(p.victim)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o644 || !bytes.Equal(data, p.data) {
		p.t.Errorf("the victim's file was changed: %v %v %q", fi.Mode(), err, data)
	}
	for _, path := range kept {
		if fi, err := os.Lstat(path); err != nil || fi.Mode().IsRegular() {
			p.t.Errorf("%s was replaced by a file: %v", path, err)
		}
	}
	if extra := leftovers(p.t, p.dir, append([]string{".bashrc"}, baseNames(kept)...)...); len(extra) > 0 {
		p.t.Errorf("left beside them: %v", extra)
	}
}

func baseNames(paths []string) []string {
	var names []string
	for _, p := range paths {
		names = append(names, filepath.Base(p))
	}
	return names
}

func TestExportRefusesALink(t *testing.T) {
	e := newEnv(t)
	e.cacheApplicant()
	p := plant(t)
	link, dangling := p.link("inbox.csv", ".bashrc"), p.link("inbox.json", "made-by-hrdesk")
	for _, out := range []string{link, dangling} {
		code, stdout, errs := runWithin(t, e, context.Background(), "", "export", "--format", "csv", "--output", out)
		want := "hrdesk: --output " + out + " is a symbolic link; hrdesk does not write through links (remove it or name another path)\n"
		if code != 1 || stdout != "" || errs != want {
			t.Errorf("export --output %s: %d %q %q, want %q", out, code, stdout, errs, want)
		}
	}
	p.intact(link, dangling)
}

// A pipe at --output is refused at once: the export used to open it and
// wait for a reader for ever, deaf to SIGTERM.
func TestExportRefusesAPipeAtOnce(t *testing.T) {
	e := newEnv(t)
	e.cacheApplicant()
	p := plant(t)
	fifo := p.fifo("inbox.csv")
	code, _, errs := runWithin(t, e, context.Background(), "", "export", "--output", fifo)
	if code != 1 || !strings.Contains(errs, "--output "+fifo+" is a named pipe (FIFO); hrdesk writes only a regular file there") ||
		!strings.Contains(errs, "use --output - for standard output") {
		t.Errorf("export to a pipe: %d %q", code, errs)
	}
	p.intact(fifo)
}

// `--output -` is standard output, the documented way for those who named
// /dev/stdout; /dev/stdout itself, or a link to a pipe, is refused with
// that way in the reason, not with "remove it".
func TestExportOutputDashIsStandardOutput(t *testing.T) {
	e := newEnv(t)
	e.cacheApplicant()
	t.Chdir(t.TempDir()) // a file named "-" would be made here
	code, stdout, errs := e.run("", "export", "--format", "csv", "--output", "-")
	if code != 0 || !strings.HasPrefix(stdout, "resume_id,") || !strings.Contains(stdout, "30000673") || errs != "" {
		t.Errorf("export --output -: %d %q %q", code, stdout, errs)
	}
	if _, err := os.Lstat("-"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a file named - was written: %v", err)
	}
	p := plant(t)
	toPipe := p.link("stream.csv", p.fifo("pipe"))
	for _, out := range []string{"/dev/stdout", toPipe} {
		if _, err := os.Lstat(out); err != nil {
			continue // no /dev/stdout here
		}
		code, stdout, errs := runWithin(t, e, context.Background(), "", "export", "--output", out)
		if code != 1 || stdout != "" || !strings.HasPrefix(errs, "hrdesk: --output "+out+" is ") ||
			!strings.HasSuffix(errs, "(use --output - for standard output)\n") {
			t.Errorf("export --output %s: %d %q %q", out, code, stdout, errs)
		}
	}
	p.intact(toPipe, filepath.Join(p.dir, "pipe"))
}

// A directory on the way that is a link is followed: the user named it
// (a link from ~/exports to a shared drive is theirs to make), and only
// the last component is a place another user could plant a link for them.
func TestExportThroughALinkedDirectory(t *testing.T) {
	e := newEnv(t)
	e.cacheApplicant()
	dir := t.TempDir()
	real := filepath.Join(dir, "drive")
	if err := os.Mkdir(real, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("drive", filepath.Join(dir, "exports")); err != nil {
		t.Fatal(err)
	}
	code, _, errs := e.run("", "export", "--output", filepath.Join(dir, "exports", "inbox.json"))
	data, _ := os.ReadFile(filepath.Join(real, "inbox.json"))
	if code != 0 || !strings.Contains(string(data), "30000673") {
		t.Errorf("export through a linked directory: %d %q; the file holds %q", code, errs, data)
	}
}

// --request-log appends: a link there would add the log to the file it
// names, a pipe block the command before its first request.
func TestRequestLogRefusesLinksAndPipes(t *testing.T) {
	e := newEnv(t)
	e.login()
	p := plant(t)
	link, dangling, fifo := p.link("requests.log", ".bashrc"), p.link("req.log", "made-by-hrdesk"), p.fifo("pipe.log")
	for _, tc := range []struct{ path, what string }{
		{link, "is a symbolic link; hrdesk does not write through links"},
		{dangling, "is a symbolic link; hrdesk does not write through links"},
		{fifo, "is a named pipe (FIFO), not a regular file"},
	} {
		code, _, errs := runWithin(t, e, context.Background(), "", "--request-log", tc.path, "whoami")
		if code == 0 || !strings.Contains(errs, "--request-log "+tc.path+" "+tc.what) {
			t.Errorf("--request-log %s: %d %q", tc.path, code, errs)
		}
	}
	p.intact(link, dangling, fifo)
}

// serve's --log appends as --request-log does; the host key is written,
// following links, when it does not exist yet, so a link to nothing there
// (or beside it, the .pub) is refused before the key generator sees it.
func TestServeRefusesLinksForItsFiles(t *testing.T) {
	e := newEnv(t)
	p := plant(t)
	keys := filepath.Join(t.TempDir(), "authorized_keys")
	if err := os.WriteFile(keys, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	link, fifo := p.link("serve.log", ".bashrc"), p.fifo("serve-pipe.log")
	hostKey, pubKey := p.link("host_key", "made-by-hrdesk"), filepath.Join(p.dir, "other_key")
	pubLink := p.link("other_key.pub", "made-by-hrdesk.pub")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel() // a serve that started after all stops with the test
	for _, tc := range []struct{ flags []string }{
		{[]string{"--log", link}},
		{[]string{"--log", fifo}},
		{[]string{"--host-key", hostKey}},
		{[]string{"--host-key", pubKey}},
		{[]string{"--host-key", fifo}},
	} {
		args := append([]string{"serve", "--listen", "127.0.0.1:0", "--authorized-keys", keys}, tc.flags...)
		code, out, errs := runWithin(t, e, ctx, "", args...)
		if code == 0 || strings.Contains(out, "serving on") || !strings.Contains(errs, tc.flags[1]) {
			t.Errorf("serve %q: %d %q %q", tc.flags, code, out, errs)
		}
	}
	if _, err := os.Lstat(filepath.Join(p.dir, "made-by-hrdesk")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a key was written through the link: %v", err)
	}
	p.intact(link, fifo, hostKey, pubLink)
}

// The files hrdesk reads at a path the user names — --config, a batch for
// `vacancies apply`, a selection — are read only when regular: a named
// pipe there blocked the command for ever before it sent anything.
func TestHandedFilesRefusePipes(t *testing.T) {
	e := newEnv(t)
	e.login()
	p := plant(t)
	toml, json := p.fifo("batch.toml"), p.fifo("selection.json")
	for _, tc := range []struct {
		args []string
		path string
	}{
		{[]string{"vacancies", "apply", toml}, toml},
		{[]string{"selections", "create", json}, json},
		{[]string{"selections", "update", "1", toml}, toml},
		{[]string{"--config", toml, "status"}, toml},
	} {
		code, out, errs := runWithin(t, e, context.Background(), "", tc.args...)
		want := tc.path + " is a named pipe (FIFO); hrdesk reads only a regular file there\n"
		if code != 1 || out != "" || !strings.HasSuffix(errs, want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: %d %q %q, want it to end %q", tc.args, code, out, errs, want)
		}
	}
	p.intact(toml, json)
}
