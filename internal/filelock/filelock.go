// Package filelock is a lock that processes sharing a file hold while they
// rewrite it: the stored login (a refresh token works once) and the record
// of recent requests (every process of a profile adds to it).
package filelock

import (
	"context"
	"errors"
	"time"
)

// Lock takes the lock file at lockPath, waiting until it is free or ctx
// ends (then ctx's error); unlock releases it. The lock file's directory
// must exist.
func Lock(ctx context.Context, lockPath string) (unlock func(), err error) {
	for wait := 5 * time.Millisecond; ; wait = min(wait*2, 100*time.Millisecond) {
		unlock, err := tryLock(lockPath)
		if err == nil {
			return unlock, nil
		}
		if !errors.Is(err, errLocked) {
			return nil, err
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
