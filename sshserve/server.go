// Package sshserve serves the workstation to a team over SSH with wish:
// public-key logins from an authorized_keys file whose comments name each
// recruiter's profile, one Bubble Tea program per session with that
// terminal's size, colours and environment, a session limit, an idle
// timeout, a connection log, and a shutdown that lets programs finish.
//
// It knows nothing of hrdesk's data: the App callback builds each
// session's model.
package sshserve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/log/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	"charm.land/wish/v2/bubbletea"
	gossh "golang.org/x/crypto/ssh"
)

// Session is what the App learns about one SSH session.
type Session struct {
	Profile       string
	Remote        string
	Term          string
	Width, Height int
	// Environ is the session's environment as the client sent it, with
	// TERM from the pty request.
	Environ []string
}

// App builds the program model of one session. done, when not nil, runs
// after the program ended (to release the profile's cache).
type App func(ctx context.Context, s Session) (m tea.Model, done func(), err error)

// Options configure a Server.
type Options struct {
	HostKeyPath        string // generated (ed25519) on first run and kept
	AuthorizedKeysPath string
	IdleTimeout        time.Duration // 0: none
	MaxSessions        int           // 0: no limit
	Log                io.Writer     // connection log; nil: discarded
	App                App
	Now                func() time.Time

	// Until it logs in, a connection has HandshakeTimeout (0: 20 s), and
	// at most MaxUnauthenticated connections (0: 100) wait to log in. Of
	// those still logging in after SlowHandshake (0: 5 s), at most
	// MaxUnauthenticatedPerAddress (0: 10) from one IP address stay: one
	// more closes the oldest of them.
	HandshakeTimeout             time.Duration
	SlowHandshake                time.Duration
	MaxUnauthenticated           int
	MaxUnauthenticatedPerAddress int
}

// Server is an SSH server of workstation sessions.
type Server struct {
	o     Options
	keys  *Keys
	srv   *ssh.Server
	log   *connLog
	drops *dropLog
	gate  *gate // the connections that have not logged in yet

	// remote address → the last refusal not yet logged ("key=SHA256:…: why"),
	// or "" when it was logged already.
	refused sync.Map

	mu sync.Mutex
	// places counts what --max-sessions limits: one per logged-in
	// connection, whether or not it opened a session (ssh -N holds one
	// too), plus one per session beyond a connection's first.
	places   int
	active   int // open sessions
	closing  bool
	programs map[*tea.Program]struct{}
	idle     chan struct{} // closed when closing and the last session ended
	// serving is set when Serve hands the listener to charm ssh, and
	// accepting is closed once it accepts (or gave up): charm ssh's
	// Shutdown waits on a WaitGroup that Serve adds to, so a Shutdown racing
	// a Serve that has not reached Accept is a data race (seen under -race
	// when a server is stopped as it starts). Shutdown waits for accepting.
	serving   bool
	accepting chan struct{}
}

type ctxKey string

const (
	keyConn    ctxKey = "hrdesk-conn"
	keyDone    ctxKey = "hrdesk-done"
	keyProgram ctxKey = "hrdesk-program"
	keyPending ctxKey = "hrdesk-pending"
)

