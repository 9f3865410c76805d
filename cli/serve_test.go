package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"hrdesk/fakeapi"
	"hrdesk/internal/testkit/testwait"
)

// End-to-end tests of `hrdesk serve`: the real command, a real SSH client
// on loopback, the workstation on the other end.

// The online path: the real fake service behind the server.
func TestServeOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an SSH server")
	}
	e := newEnv(t)
	root := filepath.Join(e.dir, "serve")
	alice, carol, mallory := newRecruiter(t, "alice"), newRecruiter(t, "carol"), newRecruiter(t, "mallory")
	if code, _, errs := e.run(fakeapi.DemoPassword+"\n", "--data-dir", filepath.Join(root, "profiles", "alice"),
		"login", "--login", fakeapi.DemoLogin, "--password-stdin"); code != 0 {
		t.Fatal(errs)
	}
	keysFile := filepath.Join(e.dir, "authorized_keys")
	writeKeys(t, keysFile, alice)
	srv := startServe(t, e.vars, root, keysFile)
	defer srv.stop()

	// An unknown key is refused before any screen.
	if tm, err := dial(srv.addr, mallory, 80, 24); err == nil {
		tm.client.Close()
		t.Fatal("an unknown key got in")
	}

	// A known key gets its inbox, synced from the service.
	a := mustDial(t, srv.addr, alice, 120, 40)
	a.waitFor(t, "Inbox ·")           // the list, titled by its folder
	a.waitFor(t, "online  •  synced") // the first sync is over
	if !strings.Contains(a.text(), "Folders") {
		t.Errorf("wide layout expected at 120x40:\n%s", a.text())
	}

	// A resize reflows it: below 100 columns the folders become a strip.
	a.resize(t, 90, 30)
	a.waitFor(t, "1 Inbox")
	if strings.Contains(a.screen.String(), "Folders") {
		t.Errorf("the wide layout stayed after the resize:\n%s", a.screen.String())
	}

	// Carol's key is added while the server runs; her profile has no login.
	writeKeys(t, keysFile, alice, carol)
	c := mustDial(t, srv.addr, carol, 80, 24)
	c.waitFor(t, "Log in with your employer account")

	// Alice moves the first inbox resume to Considered; it reaches the service.
	considered := len(e.srv.OwnResumeIDs(20))
	a.keys(t, "m")
	a.waitFor(t, "Move to folder")
	a.keys(t, "2")
	testwait.Until(t, "the move reaching the service", func() string {
		if len(e.srv.OwnResumeIDs(20)) != considered+1 {
			return a.text()
		}
		return ""
	})

	a.keys(t, "q")
	c.keys(t, "\x1b") // leave the login screen for the (empty) cache
	c.waitFor(t, "Inbox · 0 resumes")
	c.keys(t, "q")
	waitLog(t, srv, "end profile=alice")
	waitLog(t, srv, "end profile=carol")

	// Carol's cache holds nothing of Alice's work.
	srv.stop()
	if n := cacheRows(t, filepath.Join(root, "profiles", "carol")); n != 0 {
		t.Errorf("carol's cache has %d resumes", n)
	}
	if n := cacheRows(t, filepath.Join(root, "profiles", "alice")); n == 0 {
		t.Error("alice's cache is empty")
	}
	log := srv.log.String()
	for _, want := range []string{"refused remote=127.0.0.1", "connect profile=alice", "connect profile=carol", "duration="} {
		if !strings.Contains(log, want) {
			t.Errorf("connection log lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, fakeapi.DemoSecret) || strings.Contains(log, fakeapi.DemoPassword) {
		t.Error("a secret in the connection log")
	}
}

// Two recruiters at once see only their own caches; two sessions of one
// profile share its cache without losing a write.
func TestServeKeepsProfilesApart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an SSH server")
	}
	// No service: the sessions work from their seeded caches, offline.
	vars, root, keysFile := offlineServe(t, 5, "alice", "bob")
	alice, bob := newRecruiter(t, "alice"), newRecruiter(t, "bob")
	writeKeys(t, keysFile, alice, bob)
	srv := startServe(t, vars, root, keysFile, "--max-sessions", "3")
	defer srv.stop()

	a1 := mustDial(t, srv.addr, alice, 100, 30)
	b := mustDial(t, srv.addr, bob, 100, 30)
	a2 := mustDial(t, srv.addr, alice, 100, 30)
	for _, tm := range []*sshTerm{a1, a2} {
		tm.waitFor(t, "ПрофильAlice")
	}
	b.waitFor(t, "ПрофильBob")
	if strings.Contains(b.text(), "ПрофильAlice") || strings.Contains(a1.text(), "ПрофильBob") {
		t.Error("a recruiter saw another's resumes")
	}

	// A fourth session is over the limit: refused at login (the client
	// shows the limit message as a banner), and said so in the log.
	if extra, err := dial(srv.addr, bob, 80, 24); err == nil {
		extra.client.Close()
		t.Error("a fourth session got past --max-sessions 3")
	} else if !strings.Contains(err.Error(), "unable to authenticate") {
		t.Errorf("the fourth session failed, but not at login: %v", err)
	}
	waitLog(t, srv, "3 sessions open, the limit")

	// Both Alice sessions act at once: each queues a move (offline).
	a1.keys(t, "m")
	a2.keys(t, "jm")
	a1.waitFor(t, "Move to folder")
	a2.waitFor(t, "Move to folder")
	a1.keys(t, "2")
	a2.keys(t, "3")
	for _, tm := range []*sshTerm{a1, a2} {
		tm.keys(t, "q")
	}
	b.keys(t, "q")
	for _, tm := range []*sshTerm{a1, a2, b} {
		done := make(chan error, 1)
		go func() { done <- tm.sess.Wait() }()
		select {
		case <-done:
		case <-time.After(testwait.Patience):
			t.Fatal("a session did not end on q")
		}
	}
	srv.stop()
	if n := outboxActions(t, filepath.Join(root, "profiles", "alice")); n != 2 {
		t.Errorf("alice's outbox has %d actions, want both sessions' moves", n)
	}
	if n := outboxActions(t, filepath.Join(root, "profiles", "bob")); n != 0 {
		t.Errorf("bob's outbox has %d actions", n)
	}
}

