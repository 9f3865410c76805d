package tokenfile

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// Lock takes the lock that processes sharing the token at path hold while
// they renew it (issue 12 §4): a refresh token works once, so two
// processes renewing with the same one log one of them out. The lock is a
// file beside the token (path + ".lock"); unlock releases it. Lock waits
// until the lock is free or ctx ends.
func Lock(ctx context.Context, path string) (unlock func(), err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("cannot create %s: %w", dir, err)
	}
	lockPath := path + ".lock"
	for wait := 5 * time.Millisecond; ; wait = min(wait*2, 100*time.Millisecond) {
		unlock, err := tryLock(lockPath)
		if err == nil {
			return unlock, nil
		}
		if !errors.Is(err, errLocked) {
			return nil, fmt.Errorf("cannot lock the stored login: %w", err)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}

// errLocked means another holder has the lock now.
var errLocked = errors.New("locked")
