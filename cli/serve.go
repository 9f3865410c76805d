package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/config"
	"hrdesk/fakeapi"
	"hrdesk/session"
	"hrdesk/sshserve"
	"hrdesk/ui"
)

// shutdownGrace is how long SIGTERM waits for sessions to end.
const shutdownGrace = 15 * time.Second

func serveCommand() *command {
	var o serveOptions
	return &command{
		name:    "serve",
		summary: "serve the workstation over SSH to a team (one profile per key)",
		help: `Serves the workstation over SSH. Logins are by public key only, from a file in
OpenSSH authorized_keys format; the comment after each key names the
recruiter's profile, with its own cache and login under DATA_DIR/profiles/:

  ssh-ed25519 AAAAC3Nza… alice
  ssh-ed25519 AAAAC3Nza… bob

The file is read again when it changes. A profile that has not logged in
gets the login screen. The host key is generated on first run and kept.
With --demo the built-in demo service is the job board (log in with the
credentials the server prints).`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&o.listen, "listen", "127.0.0.1:2222", "address to listen on")
			fs.StringVar(&o.hostKey, "host-key", "", "host key file, created when missing (default DATA_DIR/ssh_host_ed25519)")
			fs.StringVar(&o.authorizedKeys, "authorized-keys", "", "authorized_keys file naming a profile per key (default DATA_DIR/authorized_keys)")
			fs.DurationVar(&o.idle, "idle-timeout", 30*time.Minute, "close a session after this long without traffic (0: never)")
			fs.IntVar(&o.maxSessions, "max-sessions", 20, "most sessions at once (0: no limit)")
			fs.StringVar(&o.logFile, "log", "", "append the connection log to this file (default: standard error)")
		},
		run: func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usagef("serve takes no arguments (did you mean --listen %s?)", args[0])
			}
			if o.maxSessions < 0 || o.idle < 0 {
				return usagef("--max-sessions and --idle-timeout cannot be negative")
			}
			return a.serve(ctx, o)
		},
	}
}

type serveOptions struct {
	listen, hostKey, authorizedKeys, logFile string
	idle                                     time.Duration
	maxSessions                              int
}

