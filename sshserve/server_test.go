package sshserve

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"
)

// Tests of the server itself over loopback, with a trivial App: the
// session limit, the idle rule and the authorized_keys options as a real
// SSH client meets them.

// syncBuffer is a bytes.Buffer for one writer and one reader goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// greeter is the trivial App's program: it greets the profile and quits on q.
type greeter struct{ profile string }

func (g greeter) Init() tea.Cmd { return nil }

func (g greeter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && k.String() == "q" {
		return g, tea.Quit
	}
	return g, nil
}

func (g greeter) View() tea.View { return tea.NewView("hello " + g.profile) }

// client is a key a test logs in with, and its authorized_keys line
// without options or comment.
type client struct {
	signer gossh.Signer
	key    string
}

func newClient(t *testing.T) client {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return client{signer: signer, key: strings.TrimSpace(string(gossh.MarshalAuthorizedKey(signer.PublicKey())))}
}

func (c client) fingerprint() string { return gossh.FingerprintSHA256(c.signer.PublicKey()) }

type testServer struct {
	addr string
	log  *syncBuffer
	srv  *Server
}

// startServer serves keys (authorized_keys lines) on 127.0.0.1 until the
// test ends; o.App, when nil, greets the profile.
func startServer(t *testing.T, keys []string, o Options) *testServer {
	t.Helper()
	dir := t.TempDir()
	o.AuthorizedKeysPath = filepath.Join(dir, "authorized_keys")
	if err := os.WriteFile(o.AuthorizedKeysPath, []byte(strings.Join(keys, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	o.HostKeyPath = filepath.Join(dir, "host_key")
	log := &syncBuffer{}
	o.Log = log
	if o.App == nil {
		o.App = func(_ context.Context, s Session) (tea.Model, func(), error) {
			return greeter{profile: s.Profile}, nil, nil
		}
	}
	srv, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
		select {
		case <-served:
		case <-time.After(5 * time.Second):
			t.Error("Serve did not return after Shutdown")
		}
	})
	return &testServer{addr: l.Addr().String(), log: log, srv: srv}
}

// connect logs in without opening a session (ssh -N). banner receives
// what the server says during authentication.
func (ts *testServer) connect(c client, banner *syncBuffer) (*gossh.Client, error) {
	return gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{
		User:            "anyone",
		Auth:            []gossh.AuthMethod{gossh.PublicKeys(c.signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), // a throwaway server of the test
		BannerCallback: func(msg string) error {
			_, _ = banner.Write([]byte(msg))
			return nil
		},
		Timeout: 5 * time.Second,
	})
}

// terminal is one session with a pty.
type terminal struct {
	client *gossh.Client
	sess   *gossh.Session
	in     io.Writer
	out    *syncBuffer
}

// open logs in and opens a session with a pty, as `ssh -t` does.
func (ts *testServer) open(c client) (*terminal, *syncBuffer, error) {
	banner := &syncBuffer{}
	cl, err := ts.connect(c, banner)
	if err != nil {
		return nil, banner, err
	}
	tm, err := openOn(cl)
	if err != nil {
		cl.Close()
		return nil, banner, err
	}
	return tm, banner, nil
}

// mustOpen opens a session that must get in and greet profile.
func (ts *testServer) mustOpen(t *testing.T, c client, profile string) *terminal {
	t.Helper()
	tm, _, err := ts.open(c)
	if err != nil {
		t.Fatalf("%s: %v", profile, err)
	}
	t.Cleanup(func() { tm.client.Close() })
	tm.waitFor(t, "hello "+profile)
	return tm
}

func openOn(cl *gossh.Client) (*terminal, error) {
	sess, err := cl.NewSession()
	if err != nil {
		return nil, err
	}
	tm := &terminal{client: cl, sess: sess, out: &syncBuffer{}}
	sess.Stdout, sess.Stderr = tm.out, tm.out
	if tm.in, err = sess.StdinPipe(); err != nil {
		return nil, err
	}
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		return nil, err
	}
	if err := sess.Shell(); err != nil {
		return nil, err
	}
	return tm, nil
}

