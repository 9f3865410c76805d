// Package testwait gives a test's waits a deadline: a Wait that never
// returns fails the test at once, naming what it waited for, instead of
// hanging the test binary until go test's timeout.
//
// The deadline is not a measure of speed. A test waits for a state (a
// screen showing a text, a goroutine ending), and the state comes as soon
// as the machine gets to it: a quiet machine finishes in milliseconds, a
// machine with two CPU hogs beside `make test -race` in seconds or tens of
// seconds. Patience is what only a broken program exceeds; a test never
// races a short deadline against the machine's speed (issue 27).
package testwait

import (
	"testing"
	"time"
)

// Patience is how long a test waits for a state before it calls the
// program broken: far past what any machine needs (a first sync under
// -race on a loaded 2-core machine took over 30 s), well inside make
// test's 12-minute package timeout.
const Patience = 4 * time.Minute

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

// Until polls cond until it holds, and fails t, with what and the last
// explanation cond gave, when it has not after Patience. cond returns ""
// when the state is there, else what it sees instead (for the failure
// message: the screen, the log).
func Until(t testing.TB, what string, cond func() string) {
	t.Helper()
	untilWithin(t, Patience, what, cond)
}

func untilWithin(t testing.TB, d time.Duration, what string, cond func() string) {
	t.Helper()
	deadline := time.Now().Add(d)
	for pause := time.Millisecond; ; pause = min(2*pause, 50*time.Millisecond) {
		seen := cond()
		if seen == "" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: still not there after %v; instead:\n%s", what, d, seen)
			return
		}
		time.Sleep(pause)
	}
}
