package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"hrdesk/fakeapi"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/internal/testkit/vtscreen"
	"hrdesk/store"
	"hrdesk/ui"
)

// The live inbox end to end (issue 12 §3): applicants respond on the
// service (AddResponse, what demo-server --new-responses does every
// minute) while a workstation is open; the profile's poller finds them and
// the screen shows them with no key pressed.

// waitScreen waits until the screen matches every one of want (regular
// expressions), for as long as a working program could need
// (testwait.Patience).
func waitScreen(t *testing.T, s *vtscreen.Screen, want ...string) {
	t.Helper()
	testwait.Until(t, fmt.Sprintf("the screen matching %q", want), func() string {
		out := s.String()
		for _, w := range want {
			if !regexp.MustCompile(w).MatchString(out) {
				return fmt.Sprintf("no %q in\n%s", w, out)
			}
		}
		return ""
	})
}

// newest is the start of the newest inbox response's name, as its list
// row shows it even cut short.
func newest(t *testing.T, st *store.Store) string {
	t.Helper()
	rows, err := st.ListEntries(context.Background(), store.ListQuery{Folder: store.FolderInbox, Scope: store.ScopeMine, Limit: 1})
	if err != nil || len(rows) == 0 {
		t.Fatalf("the inbox: %v %v", rows, err)
	}
	name := []rune(rows[0].DisplayName)
	return string(name[:min(len(name), 14)])
}

func inboxCount(t *testing.T, st *store.Store) int {
	t.Helper()
	n, err := st.CountEntries(context.Background(), store.ListQuery{Folder: store.FolderInbox, Scope: store.ScopeMine})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestLiveInboxInAnOpenWorkstation(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	a, st, w := profileWorkspace(t, e)
	// The session of profileWorkspace has no poller; this one polls
	// every 300 ms (config allows 10 s at least; the test cannot wait).
	w.Close()
	st, err := a.openStore()
	if err != nil {
		t.Fatal(err)
	}
	a.cfg.PollInterval = 300_000_000
	w = a.openSession(st)
	t.Cleanup(func() { w.Close() })
	c, opts, err := a.uiCommon()
	if err != nil {
		t.Fatal(err)
	}
	m := ui.New(a.profile().Scoped(st), w.Backend(nil), ui.Options{Common: c, ThemeOptions: opts, MeterEvery: -1,
		DetailDelay: -1, Notify: ui.NotifyBell})
	scr := vtscreen.New(140, 40)
	out := &lockedBuffer{}
	ctx, quit := context.WithCancel(context.Background())
	p := tea.NewProgram(m, tea.WithContext(ctx), tea.WithInput(nil), tea.WithOutput(multiWriter{scr, out}),
		tea.WithWindowSize(140, 40), tea.WithColorProfile(colorprofile.Ascii))
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	defer func() {
		quit()
		select {
		case <-done:
		case <-time.After(testwait.Patience):
			t.Error("the workstation did not quit")
		}
	}()

	before := inboxCount(t, st)
	folderCount := func(n int) string { return fmt.Sprintf(`│Inbox +%d `, n) }
	waitScreen(t, scr, fmt.Sprintf("Inbox · %d resumes", before), folderCount(before))
	if !strings.Contains(scr.String(), newest(t, st)) {
		t.Fatalf("the newest response is not on screen:\n%s", scr.String())
	}
	rung := bells(out.String())
	for range 3 {
		e.srv.AddResponse()
	}
	// No key is pressed from here on.
	waitScreen(t, scr, "3 new in Inbox")
	after := inboxCount(t, st)
	if after != before+3 {
		t.Fatalf("the cache's inbox went from %d to %d", before, after)
	}
	waitScreen(t, scr, fmt.Sprintf("Inbox · %d resumes", after), folderCount(after), regexp.QuoteMeta(newest(t, st)))
	if n := bells(out.String()); n != rung+1 {
		t.Errorf("%d bells for one poll's news", n-rung)
	}
}

// oscs are operating system commands (the window title), which end in
// BEL too.
var oscs = regexp.MustCompile("\x1b\\][^\x07\x1b]*(\x07|\x1b\\\\)")

// bells counts the terminal bells in raw output.
func bells(raw string) int { return strings.Count(oscs.ReplaceAllString(raw, ""), "\a") }

// multiWriter writes to each writer (a screen and the raw bytes).
type multiWriter []interface{ Write([]byte) (int, error) }

func (mw multiWriter) Write(p []byte) (int, error) {
	for _, w := range mw {
		if _, err := w.Write(p); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// Served over SSH: two sessions of one recruiter share the profile's
// poller and both show the news with no key pressed, each ringing its own
// terminal's bell; a session of another profile hears nothing.
func TestLiveInboxOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an SSH server and waits for a 10 s poll")
	}
	t.Parallel()
	e := newEnv(t)
	cfg := filepath.Join(e.dir, "cfg", "hrdesk", "config.toml")
	if err := os.WriteFile(cfg, []byte("requests_per_minute = 60000\npoll_interval = \"10s\"\nnotify = \"bell\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(e.dir, "serve")
	alice, carol := newRecruiter(t, "alice"), newRecruiter(t, "carol")
	if code, _, errs := e.run(fakeapi.DemoPassword+"\n", "--data-dir", filepath.Join(root, "profiles", "alice"),
		"login", "--login", fakeapi.DemoLogin, "--password-stdin"); code != 0 {
		t.Fatal(errs)
	}
	keysFile := filepath.Join(e.dir, "authorized_keys")
	writeKeys(t, keysFile, alice, carol)
	srv := startServe(t, e.vars, root, keysFile)
	defer srv.stop()

	a1 := mustDial(t, srv.addr, alice, 120, 40)
	a2 := mustDial(t, srv.addr, alice, 80, 24)
	c := mustDial(t, srv.addr, carol, 80, 24)
	a1.waitFor(t, "online  •  synced")
	a2.waitFor(t, "Inbox ·")
	c.waitFor(t, "Log in with your employer account")
	for range 3 {
		e.srv.AddResponse()
	}
	a1.waitFor(t, "3 new in Inbox")
	a2.waitFor(t, "3 new in Inbox")
	for name, tm := range map[string]*sshTerm{"alice 1": a1, "alice 2": a2} {
		// The bell is its own write, after the frame with the notice:
		// under -race on a loaded machine it can come a moment later.
		testwait.Until(t, name+"'s bell", func() string {
			if bells(tm.out.String()) == 0 {
				return "no bell yet"
			}
			return ""
		})
		if n := bells(tm.out.String()); n != 1 {
			t.Errorf("%s heard %d bells", name, n)
		}
	}
	if n := bells(c.out.String()); n != 0 || strings.Contains(c.screen.String(), "new in") {
		t.Errorf("carol's session heard alice's news (%d bells):\n%s", n, c.screen.String())
	}
	for _, tm := range []*sshTerm{a1, a2, c} {
		tm.keys(t, "q")
	}
	c.keys(t, "q")
}
