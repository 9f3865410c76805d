package ui

import (
	"errors"
	"hrdesk/problem"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
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

// Issue 10, defect 5: "offline" outlived the outage; while offline the
// workstation asks whether the server is back, and says so at once.
func TestOnlineAgainWhenTheServerIsBack(t *testing.T) {
	st := fixture(t, 20)
	m, b := newModel(t, st, 120, 30)
	b.st = st
	m.opts.Explain = func(error) problem.Problem { return problem.Problem{Kind: problem.Offline} }
	b.pushErr = errors.New("dial tcp: connection refused")
	m.opts.ProbeEvery = 1 // every nanosecond: the test runs the probe itself
	_, cmd := m.Update(typedKey("l"))
	var probes int
	for _, msg := range flattenAll(t, m, cmd) {
		if _, ok := msg.(probeDueMsg); ok {
			probes++
		}
	}
	if probes == 0 || !strings.HasPrefix(statusLine(m), "offline") {
		t.Fatalf("offline with no probe planned (%d): %q", probes, statusLine(m))
	}
	b.pushErr, b.pingErr = nil, nil // the server is back
	pushes := b.pushes
	send(t, m, probeDueMsg{seq: m.probeSeq})
	if line := statusLine(m); !strings.HasPrefix(line, "online") || b.pings == 0 {
		t.Errorf("the server is back, %d pings, and the bar says: %q", b.pings, line)
	}
	if b.pushes == pushes {
		t.Error("what waited in the outbox was not sent when the server came back")
	}
}

// flattenAll runs cmd like run, but keeps the probe messages instead of
// delivering them (a probe only reschedules itself while offline).
func flattenAll(t *testing.T, m *Model, cmd tea.Cmd) []tea.Msg {
	var kept []tea.Msg
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := settle(c).(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case probeDueMsg:
			kept = append(kept, msg)
		default:
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
	return kept
}

func typedKey(k string) tea.KeyPressMsg { return tea.KeyPressMsg{Code: []rune(k)[0], Text: k} }