// colourSGR matches a foreground or background colour in an SGR sequence.
var colourSGR = regexp.MustCompile(`\x1b\[(?:[0-9:;]*;)?(?:3[0-9]|4[0-9]|9[0-7]|10[0-7])(?:[;:m])`)

// Each terminal gets what it can show: colour depth from TERM, ASCII
// borders where box characters are unsafe, no colour with NO_COLOR.
func TestServeTerminals(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an SSH server")
	}
	// No service: the sessions work from their seeded caches, offline.
	vars, root, keysFile := offlineServe(t, 5, "alice")
	alice := newRecruiter(t, "alice")
	writeKeys(t, keysFile, alice)
	srv := startServe(t, vars, root, keysFile)
	defer srv.stop()

	for _, c := range []struct {
		term    string
		env     map[string]string
		box     bool   // rounded box characters rather than ASCII
		depth   string // "256", "16" or "none"
		english bool
	}{
		{"xterm-256color", nil, true, "256", true},
		{"tmux-256color", nil, true, "256", true},
		{"screen", nil, true, "256", true}, // colorprofile: GNU screen has had 256 colours for years
		{"linux", nil, false, "16", true},
		{"xterm-256color", map[string]string{"NO_COLOR": "1"}, true, "none", true},
		{"xterm-256color", map[string]string{"LANG": "ru_RU.UTF-8"}, true, "256", false},
	} {
		name := c.term
		for k, v := range c.env {
			name += " " + k + "=" + v
		}
		t.Run(name, func(t *testing.T) {
			tm, err := dialTerm(srv.addr, alice, c.term, c.env, 80, 24)
			if err != nil {
				t.Fatal(err)
			}
			defer tm.client.Close()
			tm.waitFor(t, "ПрофильAlice")
			tm.quiet(t)
			scr, raw := tm.screen.String(), tm.out.String()
			if got := strings.ContainsAny(scr, "╭┏"); got != c.box {
				t.Errorf("box characters %v, want %v:\n%s", got, c.box, scr)
			}
			if !c.box && !strings.Contains(scr, "+--") {
				t.Errorf("no ASCII border:\n%s", scr)
			}
			has256 := strings.Contains(raw, "38;5;") || strings.Contains(raw, "48;5;")
			hasTrue := strings.Contains(raw, "38;2;") || strings.Contains(raw, "48;2;")
			anyColour := colourSGR.MatchString(raw)
			switch c.depth {
			case "256":
				if !has256 || hasTrue {
					t.Errorf("256 colours expected (256: %v, true colour: %v)", has256, hasTrue)
				}
			case "16":
				if has256 || hasTrue || !anyColour {
					t.Errorf("16 colours expected (256: %v, true colour: %v, any: %v)", has256, hasTrue, anyColour)
				}
			case "none":
				if m := colourSGR.FindString(raw); m != "" {
					t.Errorf("colour despite NO_COLOR: %q", m)
				}
			}
			if english := strings.Contains(scr, "Inbox"); english != c.english {
				t.Errorf("English %v, want %v:\n%s", english, c.english, scr)
			}
			// Usable at 80×24: the whole layout fits, help line included.
			if lines := strings.Split(scr, "\n"); len(lines) != 24 || !strings.Contains(lines[23], "?") {
				t.Errorf("80x24 layout:\n%s", scr)
			}
			tm.keys(t, "q")
			tm.waitEnd(t)
		})
	}
}