// waitFor waits until the session printed want.
func (tm *terminal) waitFor(t *testing.T, want string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(tm.out.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("%q never came; the session printed %q", want, tm.out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// waitClosed waits until the server closed the client's connection.
func waitClosed(t *testing.T, cl *gossh.Client, within time.Duration, what string) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cl.Wait() }()
	select {
	case <-done:
	case <-time.After(within):
		t.Fatalf("%s: still open after %s", what, within)
	}
}

func waitLog(t *testing.T, ts *testServer, want string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(ts.log.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("the connection log never said %q:\n%s", want, ts.log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// refusedForLimit tries one more session and checks it is turned away
// because the server is full: quickly, saying so, and not for some other
// reason.
func (ts *testServer) refusedForLimit(t *testing.T, c client) {
	t.Helper()
	start := time.Now()
	tm, banner, err := ts.open(c)
	took := time.Since(start)
	if err == nil {
		tm.client.Close()
		t.Fatal("a login over the limit got in")
	}
	if !strings.Contains(err.Error(), "unable to authenticate") {
		t.Fatalf("refused, but not by authentication: %v", err)
	}
	if !strings.Contains(banner.String(), "its limit") {
		t.Fatalf("refused without the limit message (banner %q): %v", banner.String(), err)
	}
	if took > 3*time.Second {
		t.Errorf("the refusal took %s", took)
	}
}

// With a limit of N, the Nth session gets in, the next is refused at once
// with the limit message, and ending one frees its place.
func TestSessionLimit(t *testing.T) {
	const limit = 3
	alice := newClient(t)
	ts := startServer(t, []string{alice.key + " alice"}, Options{MaxSessions: limit})
	var open []*terminal
	for range limit {
		open = append(open, ts.mustOpen(t, alice, "alice"))
	}
	ts.refusedForLimit(t, alice)
	waitLog(t, ts, "the limit")

	// q ends one session; its place is free again.
	if _, err := io.WriteString(open[0].in, "q"); err != nil {
		t.Fatal(err)
	}
	waitClosedSession(t, open[0])
	open[0].client.Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		tm, _, err := ts.open(alice)
		if err == nil {
			defer tm.client.Close()
			tm.waitFor(t, "hello alice")
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no place after a session ended: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// Checked last, when the refused connection has long been dropped.
	if strings.Contains(ts.log.String(), "failed remote=") {
		t.Errorf("a refusal logged twice:\n%s", ts.log.String())
	}
}

// Sessions multiplexed over one connection (ssh ControlMaster) each take
// a place beyond the connection's own.
func TestMultiplexedSessionsCount(t *testing.T) {
	alice := newClient(t)
	ts := startServer(t, []string{alice.key + " alice"}, Options{MaxSessions: 2})
	first := ts.mustOpen(t, alice, "alice")
	second, err := openOn(first.client)
	if err != nil {
		t.Fatal(err)
	}
	second.waitFor(t, "hello alice")
	third, err := openOn(first.client)
	if err != nil {
		t.Fatal(err)
	}
	third.waitFor(t, "its limit")
	waitClosedSession(t, third)
	ts.refusedForLimit(t, alice)

	// The second session ends: its place is free for another connection.
	if _, err := io.WriteString(second.in, "q"); err != nil {
		t.Fatal(err)
	}
	waitClosedSession(t, second)
	ts.mustOpen(t, alice, "alice")
}

// Traffic keeps a connection open past the idle timeout; silence then
// closes it.
func TestIdleCountsTraffic(t *testing.T) {
	alice := newClient(t)
	// The timeout leaves room for a loaded machine between two keys.
	ts := startServer(t, []string{alice.key + " alice"}, Options{IdleTimeout: 1500 * time.Millisecond})
	tm := ts.mustOpen(t, alice, "alice")
	ended := make(chan error, 1)
	go func() { ended <- tm.sess.Wait() }()
	for range 12 { // 2.4 s of typing, 200 ms apart
		select {
		case <-ended:
			t.Fatal("closed as idle while the recruiter was typing")
		case <-time.After(200 * time.Millisecond):
		}
		if _, err := io.WriteString(tm.in, "x"); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case <-ended:
	case <-time.After(5 * time.Second):
		t.Fatal("still open long after the typing stopped")
	}
}

func waitClosedSession(t *testing.T, tm *terminal) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- tm.sess.Wait() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the session did not end on q")
	}
}

// A login that opens no session (ssh -N) takes a place, is in the log, and
// is closed when idle.
func TestConnectionWithoutSession(t *testing.T) {
	alice := newClient(t)
	ts := startServer(t, []string{alice.key + " alice"}, Options{MaxSessions: 2, IdleTimeout: time.Second})
	var held []*gossh.Client
	for range 2 {
		cl, err := ts.connect(alice, &syncBuffer{})
		if err != nil {
			t.Fatal(err)
		}
		defer cl.Close()
		held = append(held, cl)
	}
	waitLog(t, ts, "login profile=alice")
	ts.refusedForLimit(t, alice)
	for _, cl := range held {
		waitClosed(t, cl, 5*time.Second, "a connection without a session past the idle timeout")
	}
	waitLog(t, ts, "logout profile=alice")
	// Their places are free again.
	ts.mustOpen(t, alice, "alice")
}

// The options of authorized_keys as a client on 127.0.0.1 meets them: a
// key restricted to elsewhere, negated, expired or asking for what hrdesk
// cannot do is refused at authentication and logged with its fingerprint
// and why; the keys whose from= fits get their session.
func TestAuthorizedKeysOptionsOverSSH(t *testing.T) {
	cases := []struct {
		options, profile string
		in               bool
		log              string // the reason in the connection log
	}{
		{`from="10.9.9.9"`, "far", false, `from="10.9.9.9" does not allow 127.0.0.1 (line 1)`},
		{`from="127.0.0.1"`, "near", true, ""},
		{`from="127.0.0.0/8"`, "lan", true, ""},
		{`from="!127.0.0.1,*"`, "notme", false, `from="!127.0.0.1,*" does not allow 127.0.0.1 (line 4)`},
		{`command="/bin/sh",no-pty`, "shell", false, "not in the authorized keys"},
		{`expiry-time="20200101"`, "old", false, "expired at 2020-01-01"},
	}
	var lines []string
	var clients []client
	for _, c := range cases {
		cl := newClient(t)
		clients = append(clients, cl)
		lines = append(lines, c.options+" "+cl.key+" "+c.profile)
	}
	ts := startServer(t, lines, Options{})
	// The refused line is in the log at startup, by file and line number.
	waitLog(t, ts, "authorized_keys line 5: option command= cannot be honoured")
	for i, c := range cases {
		tm, _, err := ts.open(clients[i])
		if !c.in {
			if err == nil {
				tm.client.Close()
				t.Errorf("%s got in", c.options)
				continue
			}
			if !strings.Contains(err.Error(), "unable to authenticate") {
				t.Errorf("%s: refused, but not at authentication: %v", c.options, err)
			}
			waitLog(t, ts, "key="+clients[i].fingerprint()+": "+c.log)
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.options, err)
			continue
		}
		tm.waitFor(t, "hello "+c.profile)
		tm.client.Close()
	}
}
