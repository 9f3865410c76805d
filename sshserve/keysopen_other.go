//go:build !unix

package sshserve

import "os"

// openNoWait: no FIFOs to wait on here.
const openNoWait = 0

// fileOwner: no uids here.
func fileOwner(os.FileInfo) (int, bool) { return 0, false }