// New checks the options, loads the keys and prepares the host key.
func New(o Options) (*Server, error) {
	if o.App == nil {
		return nil, errors.New("sshserve: no App")
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
	s := &Server{o: o, log: &connLog{w: o.Log, now: o.Now}, programs: map[*tea.Program]struct{}{},
		accepting: make(chan struct{})}
	s.drops = newDropLog(s.log)
	s.gate = newGate(o, s.drops, func(remote string) { s.refused.Store(remote, "") })
	// wish and charm ssh report through charm's log: into the same file.
	log.SetDefault(log.NewWithOptions(o.Log, log.Options{ReportTimestamp: true, TimeFormat: time.RFC3339}))
	keys, err := NewKeys(o.AuthorizedKeysPath, s.log.warn)
	if err != nil {
		return nil, fmt.Errorf("%w (create it: one `ssh-ed25519 AAAA… name` line per recruiter)", err)
	}
	s.keys = keys
	if err := os.MkdirAll(filepath.Dir(o.HostKeyPath), 0o700); err != nil {
		return nil, fmt.Errorf("host key directory: %w", err)
	}
	srv, err := wish.NewServer(
		wish.WithHostKeyPath(o.HostKeyPath),
		wish.WithPublicKeyAuth(s.authorize),
		wish.WithMiddleware( // the last runs first
			bubbletea.MiddlewareWithProgramHandler(s.program),
			clampTerminal,
			s.session,
		),
	)
	if err != nil {
		return nil, fmt.Errorf("host key %s: %w", o.HostKeyPath, err)
	}
	srv.ConnectionFailedCallback = s.connectionFailed
	srv.ServerConfigCallback = func(ctx ssh.Context) *gossh.ServerConfig {
		// VerifiedPublicKeyCallback runs once the client proved it
		// holds the key: only then does the connection take a place.
		return &gossh.ServerConfig{VerifiedPublicKeyCallback: func(_ gossh.ConnMetadata, key gossh.PublicKey, perms *gossh.Permissions, _ string) (*gossh.Permissions, error) {
			return perms, s.login(ctx, key)
		}}
	}
	srv.ConnCallback = func(ctx ssh.Context, c net.Conn) net.Conn {
		pc := s.gate.admit(ctx, c)
		if pc == nil || o.IdleTimeout <= 0 {
			return pc
		}
		// Not ssh.Server.IdleTimeout, nor deadlines: charm ssh v0.4.2
		// clears the connection's deadline after the handshake while its
		// reader is already blocked, so a connection that sends nothing
		// more (ssh -N) was never closed.
		return newIdleConn(pc, o.IdleTimeout)
	}
	s.srv = srv
	return s, nil
}

// Keys is the authorized keys registry (for the startup message).
func (s *Server) Keys() *Keys { return s.keys }

// HostKeyFingerprint is the SHA256 fingerprint users compare on first connect.
func (s *Server) HostKeyFingerprint() string {
	if len(s.srv.HostSigners) == 0 {
		return ""
	}
	return gossh.FingerprintSHA256(s.srv.HostSigners[0].PublicKey())
}

// Serve accepts sessions on l until Shutdown.
func (s *Server) Serve(l net.Listener) error {
	s.mu.Lock()
	if s.closing || s.serving {
		s.mu.Unlock()
		l.Close()
		return nil // shut down before it started
	}
	s.serving = true
	s.mu.Unlock()
	var once sync.Once
	accepted := func() { once.Do(func() { close(s.accepting) }) }
	defer accepted() // charm ssh gave up before accepting (a host key error)
	err := s.srv.Serve(&firstAccept{Listener: l, first: accepted})
	if errors.Is(err, ssh.ErrServerClosed) {
		return nil
	}
	return err
}

// firstAccept tells when charm ssh first calls Accept: by then its Serve
// has registered the listener with its WaitGroup.
type firstAccept struct {
	net.Listener
	first func()
}

func (f *firstAccept) Accept() (net.Conn, error) {
	f.first()
	return f.Listener.Accept()
}

// authorize lets in the keys of the authorized keys file on the terms of
// their lines (from=, expiry-time=), and only them: any other key never
// reaches a screen. It answers the client's query before any signature,
// so it decides nothing else: login does, for the key actually proven.
func (s *Server) authorize(ctx ssh.Context, key ssh.PublicKey) bool {
	addr := ctx.RemoteAddr().String()
	_, err := s.keys.Authorize(key, ctx.RemoteAddr(), s.o.Now())
	switch {
	case errors.Is(err, errUnknownKey), errors.Is(err, errNoKeysFile):
		// Logged only if the login fails: a client offers every key it
		// has, and the one that fits should not leave a trail of others.
		s.refused.Store(addr, "key="+gossh.FingerprintSHA256(key)+": "+err.Error())
		return false
	case err != nil:
		// A known key kept out by its own line: always worth a line.
		s.log.printf("refused remote=%s key=%s: %s", addr, gossh.FingerprintSHA256(key), oneLine(err.Error()))
		s.refused.Store(addr, "")
		return false
	}
	return true
}

func (s *Server) connectionFailed(conn net.Conn, err error) {
	addr := conn.RemoteAddr().String()
	if why, ok := s.refused.LoadAndDelete(addr); ok {
		if why != "" {
			s.log.printf("refused remote=%s %s", addr, why)
		}
		return
	}
	s.log.printf("failed remote=%s: %s", addr, oneLine(err.Error()))
}

// session is the outermost middleware: the session limit, the connection
// log, and the release of the profile once the program ended.
func (s *Server) session(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		c, _ := sess.Context().Value(keyConn).(*conn)
		if c == nil {
			// Every login goes through login; never serve one that did not.
			wish.Fatalln(sess, "hrdesk: not logged in.")
			return
		}
		profile, remote := c.profile, c.remote
		n, refusal := s.enter(c)
		if refusal != "" {
			wish.Fatalln(sess, refusal)
			return
		}
		start := s.o.Now()
		pty, _, hasPty := sess.Pty()
		if !hasPty {
			defer s.leave(c)
			s.log.printf("refused profile=%s remote=%s: no terminal requested", profile, remote)
			wish.Fatalln(sess, "hrdesk: the workstation needs a terminal; connect with ssh -t (no command after the host).")
			return
		}
		size := fmt.Sprintf("%dx%d", pty.Window.Width, pty.Window.Height)
		if w, clamped := clampWindow(pty.Window); clamped {
			size += fmt.Sprintf(" clamped=%dx%d", w.Width, w.Height)
		}
		s.log.printf("connect profile=%s remote=%s term=%s size=%s sessions=%d",
			profile, remote, pty.Term, size, n)
		defer func() {
			if done, ok := sess.Context().Value(keyDone).(func()); ok && done != nil {
				done()
			}
			if p, ok := sess.Context().Value(keyProgram).(*tea.Program); ok {
				s.mu.Lock()
				delete(s.programs, p)
				s.mu.Unlock()
			}
			s.log.printf("end profile=%s remote=%s duration=%s", profile, remote, s.o.Now().Sub(start).Round(time.Second))
			s.mu.Lock()
			closing := s.closing
			s.mu.Unlock()
			if closing {
				wish.Println(sess, "hrdesk: the server is restarting; your work is saved. Connect again in a minute.")
			}
			// Last: once the count reaches zero, Shutdown closes the
			// connections, so the goodbye above must already be written.
			s.leave(c)
		}()
		next(sess)
	}
}

