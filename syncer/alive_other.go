//go:build !unix

package syncer

// processAlive cannot tell elsewhere: assume alive and let the lease expire.
func processAlive(pid int) bool { return true }
