package sshserve

import (
	"context"
	"io"
	"testing"
	"time"

	"hrdesk/internal/testkit/testwait"
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

// Shutdown quits the sessions' programs and returns once the last session
// has ended (not when its time is up), each client told why.
func TestShutdownEndsWithTheLastSession(t *testing.T) {
	alice := newClient(t)
	ts := startServer(t, []string{alice.key + " alice"}, Options{})
	first := ts.mustOpen(t, alice, "alice")
	second := ts.mustOpen(t, alice, "alice")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var err error
	testwait.Within(t, 2*time.Minute, "Shutdown", func() { err = ts.srv.Shutdown(ctx) })
	if err != nil {
		t.Fatalf("Shutdown with two sessions: %v, want them ended before its time was up", err)
	}
	for _, tm := range []*terminal{first, second} {
		tm.waitFor(t, "the server is restarting")
	}
}
