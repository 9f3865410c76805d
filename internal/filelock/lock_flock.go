//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package filelock

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// tryLock takes an flock on the lock file: the kernel drops it when the
// holder dies, so a killed process never leaves the login locked. It is
// held per open file, so two goroutines of one process exclude each other
// too.
func tryLock(lockPath string) (func(), error) {
	f, err := os.OpenFile(lockPath, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	if err := keepPrivate(f); err != nil {
		f.Close()
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) || errors.Is(err, syscall.EAGAIN) {
			return nil, errLocked
		}
		return nil, err
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// keepPrivate makes a lock file others can open 0600 (issue 18 §5): it
// holds no data, but an flock needs only an open descriptor, so whoever
// can open the file can hold the lock, and with it the login's renewal.
// O_CREATE's mode applies only to a new file; one left 0666 (by hand, by
// an older hrdesk) is changed here. One that is not ours to change is
// refused rather than removed: a process holding it would keep its lock
// on the old file while the next one locked a new one.
func keepPrivate(f *os.File) error {
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if fi.Mode().Perm()&0o077 == 0 {
		return nil
	}
	if err := f.Chmod(0o600); err != nil {
		return fmt.Errorf("lock file %s is open to other users (mode %v) and cannot be made 0600: %w", f.Name(), fi.Mode().Perm(), err)
	}
	return nil
}
