package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"hrdesk/store"
	"hrdesk/views/held"
)

// heldModel is a workstation whose letters wait send_delay 10 s, with a
// clock the test moves and the countdown ticked by the test.
func heldModel(t *testing.T, st *store.Store, w, h int) (*Model, *fakeBackend, *time.Time) {
	t.Helper()
	m, b := newModel(t, st, w, h)
	now := testNow
	m.c.Now = func() time.Time { return now }
	m.opts.SendDelay, m.opts.Countdown = 10*time.Second, -1
	return m, b, &now
}

// tick is the countdown's next tick after the clock moved by d.
func tick(t *testing.T, m *Model, now *time.Time, d time.Duration) {
	t.Helper()
	*now = now.Add(d)
	send(t, m, m.held.Due())
}

// Issue 11 §4: a letter waits send_delay in the outbox, with a countdown
// on the status line that names the applicant and the key that takes it
// back; u takes it back inside the window.
func TestLetterWaitsWithACountdown(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {140, 40}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			st := fixture(t, 20)
			withTemplates(t, st)
			m, _, now := heldModel(t, st, sz[0], sz[1])
			name := m.triage.List().Name(m.triage.Shown())
			press(t, m, "i")
			send(t, m, ctrlS())
			acts := pendingActions(t, st)
			if len(acts) != 1 || acts[0].Kind != store.ActionInvite || !acts[0].NotBefore.Equal(testNow.Add(10*time.Second)) {
				t.Fatalf("the invite is not held 10 s: %+v", acts)
			}
			want := "letter to " + name + " leaves in 10 s — u takes it back"
			if line := statusLine(m); !strings.Contains(line, want) {
				t.Errorf("no countdown: %q, want %q", line, want)
			}
			tick(t, m, now, 3*time.Second)
			golden.RequireEqual(t, []byte(screen(m)))
			if line := statusLine(m); !strings.Contains(line, "leaves in 7 s") {
				t.Errorf("3 s later: %q", line)
			}
			press(t, m, "u")
			if n := len(pendingActions(t, st)); n != 0 {
				t.Errorf("u left %d letters pending", n)
			}
			if line := statusLine(m); strings.Contains(line, "leaves in") || !strings.Contains(line, "undone") {
				t.Errorf("after u: %q", line)
			}
		})
	}
}

// When the window ends the root pushes by itself, once; a bulk counts its
// letters; the countdown then goes, and nothing ticks with nothing held.
func TestLetterLeavesWhenItsWindowEnds(t *testing.T) {
	st := fixture(t, 20)
	withTemplates(t, st)
	m, b, now := heldModel(t, st, 140, 40)
	press(t, m, "space", "space", "x", "j") // two marked, the rejection template
	send(t, m, ctrlS())
	press(t, m, "y")
	if line := statusLine(m); !strings.Contains(line, "2 letters leave in 10 s — u takes them back") {
		t.Fatalf("bulk countdown: %q", line)
	}
	pushes := b.pushes
	tick(t, m, now, 9*time.Second)
	if b.pushes != pushes {
		t.Errorf("pushed %d times a second before the window's end", b.pushes-pushes)
	}
	tick(t, m, now, time.Second)
	if b.pushes != pushes+1 {
		t.Errorf("the window's end pushed %d times, want once", b.pushes-pushes)
	}
	if line := statusLine(m); strings.Contains(line, "leave in") {
		t.Errorf("the countdown outlived the window: %q", line)
	}
	if cmd := m.tickHeld(); cmd != nil || m.held.Held() {
		t.Error("a tick planned with no letter held")
	}
}

// A rejection without a letter, a move and a comment are not held; with
// send_delay 0 nothing is.
func TestOnlyLettersAreHeld(t *testing.T) {
	st := fixture(t, 20)
	withTemplates(t, st)
	m, _, _ := heldModel(t, st, 140, 40)
	press(t, m, "x") // the first choice rejects without a letter
	send(t, m, ctrlS())
	press(t, m, "l")
	for _, a := range pendingActions(t, st) {
		if !a.NotBefore.IsZero() {
			t.Errorf("%s held until %v", a.Kind, a.NotBefore)
		}
	}
	m.opts.SendDelay = 0
	press(t, m, "i")
	send(t, m, ctrlS())
	for _, a := range pendingActions(t, st) {
		if !a.NotBefore.IsZero() {
			t.Errorf("send_delay 0: %s held until %v", a.Kind, a.NotBefore)
		}
	}
}

// q with letters in their window sends them at once, then quits; a second
// q quits without waiting.
func TestQuitSendsHeldLetters(t *testing.T) {
	st := fixture(t, 20)
	withTemplates(t, st)
	m, b, _ := heldModel(t, st, 140, 40)
	b.st = st
	press(t, m, "i")
	send(t, m, ctrlS())
	pushes := b.pushes
	_, cmd := m.Update(typedKey("q"))
	if line := statusLine(m); !strings.Contains(line, "sending the letters that were waiting (1)") {
		t.Errorf("quitting says: %q", line)
	}
	msgs := collect(cmd)
	if len(msgs) == 0 {
		t.Fatal("quitting did nothing")
	}
	if _, ok := msgs[0].(held.SentMsg); !ok {
		t.Fatalf("quitting brought %T first", msgs[0])
	}
	if b.pushes != pushes+1 {
		t.Errorf("%d pushes while quitting", b.pushes-pushes)
	}
	acts := pendingActions(t, st)
	if len(acts) != 1 || !acts[0].NotBefore.IsZero() {
		t.Errorf("the letter was not released: %+v", acts)
	}
	if _, cmd := m.Update(typedKey("q")); cmd == nil || fmt.Sprintf("%T", cmd()) != "tea.QuitMsg" {
		t.Error("a second q did not quit at once")
	}
}

// The window ends on a whole second, as the outbox keeps it, and never
// before send_delay is over: pressed 0.9 s into a second, a 10 s window
// ends 10.1 s later (it ended 9.1 s later, and a 1 s window could last
// 0.1 s: TestHeldLetterLeavesOnce in cli saw 99 ms).
func TestLetterWindowIsNeverShorterThanSendDelay(t *testing.T) {
	st := fixture(t, 20)
	withTemplates(t, st)
	m, _, now := heldModel(t, st, 140, 40)
	*now = testNow.Add(900 * time.Millisecond)
	press(t, m, "i")
	send(t, m, ctrlS())
	acts := pendingActions(t, st)
	if len(acts) != 1 || !acts[0].NotBefore.Equal(testNow.Add(11*time.Second)) {
		t.Fatalf("pressed at %s with send_delay 10 s, the letter may leave at %+v, want %s",
			now.Format("15:04:05.000"), acts, testNow.Add(11*time.Second).Format("15:04:05"))
	}
}
