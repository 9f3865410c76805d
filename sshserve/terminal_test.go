package sshserve

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"
)

// sizeWatcher is a program that reports every window size it is given.
type sizeWatcher struct{ sizes chan<- tea.WindowSizeMsg }

func (w sizeWatcher) Init() tea.Cmd { return nil }

func (w sizeWatcher) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if size, ok := msg.(tea.WindowSizeMsg); ok {
		w.sizes <- size
	}
	return w, nil
}

func (w sizeWatcher) View() tea.View { return tea.NewView("watching sizes") }

// A client asking for a 10000×10000 terminal, then resizing it to
// 20000×20000 and 1000×1000, gets a 500×300 one: the App is built at that
// size and the program never hears of a bigger one (issue 18 §4: such a
// client took the server past 10 GB). Sizes under the bounds pass as they
// are.
func TestTerminalSizeClamped(t *testing.T) {
	const maxWidth, maxHeight = 500, 300
	sessions := make(chan Session, 1)
	sizes := make(chan tea.WindowSizeMsg, 64)
	alice := newClient(t)
	ts := startServer(t, []string{alice.key + " alice"}, Options{App: func(_ context.Context, s Session) (tea.Model, func(), error) {
		sessions <- s
		if s.Width > maxWidth || s.Height > maxHeight {
			// Refused here, so that a server which does not clamp fails
			// this test instead of building a program that takes gigabytes.
			return nil, nil, errors.New("terminal too big")
		}
		return sizeWatcher{sizes}, nil, nil
	}})
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)

	cl, err := ts.connect(alice, &syncBuffer{})
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	sess, err := cl.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out := &syncBuffer{}
	sess.Stdout, sess.Stderr = out, out
	if err := sess.RequestPty("xterm-256color", 10000, 10000, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-sessions:
		if s.Width != maxWidth || s.Height != maxHeight {
			t.Fatalf("the App was given a %d×%d terminal, want %d×%d", s.Width, s.Height, maxWidth, maxHeight)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no session reached the App")
	}
	tm := &terminal{client: cl, sess: sess, out: out}
	tm.waitFor(t, "watching sizes") // the first frame is drawn
	waitLog(t, ts, "size=10000x10000 clamped=500x300")

	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	grew := int64(after.HeapInuse) - int64(before.HeapInuse)
	t.Logf("heap in use grew by %.1f MB for a session asking for 10000×10000", float64(grew)/(1<<20))
	if grew > 100<<20 {
		t.Errorf("the heap grew by %d MB", grew>>20)
	}

	// resize changes the client's window and returns the sizes the
	// program saw until a final, ordinary size marks the change as done.
	resize := func(width, height int) []tea.WindowSizeMsg {
		t.Helper()
		for _, w := range [][2]int{{width, height}, {100, 40}} {
			if err := sess.WindowChange(w[1], w[0]); err != nil {
				t.Fatal(err)
			}
		}
		var seen []tea.WindowSizeMsg
		timeout := time.After(5 * time.Second)
		for {
			select {
			case size := <-sizes:
				if size.Width == 100 && size.Height == 40 {
					return seen
				}
				seen = append(seen, size)
			case <-timeout:
				t.Fatalf("after a resize to %d×%d, the program saw %v and never the 100×40 after it", width, height, seen)
			}
		}
	}
	resize(80, 24) // the initial sizes drained
	for _, w := range [][2]int{{20000, 20000}, {1000, 1000}, {600, 200}, {200, 400}} {
		want := tea.WindowSizeMsg{Width: min(w[0], maxWidth), Height: min(w[1], maxHeight)}
		seen := resize(w[0], w[1])
		if len(seen) == 0 {
			t.Errorf("a resize to %d×%d never reached the program (want %v)", w[0], w[1], want)
		}
		for _, s := range seen {
			if s != want {
				t.Errorf("a resize to %d×%d reached the program as %v, want %v", w[0], w[1], s, want)
			}
		}
	}
}
