//go:build unix

package record

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"hrdesk/internal/testkit/testwait"
)

// A named pipe at requests.json is refused at once, with what it is:
// reading it blocked `hrdesk status` for ever, and every process's flush
// under the lock beside it.
func TestReadRefusesAPipe(t *testing.T) {
	path := filepath.Join(t.TempDir(), "requests.json")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	var err error
	testwait.Within(t, 10*time.Second, "reading a pipe", func() { _, err = Read(path) })
	if want := path + " is a named pipe (FIFO); hrdesk reads only a regular file there"; err == nil || err.Error() != want {
		t.Errorf("a pipe at the record: %v, want %q", err, want)
	}
}