func (a *app) serve(ctx context.Context, o serveOptions) error {
	var loginHint string
	if a.global.demo {
		dir := ""
		if a.global.set["data-dir"] {
			dir = a.global.dataDir
		}
		stop, err := a.startDemoService(dir)
		if err != nil {
			return err
		}
		defer stop()
		loginHint = fmt.Sprintf("Demo: %s / %s", fakeapi.DemoLogin, fakeapi.DemoPassword)
	} else if err := a.loadConfig(); err != nil {
		return err
	}
	if err := a.profile().RequireApp(); err != nil {
		return err
	}
	// The data dir holds the host key and every recruiter's cache and login.
	for _, dir := range []string{a.cfg.DataDir, filepath.Join(a.cfg.DataDir, "profiles")} {
		if err := privateDir(dir); err != nil {
			return err
		}
	}
	if o.hostKey == "" {
		o.hostKey = filepath.Join(a.cfg.DataDir, "ssh_host_ed25519")
	}
	if o.authorizedKeys == "" {
		o.authorizedKeys = filepath.Join(a.cfg.DataDir, "authorized_keys")
	}
	var logw io.Writer = a.Err
	if o.logFile != "" {
		f, err := os.OpenFile(o.logFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
		if err != nil {
			return fmt.Errorf("connection log: %w", err)
		}
		defer f.Close()
		logw = f
	}
	profiles := &profiles{base: a, root: filepath.Join(a.cfg.DataDir, "profiles"), open: map[string]*openProfile{}, closing: map[string]chan struct{}{}}
	srv, err := sshserve.New(sshserve.Options{
		HostKeyPath:        o.hostKey,
		AuthorizedKeysPath: o.authorizedKeys,
		IdleTimeout:        o.idle,
		MaxSessions:        o.maxSessions,
		Log:                logw,
		App: func(ctx context.Context, s sshserve.Session) (tea.Model, func(), error) {
			return profiles.session(ctx, s, loginHint)
		},
	})
	if err != nil {
		return err
	}
	l, err := net.Listen("tcp", o.listen)
	if err != nil {
		return fmt.Errorf("cannot listen on %s: %v", o.listen, err)
	}
	fmt.Fprintf(a.Out, "hrdesk serving on %s (%d keys in %s; host key %s)\nconnect: ssh -p %s -i YOUR_KEY %s\n",
		l.Addr(), srv.Keys().Len(), o.authorizedKeys, srv.HostKeyFingerprint(), portOf(l.Addr()), hostOf(l.Addr()))
	if loginHint != "" {
		fmt.Fprintf(a.Out, "demo service: log in with %s / %s\n", fakeapi.DemoLogin, fakeapi.DemoPassword)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	fmt.Fprintf(a.Out, "hrdesk: shutting down, waiting up to %s for %d sessions\n", shutdownGrace, srv.Active())
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	err = srv.Shutdown(sctx)
	profiles.closeAll()
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

func portOf(addr net.Addr) string {
	_, p, _ := net.SplitHostPort(addr.String())
	return p
}

func hostOf(addr net.Addr) string {
	h, _, _ := net.SplitHostPort(addr.String())
	if h == "" || h == "::" || h == "0.0.0.0" {
		return "localhost"
	}
	return h
}

// profiles opens each recruiter's session once, however many sessions
// they have open, and closes it when the last one ends.
type profiles struct {
	base *app
	root string

	mu      sync.Mutex
	open    map[string]*openProfile
	closing map[string]chan struct{} // profiles whose last session just ended, still closing
}

type openProfile struct {
	s    *session.Session
	a    *app // the profile's configuration (its data directory)
	refs int
}

// session builds the workstation of one SSH session.
func (p *profiles) session(ctx context.Context, s sshserve.Session, loginHint string) (tea.Model, func(), error) {
	op, err := p.acquire(s.Profile)
	if err != nil {
		return nil, nil, err
	}
	// The session's own terminal decides colours, borders and language;
	// the server's environment decides everything else (never run a
	// program the client named, such as its $EDITOR).
	sa := *op.a
	sa.env = sessionEnv(s.Environ, op.a.env)
	sa.remote = true
	c, themeOpts, err := sa.uiCommon()
	if err != nil {
		p.release(s.Profile)
		return nil, nil, err
	}
	views, err := sa.savedViews(&c.Keys)
	if err != nil {
		p.release(s.Profile)
		return nil, nil, err
	}
	sessionCtx, endSession := context.WithCancel(context.Background())
	backend := op.s.Backend(sessionCtx)
	last, _ := lastSync(ctx, op.s.Store())
	m := ui.New(op.s.Scoped(), backend, ui.Options{Common: c, ThemeOptions: themeOpts,
		SyncOnStart: backend.LoggedIn(), LastSync: last, Editor: sa.host().Editor(), LoginHint: loginHint, Mouse: op.a.cfg.MouseOn(),
		StaleAfter: op.a.cfg.StaleAfterDuration(), Views: views, Notify: op.a.notify(), SendDelay: time.Duration(op.a.cfg.SendDelay)})
	return m, func() { endSession(); p.release(s.Profile) }, nil
}

// sessionEnv answers the terminal's variables from the SSH session and the
// rest from the server.
func sessionEnv(session []string, server config.Env) config.Env {
	own := config.EnvFromList(session)
	return func(k string) (string, bool) {
		switch k {
		case "TERM", "NO_COLOR", "COLORTERM", "LANG", "LC_ALL", "LC_MESSAGES":
			return own(k)
		}
		return server(k)
	}
}

func (p *profiles) acquire(name string) (*openProfile, error) {
	dir, err := profileDir(p.root, name)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	// A recruiter reconnecting at once waits for the previous close, so
	// one profile never has two caches open.
	for p.closing[name] != nil {
		ch := p.closing[name]
		p.mu.Unlock()
		<-ch
		p.mu.Lock()
	}
	defer p.mu.Unlock()
	if op, ok := p.open[name]; ok {
		op.refs++
		return op, nil
	}
	pa := *p.base
	pa.cfg.DataDir = dir
	st, err := pa.openStore()
	if err != nil {
		return nil, fmt.Errorf("profile %s: %w", name, err)
	}
	op := &openProfile{s: pa.openSession(st), a: &pa, refs: 1}
	p.open[name] = op
	return op, nil
}

// profileDir is a profile's directory: exactly one element below root.
// sshserve already allows only plain names; this second check keeps any
// name that slipped through ("..", ".", "a/b") from opening, or creating,
// a cache outside the profiles directory.
func profileDir(root, name string) (string, error) {
	dir := filepath.Join(root, name)
	if !filepath.IsLocal(name) || filepath.Base(dir) != name || filepath.Dir(dir) != filepath.Clean(root) ||
		strings.ContainsRune(name, 0) {
		return "", fmt.Errorf("profile name %q is not a directory name under %s", name, root)
	}
	return dir, nil
}

func (p *profiles) release(name string) {
	p.mu.Lock()
	op, ok := p.open[name]
	if !ok {
		p.mu.Unlock()
		return
	}
	if op.refs--; op.refs > 0 {
		p.mu.Unlock()
		return
	}
	delete(p.open, name)
	ch := make(chan struct{})
	p.closing[name] = ch
	p.mu.Unlock()
	// Outside the lock: closing waits for the profile's sync to stop.
	_ = op.s.Close()
	p.mu.Lock()
	delete(p.closing, name)
	p.mu.Unlock()
	close(ch)
}

// closeAll closes every profile still open (sessions that outlived the
// shutdown's grace period).
func (p *profiles) closeAll() {
	p.mu.Lock()
	open := p.open
	p.open = map[string]*openProfile{}
	p.mu.Unlock()
	for _, op := range open {
		_ = op.s.Close()
	}
}
