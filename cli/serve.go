package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/config"
	"hrdesk/i18n"
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
				return usagef(a.text().CLI.Serve.ServeArguments, args[0])
			}
			if o.maxSessions < 0 || o.idle < 0 {
				return usageWords(a.text().CLI.Serve.ServeNegative)
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
		loginHint = fmt.Sprintf("Demo: %s / %s", session.Demo.Login, session.Demo.Password)
	} else if err := a.loadConfig(); err != nil {
		return err
	}
	if err := a.profile().RequireApp(); err != nil {
		return err
	}
	// The data dir holds the host key and every recruiter's cache and login.
	for _, dir := range []string{a.cfg.DataDir, filepath.Join(a.cfg.DataDir, "profiles")} {
		if err := privateDir(a.text().CLI.More, dir); err != nil {
			return err
		}
	}
	if o.hostKey == "" {
		o.hostKey = filepath.Join(a.cfg.DataDir, "ssh_host_ed25519")
	}
	if o.authorizedKeys == "" {
		o.authorizedKeys = filepath.Join(a.cfg.DataDir, "authorized_keys")
	}
	if err := checkHostKey(a.text().CLI.Serve, o.hostKey); err != nil {
		return err
	}
	var logw io.Writer = a.Err
	if o.logFile != "" {
		f, err := openServeLog(a.text().CLI.Serve, o.logFile)
		if err != nil {
			return err
		}
		defer f.Close()
		logw = f
	}
	profiles := newProfiles(a, filepath.Join(a.cfg.DataDir, "profiles"))
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
		return fmt.Errorf(a.text().CLI.Serve.CannotListen, o.listen, err)
	}
	t := a.text().CLI.Serve
	fmt.Fprintf(a.Out, t.Serving+"\n",
		l.Addr(), srv.Keys().Len(), o.authorizedKeys, srv.HostKeyFingerprint(), portOf(l.Addr()), hostOf(l.Addr()))
	if loginHint != "" {
		fmt.Fprintf(a.Out, t.DemoLogin+"\n", session.Demo.Login, session.Demo.Password)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	fmt.Fprintf(a.Out, t.ShuttingDown+"\n", shutdownGrace, srv.Active())
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	err = srv.Shutdown(sctx)
	profiles.pool.CloseAll()
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

// profiles is serve's recruiters: each profile's session is opened once,
// however many SSH sessions the recruiter has, and closed when the last
// one ends (session.Pool).
type profiles struct {
	base *app
	root string
	pool *session.Pool
}

func newProfiles(base *app, root string) *profiles {
	p := &profiles{base: base, root: root}
	p.pool = session.NewPool(p.open)
	return p
}

// open opens a profile's cache and session, in its own directory.
func (p *profiles) open(name string) (*session.Session, error) {
	dir, err := profileDir(p.base.text().CLI.Serve, p.root, name)
	if err != nil {
		return nil, err
	}
	pa := *p.base
	pa.cfg.DataDir = dir
	st, err := pa.openStore()
	if err != nil {
		return nil, fmt.Errorf(pa.text().CLI.Serve.Profile, name, err)
	}
	return pa.openSession(st), nil
}

// app is a copy of the command's app with the profile's configuration.
func (p *profiles) app(sess *session.Session) *app {
	pa := *p.base
	pa.cfg = sess.Profile().Config
	return &pa
}

// session builds the workstation of one SSH session.
func (p *profiles) session(ctx context.Context, s sshserve.Session, loginHint string) (tea.Model, func(), error) {
	sess, err := p.pool.Acquire(s.Profile)
	if err != nil {
		return nil, nil, err
	}
	// The session's own terminal decides colours, borders and language;
	// the server's environment decides everything else (never run a
	// program the client named, such as its $EDITOR).
	sa := p.app(sess)
	sa.env = sessionEnv(s.Environ, sa.env)
	sa.remote = true
	opts, err := ui.FromConfig(ctx, sa.setup(sess.Store()))
	if err != nil {
		p.pool.Release(s.Profile)
		return nil, nil, err
	}
	sessionCtx, endSession := context.WithCancel(context.Background())
	backend := sess.Backend(sessionCtx)
	opts.SyncOnStart, opts.LoginHint = backend.LoggedIn(), loginHint
	opts.LastSync, _ = lastSync(ctx, sess.Store())
	m := ui.New(sess.Scoped(), backend, opts)
	return m, func() { endSession(); p.pool.Release(s.Profile) }, nil
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

// profileDir is a profile's directory: exactly one element below root.
// sshserve already allows only plain names; this second check keeps any
// name that slipped through ("..", ".", "a/b") from opening, or creating,
// a cache outside the profiles directory.
func profileDir(t i18n.CLIServeText, root, name string) (string, error) {
	dir := filepath.Join(root, name)
	if !filepath.IsLocal(name) || filepath.Base(dir) != name || filepath.Dir(dir) != filepath.Clean(root) ||
		strings.ContainsRune(name, 0) {
		return "", fmt.Errorf(t.ProfileName, name, root)
	}
	return dir, nil
}
