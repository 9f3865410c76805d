package sshserve

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"hrdesk/internal/testkit/testwait"

	gossh "golang.org/x/crypto/ssh"
)

// A team behind one address arriving at once (issue 26 §8): twenty
// recruiters of an office behind one NAT connecting in the same second lost
// one at the door to the cap meant for slow connections.

// openConn is a TCP connection the server has answered with its version
// line, ready for an SSH client: the line is read to know the server
// counts the connection, and handed to the client again.
type openConn struct {
	net.Conn
	r io.Reader
}

func (c *openConn) Read(b []byte) (int, error) { return c.r.Read(b) }

// dialAnswered connects and waits for the server's version line; it fails
// the test if the server closes the connection first.
func dialAnswered(t *testing.T, ts *testServer, i int) *openConn {
	t.Helper()
	c, err := net.DialTimeout("tcp", ts.addr, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	br := bufio.NewReader(c)
	var line string
	testwait.Within(t, 30*time.Second, "the server's version line", func() { line, _ = br.ReadString('\n') })
	if !strings.HasPrefix(line, "SSH-2.0-") {
		t.Fatalf("connection %d was closed before it could log in (it read %q); the log:\n%s", i+1, line, ts.log.String())
	}
	return &openConn{Conn: c, r: io.MultiReader(strings.NewReader(line), br)}
}

// logIn completes the handshake on an answered connection with signer.
func logIn(t *testing.T, ts *testServer, c *openConn, signer gossh.Signer) (*gossh.Client, error) {
	sc, chans, reqs, err := gossh.NewClientConn(c, ts.addr, &gossh.ClientConfig{
		User:            "anyone",
		Auth:            []gossh.AuthMethod{gossh.PublicKeys(signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), // a throwaway server of the test
	})
	if err != nil {
		return nil, err
	}
	cl := gossh.NewClient(sc, chans, reqs)
	t.Cleanup(func() { cl.Close() })
	return cl, nil
}

// Fifty recruiters of one address all connect before any of them logs in,
// then all log in at once: every one gets in. Slow handshakes are a
// minute away, so the machine's speed decides nothing.
func TestTeamOfOneAddressArrivingAtOnce(t *testing.T) {
	const team = 50
	var lines []string
	signers := make([]gossh.Signer, team)
	for i := range team {
		c := newClient(t)
		signers[i] = c.signer
		lines = append(lines, fmt.Sprintf("%s r%02d", c.key, i+1))
	}
	ts := startServer(t, lines, Options{HandshakeTimeout: time.Minute, SlowHandshake: time.Minute})
	conns := make([]*openConn, team)
	for i := range team {
		conns[i] = dialAnswered(t, ts, i)
	}
	waitPendingWithin(t, ts, team, 30*time.Second)

	errs := make([]error, team)
	var wg sync.WaitGroup
	for i, c := range conns {
		wg.Go(func() { _, errs[i] = logIn(t, ts, c, signers[i]) })
	}
	testwait.Within(t, time.Minute, "fifty logins", wg.Wait)
	for i, err := range errs {
		if err != nil {
			t.Errorf("recruiter r%02d did not get in: %v", i+1, err)
		}
	}
	for i := range team {
		waitLog(t, ts, fmt.Sprintf("login profile=r%02d ", i+1))
	}
	if strings.Contains(ts.log.String(), "dropped") {
		t.Errorf("a connection of the team was dropped:\n%s", ts.log.String())
	}
	waitPendingWithin(t, ts, 0, 30*time.Second)
}

// 150 connections of one address that never log in do not keep a recruiter
// of that address out: past the cap in all the flood is closed at once, of
// those that turn slow only the last few stay, and a recruiter who is slow
// herself (a passphrase to type) closes the oldest of them, not her own.
func TestSlowFloodDoesNotKeepARecruiterOut(t *testing.T) {
	const perAddress = 10
	alice := newClient(t)
	ts := startServer(t, []string{alice.key + " alice"},
		Options{HandshakeTimeout: time.Minute, SlowHandshake: 50 * time.Millisecond})
	flood := make([]*rawConn, 150)
	for i := range flood {
		flood[i] = dialRaw(t, ts)
	}
	served := 0
	for _, rc := range flood {
		var line string
		testwait.Within(t, 30*time.Second, "a version line or a close", func() { line = <-rc.banner })
		if strings.HasPrefix(line, "SSH-2.0-") {
			served++
		}
	}
	if served < 100 {
		t.Errorf("%d of the flood served, want at least the 100 the cap in all allows", served)
	}
	// The flood settles: every connection of it answered, those served
	// turned slow and all but the last perAddress closed.
	waitFor(t, 30*time.Second, "the flood settled", func() bool {
		return ts.srv.gate.count() == perAddress && ts.srv.gate.slowFrom("127.0.0.1") == perAddress
	})

	c := dialAnswered(t, ts, 0)
	// alice is slow too, before she proves her key.
	waitFor(t, 30*time.Second, "alice counted slow", func() bool { return ts.srv.gate.isSlow(c.LocalAddr().String()) })
	waitPendingWithin(t, ts, perAddress, 30*time.Second)
	cl, err := logIn(t, ts, c, alice.signer)
	if err != nil {
		t.Fatalf("alice was kept out by the flood: %v\n%s", err, ts.log.String())
	}
	tm, err := openOn(cl)
	if err != nil {
		t.Fatal(err)
	}
	tm.waitFor(t, "hello alice")
	waitPendingWithin(t, ts, perAddress-1, 30*time.Second)
	// Logged in, she is off the slow list, and only she.
	if ts.srv.gate.isSlow(c.LocalAddr().String()) {
		t.Error("alice still counted slow after she logged in")
	}
	if n := ts.srv.gate.slowFrom("127.0.0.1"); n != perAddress-1 {
		t.Errorf("%d slow connections from 127.0.0.1 after alice logged in, want %d", n, perAddress-1)
	}
	waitLog(t, ts, "more than 10 connections from 127.0.0.1 still logging in after 50ms, the limit from one address; the oldest closed")
}

// isSlow says whether the connection from remote is counted slow.
func (g *gate) isSlow(remote string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, list := range g.slow {
		for _, pc := range list {
			if pc.RemoteAddr().String() == remote {
				return true
			}
		}
	}
	return false
}

// waitPendingWithin waits until n connections are waiting to log in.
func waitPendingWithin(t *testing.T, ts *testServer, n int, d time.Duration) {
	t.Helper()
	waitFor(t, d, fmt.Sprintf("%d connections waiting to log in", n), func() bool { return ts.srv.gate.count() == n })
}

// waitFor polls cond until it holds, failing the test after d.
func waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after %s", what, d)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Options left zero get the limits README promises.
func TestGateDefaults(t *testing.T) {
	g := newGate(Options{}, nil, nil)
	if g.timeout != 20*time.Second || g.slowAfter != 5*time.Second || g.perAddress != 10 || g.total != 100 {
		t.Errorf("defaults: deadline %s, slow after %s, %d slow per address, %d in all; want 20s, 5s, 10, 100",
			g.timeout, g.slowAfter, g.perAddress, g.total)
	}
	g = newGate(Options{HandshakeTimeout: time.Second, SlowHandshake: time.Millisecond, MaxUnauthenticatedPerAddress: 1, MaxUnauthenticated: 2}, nil, nil)
	if g.timeout != time.Second || g.slowAfter != time.Millisecond || g.perAddress != 1 || g.total != 2 {
		t.Errorf("set: deadline %s, slow after %s, %d slow per address, %d in all; want 1s, 1ms, 1, 2",
			g.timeout, g.slowAfter, g.perAddress, g.total)
	}
}