// program builds the session's Bubble Tea program.
func (s *Server) program(sess ssh.Session) *tea.Program {
	pty, _, _ := sess.Pty()
	var profile string
	if c, ok := sess.Context().Value(keyConn).(*conn); ok {
		profile = c.profile
	}
	env := append(append([]string(nil), sess.Environ()...), "TERM="+pty.Term)
	m, done, err := s.o.App(sess.Context(), Session{
		Profile: profile, Remote: sess.RemoteAddr().String(), Term: pty.Term,
		Width: pty.Window.Width, Height: pty.Window.Height, Environ: env,
	})
	if err != nil {
		s.log.printf("error profile=%s: %s", profile, oneLine(err.Error()))
		wish.Errorln(sess, "hrdesk: "+oneLine(err.Error()))
		_ = sess.Exit(1)
		return nil
	}
	sess.Context().SetValue(keyDone, done)
	// No signal handler: a Ctrl+C or SIGTERM to the server is the server's
	// to handle (Shutdown), not every session's to die of.
	p := tea.NewProgram(m, append(bubbletea.MakeOptions(sess), tea.WithoutSignalHandler())...)
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return nil
	}
	s.programs[p] = struct{}{}
	s.mu.Unlock()
	sess.Context().SetValue(keyProgram, p)
	return p
}

// Shutdown stops accepting, asks every program to quit (so each finishes
// its writes and releases its cache), and waits for the sessions to end
// until ctx expires; then it closes what is left.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return errors.New("sshserve: already shut down")
	}
	s.closing = true
	serving := s.serving
	s.idle = make(chan struct{})
	if s.active == 0 {
		close(s.idle)
	}
	progs := make([]*tea.Program, 0, len(s.programs))
	for p := range s.programs {
		progs = append(progs, p)
	}
	s.mu.Unlock()
	for _, p := range progs {
		go p.Quit() // Quit blocks until the program runs
	}
	if serving {
		select {
		case <-s.accepting: // charm ssh's Serve is past its WaitGroup.Add
		case <-ctx.Done():
		}
	}
	// Stop accepting at once; Shutdown also waits for every connection,
	// which a client may hold open after its session ended.
	shut := make(chan error, 1)
	go func() { shut <- s.srv.Shutdown(ctx) }()
	var err error
	select {
	case <-s.idle:
	case err = <-shut:
	case <-ctx.Done():
		err = ctx.Err()
	}
	// Every session has ended (or time is up): drop the connections left,
	// those still logging in too (charm ssh does not track them).
	_ = s.srv.Close()
	s.gate.closeAll()
	s.drops.close()
	return err
}

// Active is the number of open sessions.
func (s *Server) Active() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.active
}
