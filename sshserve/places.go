package sshserve

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync/atomic"
	"time"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// conn is one logged-in connection: whose it is, and how many sessions it
// has open (ssh can multiplex several over one connection).
type conn struct {
	profile, remote string
	start           time.Time
	sessions        int // under Server.mu
}

var errFull = errors.New("the session limit is reached")

// full is the --max-sessions rule, in one place. Under s.mu.
func (s *Server) full() bool {
	return s.o.MaxSessions > 0 && s.places >= s.o.MaxSessions
}

// login runs once the client has proven it holds key: the connection
// takes a place, or is turned away with a word the client shows (an
// authentication banner), before any session can be opened. The profile
// comes from the proven key, never from a key only offered earlier.
func (s *Server) login(ctx ssh.Context, key gossh.PublicKey) error {
	remote := ctx.RemoteAddr().String()
	fp := gossh.FingerprintSHA256(key)
	profile, err := s.keys.Authorize(key, ctx.RemoteAddr(), s.o.Now())
	if err != nil {
		// The file changed since the key was offered.
		s.log.printf("refused remote=%s key=%s: %s", remote, fp, oneLine(err.Error()))
		return err
	}
	s.mu.Lock()
	closing, full, n := s.closing, s.full(), s.places
	if !closing && !full {
		s.places++
		n = s.places
	}
	s.mu.Unlock()
	// Out of the handshake deadline and the unauthenticated caps only now,
	// with its place: a refused connection may try again, and must not
	// hold on uncounted while it does.
	if !closing && !full && !s.gate.loggedIn(ctx) {
		s.mu.Lock()
		s.places--
		s.mu.Unlock()
		s.refused.Store(remote, "") // logged as dropped at the deadline
		return errLoginTooLate
	}
	if closing || full {
		s.refused.Store(remote, "") // said here, not again when the connection fails
	} else {
		s.refused.Delete(remote)
	}
	switch {
	case closing:
		return &gossh.BannerError{Err: errors.New("shutting down"), Message: "hrdesk: the server is shutting down; connect again in a minute.\r\n"}
	case full:
		s.log.printf("refused profile=%s remote=%s key=%s: %d sessions open, the limit", profile, remote, fp, n)
		return &gossh.BannerError{Err: errFull,
			Message: fmt.Sprintf("hrdesk: the server already has %d sessions, its limit; try again later.\r\n", n)}
	}
	c := &conn{profile: profile, remote: remote, start: s.o.Now()}
	ctx.SetValue(keyConn, c)
	// The connection's context ends when the connection closes, however
	// it closes: a quit, a dropped client, the idle rule, a shutdown.
	context.AfterFunc(ctx, func() { s.logout(c) })
	s.log.printf("login profile=%s remote=%s key=%s places=%d", profile, remote, fp, n)
	return nil
}

func (s *Server) logout(c *conn) {
	s.mu.Lock()
	s.places--
	s.mu.Unlock()
	s.log.printf("logout profile=%s remote=%s duration=%s", c.profile, c.remote, s.o.Now().Sub(c.start).Round(time.Second))
}

// enter counts a session in: the first of a connection uses the
// connection's place, each further one needs a place of its own. It
// returns the number of open sessions, or what to tell the client.
func (s *Server) enter(c *conn) (int, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closing:
		return 0, "hrdesk: the server is shutting down; connect again in a minute."
	case c.sessions >= 1 && s.full():
		s.log.printf("refused profile=%s remote=%s: %d sessions open, the limit", c.profile, c.remote, s.places)
		return 0, fmt.Sprintf("hrdesk: the server already has %d sessions, its limit; try again later.", s.places)
	case c.sessions >= 1:
		s.places++
	}
	c.sessions++
	s.active++
	return s.active, ""
}

// leave counts a session out; the last one out of a shutdown lets it finish.
func (s *Server) leave(c *conn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.sessions > 1 {
		s.places--
	}
	c.sessions--
	s.active--
	if s.closing && s.active == 0 {
		close(s.idle)
	}
}

// idleConn closes a connection that has neither read nor written for
// idle. A timer watches the time of the last traffic, rather than
// deadlines, which charm ssh overwrites (see New).
type idleConn struct {
	net.Conn
	idle   time.Duration
	start  time.Time    // monotonic origin of last
	last   atomic.Int64 // time since start of the last traffic
	closed atomic.Bool
}

func newIdleConn(c net.Conn, idle time.Duration) *idleConn {
	ic := &idleConn{Conn: c, idle: idle, start: time.Now()}
	time.AfterFunc(idle, ic.check)
	return ic
}

// check closes the connection if it has been quiet for idle, and
// otherwise looks again when it would have been.
func (c *idleConn) check() {
	if c.closed.Load() {
		return
	}
	quiet := time.Since(c.start) - time.Duration(c.last.Load())
	if quiet >= c.idle {
		_ = c.Close()
		return
	}
	time.AfterFunc(c.idle-quiet, c.check)
}

func (c *idleConn) touch() { c.last.Store(int64(time.Since(c.start))) }

func (c *idleConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if n > 0 {
		c.touch()
	}
	return n, err
}

func (c *idleConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	if n > 0 {
		c.touch()
	}
	return n, err
}

func (c *idleConn) Close() error {
	c.closed.Store(true)
	return c.Conn.Close()
}
