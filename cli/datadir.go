package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// privateDir creates dir (0700) or tightens an existing one that others
// can read: a data directory holds applicants' personal data and the login.
func privateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		if readOnly(err) {
			return errReadOnlyDir(dir, err)
		}
		return fmt.Errorf("cannot create the data directory %s: %w", dir, err)
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("cannot use the data directory %s: %w", dir, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("the data directory %s is a file, not a directory: choose another with --data-dir", dir)
	}
	if mode := fi.Mode().Perm(); mode&0o077 != 0 {
		// Tightening can fail on a directory someone else owns; the files
		// inside are 0600 whatever happens here.
		_ = os.Chmod(dir, mode&^0o077)
	}
	return nil
}

// checkWritable makes sure hrdesk can write in dir before it asks a server
// for something it would then have nowhere to keep.
func checkWritable(dir string) error {
	if err := privateDir(dir); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".hrdesk-probe-*")
	if err != nil {
		if readOnly(err) {
			return errReadOnlyDir(dir, err)
		}
		return fmt.Errorf("cannot write in the data directory %s: %w", dir, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

func readOnly(err error) bool {
	return errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)
}

func errReadOnlyDir(dir string, err error) error {
	return &explained{
		msg:   fmt.Sprintf("the data directory %s is read-only: make it writable or choose another with --data-dir", dir),
		cause: err,
	}
}
