//go:build unix

package sshserve

import (
	"os"
	"syscall"
)

// openNoWait opens a FIFO without waiting for a writer (and is nothing to
// a regular file).
const openNoWait = syscall.O_NONBLOCK

// fileOwner is the uid that owns fi.
func fileOwner(fi os.FileInfo) (int, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), true
}
