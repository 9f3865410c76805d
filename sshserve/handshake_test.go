package sshserve

import (
	"bufio"
	"context"
	"io"
	"net"
	"strings"
	"testing"
	"time"
)

// Connections that have not logged in, as an attacker holds them open:
// issue 18 §4 saw 150 of them, each trickling a byte every 5 s, outlive
// the idle timeout and keep a recruiter's ssh from its banner.

// rawConn is a TCP connection that speaks no SSH beyond reading the
// server's version line.
type rawConn struct {
	net.Conn
	banner chan string // the server's first line, or "" when it closed without one
}

func dialRaw(t *testing.T, ts *testServer) *rawConn {
	t.Helper()
	c, err := net.DialTimeout("tcp", ts.addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	rc := &rawConn{Conn: c, banner: make(chan string, 1)}
	go func() {
		line, _ := bufio.NewReader(c).ReadString('\n')
		rc.banner <- line
	}()
	return rc
}

// served says whether the server answered with its version line (true) or
// closed the connection without a word (false).
func (rc *rawConn) served(t *testing.T) bool {
	t.Helper()
	select {
	case line := <-rc.banner:
		return strings.HasPrefix(line, "SSH-2.0-")
	case <-time.After(5 * time.Second):
		t.Fatal("neither a version line nor a close")
		return false
	}
}

// waitPending waits until n connections are waiting to log in.
func waitPending(t *testing.T, ts *testServer, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		got := ts.srv.gate.count()
		if got == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d connections waiting to log in, want %d", got, n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A client that trickles its version line a byte at a time, faster than
// the idle timeout, is cut at the handshake deadline and logged; a
// recruiter who logged in (and types as fast) is not.
func TestHandshakeDeadline(t *testing.T) {
	const deadline = time.Second
	alice := newClient(t)
	// The idle timeout leaves room for a loaded machine between two keys.
	ts := startServer(t, []string{alice.key + " alice"}, Options{HandshakeTimeout: deadline, IdleTimeout: 1500 * time.Millisecond})
	tm := ts.mustOpen(t, alice, "alice")

	start := time.Now()
	rc := dialRaw(t, ts)
	if !rc.served(t) {
		t.Fatal("closed before the deadline")
	}
	closed := make(chan time.Duration, 1)
	go func() {
		_, _ = io.Copy(io.Discard, rc)
		closed <- time.Since(start)
	}()
	trickle := time.NewTicker(200 * time.Millisecond)
	defer trickle.Stop()
	for _, b := range []byte("SSH-2.0-trickle-trickle-trickle-trickle-trickle") { // 9.6 s
		select {
		case took := <-closed:
			if took < deadline-100*time.Millisecond {
				t.Fatalf("cut after %s, before the deadline", took)
			}
			if took > deadline+3*time.Second {
				t.Errorf("cut after %s", took)
			}
			waitLog(t, ts, "dropped remote="+rc.LocalAddr().String()+": not logged in within 1s")
			if strings.Contains(ts.log.String(), "failed remote="+rc.LocalAddr().String()) {
				t.Errorf("the drop was logged twice:\n%s", ts.log.String())
			}
			// alice logged in before the deadline and stays.
			if _, err := io.WriteString(tm.in, "q"); err != nil {
				t.Fatalf("alice's session was cut too: %v", err)
			}
			waitClosedSession(t, tm)
			return
		case <-trickle.C:
			if _, err := rc.Write([]byte{b}); err != nil {
				t.Fatalf("writing: %v", err)
			}
			if _, err := io.WriteString(tm.in, "x"); err != nil {
				t.Fatalf("alice's session was cut: %v", err)
			}
		}
	}
	t.Fatalf("still open after %s of trickling", time.Since(start).Round(time.Millisecond))
}

// Of the connections from one address still logging in after the slow
// mark, only the cap stay: each one more closes the oldest, and a flood of
// them is one line in the log (with a count of the rest at shutdown). A
// real key still gets in while the flood holds its places, and a
// connection that logged in no longer counts.
func TestUnauthenticatedCapPerAddress(t *testing.T) {
	const perAddress = 3
	alice := newClient(t)
	ts := startServer(t, []string{alice.key + " alice"},
		Options{MaxUnauthenticatedPerAddress: perAddress, SlowHandshake: 50 * time.Millisecond, HandshakeTimeout: time.Minute})
	closed := make(chan struct{}, 30)
	for i := range perAddress + 20 {
		rc := dialRaw(t, ts)
		if !rc.served(t) {
			t.Fatalf("connection %d was closed before it was slow", i+1)
		}
		go func() {
			_, _ = io.Copy(io.Discard, rc)
			closed <- struct{}{}
		}()
	}
	for i := range 20 {
		select {
		case <-closed:
		case <-time.After(30 * time.Second):
			t.Fatalf("%d connections closed over the cap, want 20", i)
		}
	}
	waitPending(t, ts, perAddress)
	if n := ts.srv.gate.slowFrom("127.0.0.1"); n != perAddress {
		t.Errorf("%d slow connections from 127.0.0.1, want %d", n, perAddress)
	}
	waitLog(t, ts, "more than 3 connections from 127.0.0.1 still logging in after 50ms, the limit from one address; the oldest closed")
	if n := strings.Count(ts.log.String(), "dropped remote="); n != 1 {
		t.Errorf("%d lines for a flood of 20, want 1:\n%s", n, ts.log.String())
	}

	tm := ts.mustOpen(t, alice, "alice") // with the flood holding its places
	// Logged in, she no longer counts. (Had her login taken longer than
	// the slow mark, she closed one more of the flood: never her own.)
	waitFor(t, 30*time.Second, "only the slow flood waiting", func() bool {
		n := ts.srv.gate.count()
		return n == ts.srv.gate.slowFrom("127.0.0.1") && n >= perAddress-1 && n <= perAddress
	})
	if _, err := io.WriteString(tm.in, "q"); err != nil {
		t.Fatal(err)
	}
	waitClosedSession(t, tm)

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = ts.srv.Shutdown(ctx)
	waitFor(t, 30*time.Second, "the flood summed up at shutdown", func() bool {
		l := ts.log.String()
		return strings.Contains(l, "dropped 19 more connections") || strings.Contains(l, "dropped 20 more connections")
	})
}

// Beyond the cap of connections in all that have not logged in, the next
// is closed at once and logged.
func TestUnauthenticatedCapInAll(t *testing.T) {
	const total = 3
	ts := startServer(t, nil, Options{MaxUnauthenticated: total})
	for range total {
		if !dialRaw(t, ts).served(t) {
			t.Fatal("a connection within the cap was closed")
		}
	}
	start := time.Now()
	if dialRaw(t, ts).served(t) {
		t.Fatal("a connection over the cap was served")
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("closed after %s", took)
	}
	waitLog(t, ts, "3 connections have not logged in yet, the limit")
}
