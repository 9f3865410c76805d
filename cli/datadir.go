package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"

	"hrdesk/i18n"
)

// privateDir creates dir (0700) or tightens an existing one that others
// can read: a data directory holds applicants' personal data and the login.
// t words the failures in the profile's language.
func privateDir(t i18n.CLIMoreText, dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		if readOnly(err) {
			return errReadOnlyDir(t, dir, err)
		}
		return fmt.Errorf(t.CannotCreateDir, dir, err)
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf(t.CannotUseDir, dir, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf(t.DirIsFile, dir)
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
func checkWritable(t i18n.CLIMoreText, dir string) error {
	if err := privateDir(t, dir); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".hrdesk-probe-*")
	if err != nil {
		if readOnly(err) {
			return errReadOnlyDir(t, dir, err)
		}
		return fmt.Errorf(t.CannotWriteDir, dir, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

func readOnly(err error) bool {
	return errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)
}

func errReadOnlyDir(t i18n.CLIMoreText, dir string, err error) error {
	return &explained{
		msg:   fmt.Sprintf(t.DirReadOnly, dir),
		cause: err,
	}
}
