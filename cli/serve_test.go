package cli

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"hrdesk/config"
	"hrdesk/fakeapi"
	"hrdesk/internal/vtscreen"
	"hrdesk/store"
	"hrdesk/tokenfile"
)

// End-to-end tests of `hrdesk serve`: the real command, a real SSH client
// on loopback, the workstation on the other end.

// lockedBuffer is a bytes.Buffer safe for a writer and a reader goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Len()
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// recruiter is a client key and the profile its comment names.
type recruiter struct {
	name   string
	signer gossh.Signer
	line   string // authorized_keys line
}

func newRecruiter(t testing.TB, name string) recruiter {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	sshPub, err := gossh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	line := strings.TrimSpace(string(gossh.MarshalAuthorizedKey(sshPub))) + " " + name
	return recruiter{name: name, signer: signer, line: line}
}

// server is a running `hrdesk serve`.
type server struct {
	addr string
	out  *lockedBuffer // standard output
	log  *lockedBuffer // connection log (standard error)
	stop func()
}

var servingOn = regexp.MustCompile(`serving on (127\.0\.0\.1:\d+)`)

func startServe(t testing.TB, vars []string, dataDir, keysFile string, extra ...string) *server {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &server{out: &lockedBuffer{}, log: &lockedBuffer{}}
	done := make(chan int, 1)
	args := append([]string{"--data-dir", dataDir, "serve", "--listen", "127.0.0.1:0", "--authorized-keys", keysFile}, extra...)
	go func() {
		done <- Run(ctx, args, Streams{In: strings.NewReader(""), Out: s.out, Err: s.log}, config.EnvFromList(vars))
	}()
	var once sync.Once
	s.stop = func() { once.Do(func() { stopServe(t, s, cancel, done) }) }
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if m := servingOn.FindStringSubmatch(s.out.String()); m != nil {
			s.addr = m[1]
			return s
		}
		select {
		case code := <-done:
			t.Fatalf("serve exited with %d:\n%s%s", code, s.out.String(), s.log.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	cancel()
	t.Fatalf("serve did not start:\n%s%s", s.out.String(), s.log.String())
	return nil
}

func stopServe(t testing.TB, s *server, cancel func(), done chan int) {
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("serve exited with %d: %s", code, s.log.String())
		}
	case <-time.After(20 * time.Second):
		buf := make([]byte, 1<<20)
		t.Errorf("serve did not stop after the interrupt\n%s", buf[:runtime.Stack(buf, true)])
	}
}

// sshTerm is one SSH session with a pty, as a recruiter's terminal.
type sshTerm struct {
	client *gossh.Client
	sess   *gossh.Session
	in     io.WriteCloser
	out    *lockedBuffer
	screen *vtscreen.Screen // what the recruiter sees
}

func dial(addr string, r recruiter, w, h int) (*sshTerm, error) {
	return dialTerm(addr, r, "xterm-256color", nil, w, h)
}

// dialTerm opens a session as a terminal of the given type, sending env
// the way OpenSSH's SendEnv does.
func dialTerm(addr string, r recruiter, termType string, env map[string]string, w, h int) (*sshTerm, error) {
	client, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User:            r.name,
		Auth:            []gossh.AuthMethod{gossh.PublicKeys(r.signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), // a throwaway server of the test
		Timeout:         5 * time.Second,
	})
	if err != nil {
		return nil, err
	}
	sess, err := client.NewSession()
	if err != nil {
		client.Close()
		return nil, err
	}
	tm := &sshTerm{client: client, sess: sess, out: &lockedBuffer{}, screen: vtscreen.New(w, h)}
	sess.Stdout = io.MultiWriter(tm.out, tm.screen)
	sess.Stderr = tm.out
	if tm.in, err = sess.StdinPipe(); err != nil {
		client.Close()
		return nil, err
	}
	for k, v := range env {
		if err := sess.Setenv(k, v); err != nil {
			client.Close()
			return nil, err
		}
	}
	if err := sess.RequestPty(termType, h, w, gossh.TerminalModes{}); err != nil {
		client.Close()
		return nil, err
	}
	if err := sess.Shell(); err != nil {
		client.Close()
		return nil, err
	}
	return tm, nil
}

func mustDial(t testing.TB, addr string, r recruiter, w, h int) *sshTerm {
	t.Helper()
	tm, err := dial(addr, r, w, h)
	if err != nil {
		t.Fatalf("%s: %v", r.name, err)
	}
	t.Cleanup(func() { tm.client.Close() })
	return tm
}

// text is everything the session printed, escape sequences removed.
func (tm *sshTerm) text() string { return ansi.Strip(tm.out.String()) }

// waitFor waits until the screen shows want.
func (tm *sshTerm) waitFor(t testing.TB, want string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(tm.screen.String(), want) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%q never appeared; the screen:\n%s", want, tm.screen.String())
}

// quiet waits until the session has printed nothing for a few frames and
// returns how much it printed in all.
func (tm *sshTerm) quiet() int {
	last := tm.out.Len()
	for {
		time.Sleep(60 * time.Millisecond)
		n := tm.out.Len()
		if n == last {
			return n
		}
		last = n
	}
}

