package tokenfile

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"hrdesk/internal/filelock"
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
	unlock, err = filelock.Lock(ctx, path+".lock")
	if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return nil, fmt.Errorf("cannot lock the stored login: %w", err)
	}
	return unlock, err
}
