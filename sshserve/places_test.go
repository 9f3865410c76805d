package sshserve

import (
	"io"
	"testing"
	"time"
)

// A session that ends leaves its connection's place taken while the
// connection stays open (a connection without a session counts, as ssh -N
// does), and the server counts its open sessions as they come and go.
func TestEndedSessionLeavesTheConnectionItsPlace(t *testing.T) {
	alice := newClient(t)
	ts := startServer(t, []string{alice.key + " alice"}, Options{MaxSessions: 2})
	first := ts.mustOpen(t, alice, "alice")
	second, err := openOn(first.client)
	if err != nil {
		t.Fatal(err)
	}
	second.waitFor(t, "hello alice")
	waitFor(t, 30*time.Second, "two open sessions", func() bool { return ts.srv.Active() == 2 })
	for i, tm := range []*terminal{second, first} {
		if _, err := io.WriteString(tm.in, "q"); err != nil {
			t.Fatal(err)
		}
		waitClosedSession(t, tm)
		waitFor(t, 30*time.Second, "a session fewer", func() bool { return ts.srv.Active() == 1-i })
	}
	// first's connection is still open: it holds one of the two places.
	ts.mustOpen(t, alice, "alice")
	ts.refusedForLimit(t, alice)
}
