//go:build unix

package privatefile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"hrdesk/internal/testkit/testwait"
)

// notRegular checks err is the refusal to read path as kind, in words.
func notRegular(t *testing.T, err error, path, kind string) {
	t.Helper()
	var nr *NotRegularError
	if !errors.As(err, &nr) || nr.Path != path || nr.Kind != kind {
		t.Fatalf("want %s refused as %s, got %v", path, kind, err)
	}
	if want := path + " is " + kind + "; hrdesk reads only a regular file there"; err.Error() != want {
		t.Errorf("said %q, want %q", err, want)
	}
}

// A link to a regular file is read (users link their config); a pipe, a
// directory or a device is refused at once, and nothing is a NotExist.
func TestOpenRegularReadsOnlyAFile(t *testing.T) {
	dir := t.TempDir()
	file, link, fifo := filepath.Join(dir, "config.toml"), filepath.Join(dir, "linked.toml"), filepath.Join(dir, "pipe.toml")
	if err := os.WriteFile(file, []byte("language = \"en\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	plantLink(t, "config.toml", link)
	mkfifo(t, fifo)
	for _, path := range []string{file, link} {
		f, err := OpenRegular(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		data, err := io.ReadAll(f)
		f.Close()
		if err != nil || string(data) != "language = \"en\"\n" {
			t.Errorf("%s read %q, %v", path, data, err)
		}
	}
	var err error
	testwait.Within(t, 10*time.Second, "reading a pipe", func() { _, err = OpenRegular(fifo) })
	notRegular(t, err, fifo, "a named pipe (FIFO)")
	plantLink(t, "pipe.toml", filepath.Join(dir, "to-pipe.toml"))
	testwait.Within(t, 10*time.Second, "reading a link to a pipe", func() { _, err = OpenRegular(filepath.Join(dir, "to-pipe.toml")) })
	notRegular(t, err, filepath.Join(dir, "to-pipe.toml"), "a named pipe (FIFO)")
	_, err = OpenRegular(dir)
	notRegular(t, err, dir, "a directory")
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, err = OpenRegular("/dev/zero")
		notRegular(t, err, "/dev/zero", "a device")
	}
	if _, err := OpenRegular(filepath.Join(dir, "none")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v, want fs.ErrNotExist", err)
	}
}

// A pipe put at the path after OpenRegular looked is refused by the open
// itself, at once: it does not wait for a writer (O_NONBLOCK) and looks at
// what it opened.
func TestOpenRegularOpenRefusesAPipeAfterTheLook(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.toml")
	mkfifo(t, fifo)
	var err error
	testwait.Within(t, 10*time.Second, "opening a pipe nobody writes", func() {
		var f *os.File
		if f, err = openRegular(fifo); err == nil {
			f.Close()
		}
	})
	notRegular(t, err, fifo, "a named pipe (FIFO)")
}
