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
	"hrdesk/internal/testkit/testwait"
	"hrdesk/internal/testkit/vtscreen"
	"hrdesk/store"
	"hrdesk/tokenfile"
)

// Helpers of the serve tests: an SSH client as a recruiter's terminal, a
// running server, seeded profiles.

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
	deadline := time.Now().Add(testwait.Patience)
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
	case <-time.After(testwait.Patience):
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

// waitFor waits until the screen shows want: for the state, not for a
// time (a first sync under -race with CPU hogs beside it took over 30 s);
// only a broken program waits out testwait.Patience.
func (tm *sshTerm) waitFor(t testing.TB, want string) {
	t.Helper()
	testwait.Until(t, fmt.Sprintf("the screen showing %q", want), func() string {
		if scr := tm.screen.String(); !strings.Contains(scr, want) {
			return scr
		}
		return ""
	})
}

// waitEnd waits, for a while, until the session ended.
func (tm *sshTerm) waitEnd(t testing.TB) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- tm.sess.Wait() }()
	select {
	case <-done:
	case <-time.After(testwait.Patience):
		t.Fatal("the session did not end")
	}
}

// quiet waits until the session has printed nothing for a few frames and
// returns how much it printed in all. A session that never stops printing
// fails t: an idle screen writes nothing.
func (tm *sshTerm) quiet(t testing.TB) int {
	t.Helper()
	deadline := time.Now().Add(testwait.Patience)
	last := tm.out.Len()
	for {
		time.Sleep(60 * time.Millisecond)
		n := tm.out.Len()
		if n == last {
			return n
		}
		if time.Now().After(deadline) {
			t.Fatalf("the session still prints after %v (%d bytes)", testwait.Patience, n)
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

func waitLog(t *testing.T, srv *server, want string) {
	t.Helper()
	testwait.Until(t, fmt.Sprintf("the connection log saying %q", want), func() string {
		if log := srv.log.String(); !strings.Contains(log, want) {
			return log
		}
		return ""
	})
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
