package ui

import (
	"errors"
	"hrdesk/problem"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hrdesk/internal/testkit/panetest"
	"hrdesk/session/feed"
)

// statusLine is the status bar's line of the screen.
func statusLine(m *Model) string {
	lines := strings.Split(screen(m), "\n")
	return lines[len(lines)-2]
}

// Issue 10, defect 5: with the server down, an undo (which empties the
// outbox, so the push asks the server nothing) turned the bar "online".
func TestOfflineStaysOfflineWithoutWordFromTheServer(t *testing.T) {
	st := fixture(t, 20)
	m, b := newModel(t, st, 120, 30)
	b.st = st
	m.opts.Explain = func(error) problem.Problem { return problem.Problem{Kind: problem.Offline} }
	b.pushErr = errors.New("dial tcp: connection refused")
	press(t, m, "l")
	if !strings.HasPrefix(statusLine(m), "offline") {
		t.Fatalf("the push failed and the bar says: %q", statusLine(m))
	}
	press(t, m, "u")
	if line := statusLine(m); !strings.HasPrefix(line, "offline") || !strings.Contains(line, "undone") {
		t.Errorf("after an undo with the server still down: %q", line)
	}
}

// Issue 10, defect 5: "offline" outlived the outage. While offline the
// session polls early by itself (session/outage.go); the first poll the
// service answers says online at once, and what waited in the outbox
// leaves then.
func TestOnlineAgainWhenTheServerIsBack(t *testing.T) {
	st := fixture(t, 20)
	m, b := newModel(t, st, 120, 30)
	b.st = st
	m.opts.Explain = func(error) problem.Problem { return problem.Problem{Kind: problem.Offline} }
	b.pushErr = errors.New("dial tcp: connection refused")
	press(t, m, "l")
	if !strings.HasPrefix(statusLine(m), "offline") {
		t.Fatalf("the push failed and the bar says: %q", statusLine(m))
	}
	b.pushErr = nil // the server is back
	pushes := b.pushes
	send(t, m, feed.PolledMsg{Seq: 1, At: testNow}) // the session's early poll
	if line := statusLine(m); !strings.HasPrefix(line, "online") {
		t.Errorf("the server is back and the bar says: %q", line)
	}
	if b.pushes == pushes {
		t.Error("what waited in the outbox was not sent when the server came back")
	}
	// Online already, a poll sends nothing by itself: the keys push.
	pushes = b.pushes
	send(t, m, feed.PolledMsg{Seq: 2, At: testNow})
	if b.pushes != pushes {
		t.Errorf("a poll while online pushed %d times", b.pushes-pushes)
	}
}

// Issue 29 §4: with poll_interval 0 the terminal has no feed to hear the
// session probe's "online" on; the meter says the outage it saw under way
// ended with the service answering, and the bar says online by itself,
// sending what waited. A reading asked before the bar went offline, or
// one with the outage still under way, says nothing.
func TestOnlineAgainWithoutAPollerWhenTheMeterSaysTheOutageEnded(t *testing.T) {
	st := fixture(t, 20)
	m, b := newModel(t, st, 120, 30)
	b.st = st
	m.opts.Explain = func(error) problem.Problem { return problem.Problem{Kind: problem.Offline} }
	b.meter.Outage = feed.Outage{Began: 1, Answered: 1} // an older outage, over
	stale := m.readMeter()                              // asked while online
	b.pushErr = errors.New("dial tcp: connection refused")
	b.meter.Outage = feed.Outage{Began: 2, Away: true} // the failed push began the next
	press(t, m, "l")
	run(t, m, m.readMeter())
	if !strings.HasPrefix(statusLine(m), "offline") {
		t.Fatalf("the push failed and the bar says: %q", statusLine(m))
	}
	run(t, m, stale)
	run(t, m, m.readMeter())
	if line := statusLine(m); !strings.HasPrefix(line, "offline") {
		t.Fatalf("an older outage's end, or this one under way, turned the bar: %q", line)
	}
	b.pushErr = nil // the session's probe heard the service
	b.meter.Outage = feed.Outage{Began: 2, Answered: 2}
	pushes := b.pushes
	run(t, m, m.readMeter())
	if line := statusLine(m); !strings.HasPrefix(line, "online") {
		t.Errorf("the outage ended and the bar says: %q", line)
	}
	if b.pushes == pushes {
		t.Error("what waited in the outbox was not sent when the server came back")
	}
}

func typedKey(k string) tea.KeyPressMsg { return panetest.Press(k) }
