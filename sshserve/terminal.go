package sshserve

import (
	"sync"

	"charm.land/ssh"
)

// The largest terminal a session gets. The renderer keeps a cell buffer of
// the terminal's size, so a client asking for 10000×10000 took the server
// past 10 GB (issue 18 §4), and under a memory limit every recruiter's
// session died with it. 500×300 is wider and taller than any real screen.
const (
	maxTerminalWidth  = 500
	maxTerminalHeight = 300
)

// clampWindow is w within the largest terminal, and whether it was bigger.
// The pixel sizes are left alone: no program here reads them.
func clampWindow(w ssh.Window) (ssh.Window, bool) {
	clamped := w.Width > maxTerminalWidth || w.Height > maxTerminalHeight
	w.Width = min(w.Width, maxTerminalWidth)
	w.Height = min(w.Height, maxTerminalHeight)
	return w, clamped
}

// clampTerminal is the middleware that shows everything after it (the
// Bubble Tea middleware, the App, the program) a terminal no bigger than
// the largest, at the pty request and at every window change. charm ssh
// offers no hook to change either: its PtyCallback can only refuse, and it
// applies window changes itself.
func clampTerminal(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		pty, changes, ok := sess.Pty()
		if !ok {
			next(sess)
			return
		}
		pty.Window, _ = clampWindow(pty.Window)
		c := &clampedSession{Session: sess, pty: pty, changes: make(chan ssh.Window, 1)}
		go c.follow(changes)
		next(c)
	}
}

// clampedSession is a session whose terminal never exceeds the largest.
type clampedSession struct {
	ssh.Session
	changes chan ssh.Window

	mu  sync.Mutex
	pty ssh.Pty // its Window is the latest size, clamped
}

func (c *clampedSession) Pty() (ssh.Pty, <-chan ssh.Window, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pty, c.changes, true
}

// follow passes on the client's window changes, clamped, until the
// session's requests end. Only the latest size waits to be read: a client
// sending a flood of changes costs one resize of the program, not one per
// change. changes is never closed: the Bubble Tea middleware reads it
// until the session's context ends, and a closed channel would hand it
// zero sizes in a loop.
func (c *clampedSession) follow(from <-chan ssh.Window) {
	for w := range from {
		w, _ = clampWindow(w)
		c.mu.Lock()
		c.pty.Window = w
		c.mu.Unlock()
		for sent := false; !sent; {
			select {
			case c.changes <- w:
				sent = true
			default:
				select {
				case <-c.changes: // a size nobody read yet: replaced
				default:
				}
			}
		}
	}
}