// Stopping the server ends every session with a word to the recruiter,
// closes the caches, and logs the ends.
func TestServeShutdown(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an SSH server")
	}
	// No service: the sessions work from their seeded caches, offline.
	vars, root, keysFile := offlineServe(t, 3, "alice")
	alice := newRecruiter(t, "alice")
	writeKeys(t, keysFile, alice)
	srv := startServe(t, vars, root, keysFile)
	a := mustDial(t, srv.addr, alice, 100, 30)
	a.waitFor(t, "ПрофильAlice")
	a.waitFor(t, "offline") // the first sync gave up
	// y copies the resume's link to the recruiter's own clipboard (OSC 52).
	a.keys(t, "y")
	a.waitFor(t, "copied")
	testwait.Until(t, "an OSC 52 sequence reaching the client", func() string {
		if !strings.Contains(a.out.String(), "\x1b]52;c;") {
			return a.text()
		}
		return ""
	})
	a.keys(t, "l") // an action queued (offline) just before the shutdown
	a.waitFor(t, "pending")
	start := time.Now()
	srv.stop()
	// Not a speed test: the session ends at once, so shutdown must not
	// wait out its grace (a machine's slowness is no reason to).
	if d := time.Since(start); d >= shutdownGrace {
		t.Errorf("shutdown took %s, its whole grace, with one idle session", d)
	}
	done := make(chan error, 1)
	go func() { done <- a.sess.Wait() }()
	select {
	case <-done:
	case <-time.After(testwait.Patience):
		t.Fatal("the session outlived the server")
	}
	if !strings.Contains(a.text(), "restarting; your work is saved") {
		t.Errorf("no word to the recruiter: %q", a.text()[max(0, len(a.text())-200):])
	}
	if !strings.Contains(srv.log.String(), "end profile=alice") {
		t.Errorf("no end in the log:\n%s", srv.log.String())
	}
	if n := outboxActions(t, filepath.Join(root, "profiles", "alice")); n != 1 {
		t.Errorf("the queued action: %d in the outbox after the shutdown, want 1", n)
	}
}

