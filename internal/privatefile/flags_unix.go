//go:build unix

package privatefile

import "syscall"

// Open flags of Append: a link at the path fails the open (ELOOP), and a
// pipe without a reader fails it at once (ENXIO) instead of blocking.
const (
	noFollow = syscall.O_NOFOLLOW
	nonBlock = syscall.O_NONBLOCK
)
