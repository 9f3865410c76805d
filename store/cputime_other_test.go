//go:build !unix

package store_test

import "testing"

// cpuPerOp runs op b.N times; CPU time is read on unix systems only.
func cpuPerOp(b *testing.B, op func()) {
	for b.Loop() {
		op()
	}
}