// A silent session is closed after --idle-timeout; the host key made on
// the first run is kept for the next.
func TestServeIdleTimeoutAndHostKey(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an SSH server")
	}
	// No service: the sessions work from their seeded caches, offline.
	vars, root, keysFile := offlineServe(t, 3, "alice")
	alice := newRecruiter(t, "alice")
	writeKeys(t, keysFile, alice)
	fingerprint := regexp.MustCompile(`host key (SHA256:\S+)\)`)

	srv := startServe(t, vars, root, keysFile, "--idle-timeout", "1s")
	first := fingerprint.FindStringSubmatch(srv.out.String())
	a := mustDial(t, srv.addr, alice, 100, 30)
	a.waitFor(t, "ПрофильAlice")
	done := make(chan error, 1)
	go func() { done <- a.sess.Wait() }()
	select {
	case <-done:
	case <-time.After(testwait.Patience):
		t.Error("an idle session was not closed")
	}
	srv.stop()
	fi, err := os.Stat(filepath.Join(root, "ssh_host_ed25519"))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("host key file: %v %v", fi, err)
	}

	srv = startServe(t, vars, root, keysFile)
	defer srv.stop()
	second := fingerprint.FindStringSubmatch(srv.out.String())
	if first == nil || second == nil || first[1] != second[1] {
		t.Errorf("host key changed between runs: %v %v", first, second)
	}
}

func TestServeMistakes(t *testing.T) {
	vars, root, _ := offlineServe(t, 1, "alice")
	e := &env{t: t, vars: vars, dir: root}
	code, _, errs := e.run("", "--data-dir", root, "serve", "--authorized-keys", filepath.Join(root, "missing"))
	if code != 1 || !strings.Contains(errs, "authorized keys") || !strings.Contains(errs, "create it") {
		t.Errorf("missing keys file: %d %q", code, errs)
	}
	if code, _, errs := e.run("", "serve", "--max-sessions", "-1"); code != 2 || !strings.Contains(errs, "negative") {
		t.Errorf("negative limit: %d %q", code, errs)
	}
	if code, _, errs := e.run("", "serve", "127.0.0.1:2222"); code != 2 || !strings.Contains(errs, "--listen") {
		t.Errorf("address without --listen: %d %q", code, errs)
	}
}

// A connection that drops without a goodbye (a closed laptop) ends the
// session and releases the profile; the recruiter can come straight back.
func TestServeClientDropped(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an SSH server")
	}
	vars, root, keysFile := offlineServe(t, 3, "alice")
	alice := newRecruiter(t, "alice")
	writeKeys(t, keysFile, alice)
	srv := startServe(t, vars, root, keysFile)
	defer srv.stop()
	a := mustDial(t, srv.addr, alice, 100, 30)
	a.waitFor(t, "ПрофильAlice")
	a.keys(t, "l") // an action queued just before the drop
	a.waitFor(t, "pending")
	a.client.Close()
	waitLog(t, srv, "end profile=alice")
	b := mustDial(t, srv.addr, alice, 100, 30)
	b.waitFor(t, "ПрофильAlice")
	b.waitFor(t, "1 pending") // the queued action survived the drop
}

// A session without a terminal (ssh -T, or a command) is told what to do.
func TestServeNeedsATerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an SSH server")
	}
	vars, root, keysFile := offlineServe(t, 1, "alice")
	alice := newRecruiter(t, "alice")
	writeKeys(t, keysFile, alice)
	srv := startServe(t, vars, root, keysFile)
	defer srv.stop()
	client, err := gossh.Dial("tcp", srv.addr, &gossh.ClientConfig{User: "alice",
		Auth: []gossh.AuthMethod{gossh.PublicKeys(alice.signer)}, HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	sess, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out, _ := sess.CombinedOutput("") // a shell without a pty
	if !strings.Contains(string(out), "needs a terminal") {
		t.Errorf("without a pty: %q", out)
	}
	waitLog(t, srv, "no terminal requested")
	if srv.log.String() == "" || strings.Contains(srv.log.String(), "panic") {
		t.Error(srv.log.String())
	}
}
