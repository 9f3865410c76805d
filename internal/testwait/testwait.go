// Package testwait gives a test's waits a deadline: a Wait that never
// returns fails the test at once, naming what it waited for, instead of
// hanging the test binary until go test's timeout.
package testwait

import (
	"testing"
	"time"
)

// Within runs wait (wg.Wait, cmd.Wait, a session's Wait) and fails t if it
// has not returned within d. The waiting goroutine is then left behind: the
// test is over anyway.
func Within(t testing.TB, d time.Duration, what string, wait func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		wait()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s: still waiting after %v", what, d)
	}
}
