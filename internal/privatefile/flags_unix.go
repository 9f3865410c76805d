//go:build unix

package privatefile

import "syscall"

// Open flags of Append: a link at the path fails the open (ELOOP), and a
// pipe without a reader fails it at once (ENXIO) instead of blocking.
// OpenRegular's open of a pipe without a writer returns at once with
// nonBlock, so that the opened file can be looked at and refused.
const (
	noFollow = syscall.O_NOFOLLOW
	nonBlock = syscall.O_NONBLOCK
)
