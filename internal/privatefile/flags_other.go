//go:build !unix

package privatefile

// Elsewhere there are no such flags; Check's look before the open stands.
const (
	noFollow = 0
	nonBlock = 0
)
