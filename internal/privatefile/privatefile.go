// Package privatefile writes a file only its owner may read, whole or not
// at all: a new 0600 file beside the target, synced, then renamed over it.
// A crash leaves the old file (or none), never half of the new one, and a
// file that existed with looser modes does not pass them on. It is the
// one way hrdesk writes or appends to a file at a path it is given, and
// it refuses a path that holds a link, a pipe or a device (Check). It
// also opens the files hrdesk reads at such a path (OpenRegular): only a
// regular file, never a pipe it would wait on.
package privatefile

import (
	"fmt"
	"os"
	"path/filepath"
)

// Write writes path through write. pattern names the temporary file
// beside it (os.CreateTemp's, e.g. ".token-*"), removed on any failure.
// A path holding anything but a regular file is refused before anything
// is written (*NotAFileError). Should a link or a pipe appear there
// between that check and the end, the rename replaces it as it stands:
// rename never follows a link nor opens what it replaces.
func Write(path, pattern string, write func(f *os.File) error) error {
	if err := Check(path); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), pattern)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) // nothing left there after the rename
	// 0600 as CreateTemp makes it; said here, as the mode is the point.
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return err
	}
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
