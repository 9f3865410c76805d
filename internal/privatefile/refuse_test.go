//go:build unix

package privatefile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"hrdesk/internal/testkit/testwait"
)

// victim is a file another user owns in spirit: a link planted beside the
// path hrdesk writes points at it, and it must come out byte for byte.
type victim struct {
	t    *testing.T
	path string
	data []byte
}

func newVictim(t *testing.T, dir string) victim {
	t.Helper()
	v := victim{t: t, path: filepath.Join(dir, "victim"), data: []byte("root:x:0:0::/root:/bin/sh\n")}
	if err := os.WriteFile(v.path, v.data, 0o644); err != nil {
		t.Fatal(err)
	}
	return v
}

func (v victim) unchanged() {
	v.t.Helper()
	fi, err := os.Lstat(v.path)
	data, _ := os.ReadFile(v.path)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o644 || !bytes.Equal(data, v.data) {
		v.t.Errorf("the file the link names was changed: %v %v %q", fi.Mode(), err, data)
	}
}

func plantLink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
}

// refused checks err is the refusal of path as a link (or not).
func refused(t *testing.T, err error, path string, link bool) {
	t.Helper()
	var na *NotAFileError
	if !errors.As(err, &na) || na.Path != path || na.Link() != link {
		t.Fatalf("want %s refused (link %v), got %v", path, link, err)
	}
}

// stillThere checks path is still the link or pipe that was put there.
func stillThere(t *testing.T, path string, mode os.FileMode) {
	t.Helper()
	if fi, err := os.Lstat(path); err != nil || fi.Mode().Type() != mode {
		t.Errorf("%s was replaced: %v %v", path, fi, err)
	}
}

func writeNew(path string) error {
	return Write(path, ".out-*", func(f *os.File) error { _, err := f.WriteString("applicants"); return err })
}

func TestWriteRefusesALink(t *testing.T) {
	dir := t.TempDir()
	v := newVictim(t, dir)
	out := filepath.Join(dir, "out.csv")
	plantLink(t, v.path, out)
	err := writeNew(out)
	refused(t, err, out, true)
	if want := out + " is a symbolic link; hrdesk does not write through links (remove it or name another path)"; err.Error() != want {
		t.Errorf("said %q, want %q", err, want)
	}
	v.unchanged()
	stillThere(t, out, os.ModeSymlink)
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("left beside it: %v", entries)
	}
}

// A link to nothing is refused too: following it would create the file it
// names wherever that is, and replacing it would take away the user's link.
func TestWriteRefusesADanglingLink(t *testing.T) {
	dir := t.TempDir()
	out, target := filepath.Join(dir, "out.csv"), filepath.Join(dir, "made")
	plantLink(t, target, out)
	refused(t, writeNew(out), out, true)
	if _, err := os.Lstat(target); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the link's target was made: %v", err)
	}
	stillThere(t, out, os.ModeSymlink)
}

// A pipe, a directory or a device is no place for the file: refused, left
// as it is.
func TestWriteRefusesWhatIsNoFile(t *testing.T) {
	dir := t.TempDir()
	fifo, sub := filepath.Join(dir, "pipe"), filepath.Join(dir, "sub")
	mkfifo(t, fifo)
	if err := os.Mkdir(sub, 0o700); err != nil {
		t.Fatal(err)
	}
	var err error
	testwait.Within(t, 10*time.Second, "writing on a pipe", func() { err = writeNew(fifo) })
	refused(t, err, fifo, false)
	stillThere(t, fifo, os.ModeNamedPipe)
	refused(t, writeNew(sub), sub, false)
	stillThere(t, sub, os.ModeDir)
	if _, err := os.Lstat("/dev/null"); err == nil {
		err := Check("/dev/null")
		refused(t, err, "/dev/null", false)
		if want := "/dev/null is a device, not a regular file; hrdesk writes only regular files (name another path)"; err.Error() != want {
			t.Errorf("said %q, want %q", err, want)
		}
	}
}

func TestAppendAddsToAPrivateFile(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "requests.log")
	for _, line := range []string{"one\n", "two\n"} {
		f, err := Append(log)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(line)
		f.Close()
	}
	if data, _ := os.ReadFile(log); string(data) != "one\ntwo\n" {
		t.Errorf("the log holds %q", data)
	}
	if fi, _ := os.Stat(log); fi.Mode().Perm() != 0o600 {
		t.Errorf("a new log is %v, want 0600", fi.Mode().Perm())
	}
	// One left readable by others is made private.
	if err := os.Chmod(log, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Append(log)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if fi, _ := os.Stat(log); fi.Mode().Perm() != 0o600 {
		t.Errorf("a loose log stays %v, want 0600", fi.Mode().Perm())
	}
	if data, _ := os.ReadFile(log); string(data) != "one\ntwo\n" {
		t.Errorf("opening the log changed it: %q", data)
	}
}

func TestAppendRefusesLinksAndPipes(t *testing.T) {
	dir := t.TempDir()
	v := newVictim(t, dir)
	link, dangling, fifo := filepath.Join(dir, "link.log"), filepath.Join(dir, "dangling.log"), filepath.Join(dir, "pipe.log")
	plantLink(t, v.path, link)
	plantLink(t, filepath.Join(dir, "made"), dangling)
	mkfifo(t, fifo)
	for _, tc := range []struct {
		path string
		link bool
		mode os.FileMode
	}{{link, true, os.ModeSymlink}, {dangling, true, os.ModeSymlink}, {fifo, false, os.ModeNamedPipe}} {
		var err error
		testwait.Within(t, 10*time.Second, "appending to "+tc.path, func() { err = tryAppend(Append, tc.path) })
		refused(t, err, tc.path, tc.link)
		stillThere(t, tc.path, tc.mode)
	}
	v.unchanged()
	if _, err := os.Lstat(filepath.Join(dir, "made")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the dangling link's target was made: %v", err)
	}
}

// A link or a pipe put at the path after Append looked is refused by the
// open itself, at once: O_NOFOLLOW and O_NONBLOCK, not the look, stand
// between hrdesk and the race.
func TestAppendOpenRefusesWhatAppearsAfterTheLook(t *testing.T) {
	dir := t.TempDir()
	v := newVictim(t, dir)
	link, fifo := filepath.Join(dir, "link.log"), filepath.Join(dir, "pipe.log")
	plantLink(t, v.path, link)
	mkfifo(t, fifo)
	var err error
	testwait.Within(t, 10*time.Second, "opening a link", func() { err = tryAppend(openAppend, link) })
	refused(t, err, link, true)
	v.unchanged()
	testwait.Within(t, 10*time.Second, "opening a pipe nobody reads", func() { err = tryAppend(openAppend, fifo) })
	refused(t, err, fifo, false)
	// With a reader the open succeeds; what it opened is looked at.
	r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	testwait.Within(t, 10*time.Second, "opening a pipe someone reads", func() { err = tryAppend(openAppend, fifo) })
	refused(t, err, fifo, false)
}

// tryAppend opens path with open and, should that succeed, writes a line
// there as the request log would.
func tryAppend(open func(string) (*os.File, error), path string) error {
	f, err := open(path)
	if err == nil {
		f.WriteString("GET /me/ 200\n")
		f.Close()
	}
	return err
}
