//go:build unix

package store_test

import (
	"syscall"
	"testing"
	"time"
)

// processCPU is the CPU time the process has used, user and system.
func processCPU() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// cpuPerOp runs op b.N times (b.Loop) and reports the process's CPU time
// per op beside the wall time: on a machine shared by other work the wall
// time counts the waits for a core, the CPU time only the work.
func cpuPerOp(b *testing.B, op func()) {
	start := processCPU()
	n := 0
	for b.Loop() {
		op()
		n++
	}
	if n > 0 {
		b.ReportMetric(float64(processCPU()-start)/float64(n)/1e6, "cpu-ms/op")
	}
}
