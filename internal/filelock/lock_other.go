//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package filelock

import (
	"errors"
	"io/fs"
	"os"
	"time"
)

// staleLock is how old a lock file may be before it is taken as left by
// a process that died while renewing (a renewal takes one request).
const staleLock = time.Minute

// tryLock creates the lock file exclusively; without flock a holder that
// dies leaves it, so an old one is broken.
func tryLock(lockPath string) (func(), error) {
	f, err := os.OpenFile(lockPath, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if errors.Is(err, fs.ErrExist) {
		if fi, serr := os.Stat(lockPath); serr == nil && time.Since(fi.ModTime()) > staleLock {
			os.Remove(lockPath)
		}
		return nil, errLocked
	}
	if err != nil {
		return nil, err
	}
	f.Close()
	return func() { os.Remove(lockPath) }, nil
}