// resize is the recruiter resizing the terminal window.
func (tm *sshTerm) resize(t *testing.T, w, h int) {
	t.Helper()
	tm.screen.Resize(w, h)
	if err := tm.sess.WindowChange(h, w); err != nil {
		t.Fatal(err)
	}
}

func (tm *sshTerm) keys(t testing.TB, s string) {
	t.Helper()
	if _, err := io.WriteString(tm.in, s); err != nil {
		t.Fatal(err)
	}
}

func writeKeys(t testing.TB, path string, rs ...recruiter) {
	t.Helper()
	var lines []string
	for _, r := range rs {
		lines = append(lines, r.line)
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
}

// seedProfile gives a profile a cache with resumes named after it, and a
// token, so it opens straight on its inbox.
func seedProfile(t *testing.T, root, name string, n int) {
	t.Helper()
	dir := filepath.Join(root, "profiles", name)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(filepath.Join(dir, "cache.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	at := time.Now().Add(-time.Hour)
	var batch []store.Entry
	for i := range n {
		id := int64(len(name)*100000 + i)
		batch = append(batch, store.Entry{ResumeID: id, Scope: store.ScopeMine, Folder: store.FolderInbox,
			FirstName: fmt.Sprintf("Резюме%d", i), LastName: "Профиль" + strings.ToUpper(name[:1]) + name[1:],
			Profession: "Профессия " + name, LastEventAt: at.Add(-time.Duration(i) * time.Minute),
			Events:  []store.Event{{Type: 10, DateEvent: at, TypeTitle: "Отклик"}},
			RawJSON: []byte(fmt.Sprintf(`{"id":%d}`, id))})
	}
	if err := st.UpsertEntries(context.Background(), batch); err != nil {
		t.Fatal(err)
	}
	if err := tokenfile.Save(filepath.Join(dir, "token.json"), tokenfile.Token{AccessToken: "a", RefreshToken: "r", Expires: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
}

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
	a.waitFor(t, "Resumes ·")
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
	deadline := time.Now().Add(10 * time.Second)
	for {
		if len(e.srv.OwnResumeIDs(20)) == considered+1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the move did not reach the service:\n%s", a.text())
		}
		time.Sleep(50 * time.Millisecond)
	}

	a.keys(t, "q")
	c.keys(t, "\x1b") // leave the login screen for the (empty) cache
	c.waitFor(t, "Resumes")
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

	// A fourth session is over the limit.
	if extra, err := dial(srv.addr, bob, 80, 24); err == nil {
		extra.sess.Wait()
		if !strings.Contains(extra.text(), "limit") {
			t.Errorf("over the limit: %q", extra.text())
		}
		extra.client.Close()
	}

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
		case <-time.After(10 * time.Second):
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

func waitLog(t *testing.T, srv *server, want string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(srv.log.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("the connection log never said %q:\n%s", want, srv.log.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func openProfileStore(t *testing.T, dir string) *store.Store {
	t.Helper()
	st, err := store.Open(filepath.Join(dir, "cache.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func cacheRows(t *testing.T, dir string) int {
	t.Helper()
	n, err := openProfileStore(t, dir).CountEntries(context.Background(), store.ListQuery{})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func outboxActions(t *testing.T, dir string) int {
	t.Helper()
	c, err := openProfileStore(t, dir).OutboxCounts(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return c.Pending + c.Failed + c.Unknown
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
			tm.quiet()
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
			if english := strings.Contains(scr, "Resumes"); english != c.english {
				t.Errorf("English %v, want %v:\n%s", english, c.english, scr)
			}
			// Usable at 80×24: the whole layout fits, help line included.
			if lines := strings.Split(scr, "\n"); len(lines) != 24 || !strings.Contains(lines[23], "?") {
				t.Errorf("80x24 layout:\n%s", scr)
			}
			tm.keys(t, "q")
			_ = tm.sess.Wait()
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
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(a.out.String(), "\x1b]52;c;") {
		if time.Now().After(deadline) {
			t.Fatal("no OSC 52 sequence reached the client")
		}
		time.Sleep(20 * time.Millisecond)
	}
	a.keys(t, "l") // an action queued (offline) just before the shutdown
	a.waitFor(t, "pending")
	start := time.Now()
	srv.stop()
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("shutdown took %s with one idle session", d)
	}
	done := make(chan error, 1)
	go func() { done <- a.sess.Wait() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
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
	case <-time.After(8 * time.Second):
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

// offlineServe prepares a server's data: profiles seeded with n resumes
// each and logged in, an environment whose service cannot be reached, and
// the path for the authorized keys.
func offlineServe(t *testing.T, n int, profiles ...string) (vars []string, root, keysFile string) {
	t.Helper()
	dir := t.TempDir()
	vars = []string{"HOME=" + dir, "XDG_CONFIG_HOME=" + filepath.Join(dir, "cfg"),
		"HRDESK_BASE_URL=http://127.0.0.1:1", "HRDESK_CLIENT_ID=1000", "HRDESK_SECRET=" + fakeapi.DemoSecret}
	root = filepath.Join(dir, "serve")
	for _, p := range profiles {
		seedProfile(t, root, p, n)
	}
	return vars, root, filepath.Join(dir, "authorized_keys")
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
