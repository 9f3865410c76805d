package privatefile

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// Append opens path to add lines at its end (a log), made 0600 if new
// and made 0600 if it was looser. A path holding a link, a pipe, a socket
// or a device is refused (*NotAFileError), at once: it is looked at
// first, and opened without following a link (O_NOFOLLOW) nor waiting for
// a pipe's reader (O_NONBLOCK), so one put there after the look is
// refused too rather than followed or waited on.
func Append(path string) (*os.File, error) {
	if err := Check(path); err != nil {
		return nil, err
	}
	return openAppend(path)
}

// openAppend is Append past its look: what the open itself refuses.
func openAppend(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|noFollow|nonBlock, 0o600)
	if err != nil {
		return nil, openError(path, err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if k := kind(fi.Mode()); k != "" {
		f.Close()
		return nil, &NotAFileError{Path: path, Kind: k}
	}
	if fi.Mode().Perm()&0o077 != 0 {
		if err := f.Chmod(0o600); err != nil {
			f.Close()
			return nil, fmt.Errorf("%s is open to other users (mode %v) and cannot be made 0600: %w", path, fi.Mode().Perm(), err)
		}
	}
	return f, nil
}

// openError says what O_NOFOLLOW and O_NONBLOCK refused in words: ELOOP
// is a link put there since Check, ENXIO a pipe nobody reads.
func openError(path string, err error) error {
	switch {
	case errors.Is(err, syscall.ELOOP):
		return &NotAFileError{Path: path, Kind: kindLink}
	case errors.Is(err, syscall.ENXIO):
		return &NotAFileError{Path: path, Kind: "a named pipe (FIFO)"}
	}
	return err
}
