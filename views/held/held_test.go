package held

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/store"
)

// clocked is a component whose clock the test moves.
func clocked(t *testing.T) (*Model, *time.Time) {
	t.Helper()
	now := panetest.Now()
	return New(panetest.Common(i18n.EN, panetest.Clock(func() time.Time { return now }))), &now
}

// The window ends on a whole second and is never shorter than the delay;
// no delay holds nothing.
func TestWindowIsWholeSecondsAndNeverShorter(t *testing.T) {
	at := panetest.Now().Add(900 * time.Millisecond)
	if got, want := Window(at, 10*time.Second), panetest.Now().Add(11*time.Second); !got.Equal(want) {
		t.Errorf("queued 0.9 s into a second with 10 s: ends %s, want %s", got, want)
	}
	if got, want := Window(panetest.Now(), 10*time.Second), panetest.Now().Add(10*time.Second); !got.Equal(want) {
		t.Errorf("queued on the second: ends %s, want %s", got, want)
	}
	if !Window(at, 0).IsZero() || (Unit{IDs: []int64{1}}).Held() {
		t.Error("send_delay 0 holds a letter")
	}
}

// Only letters are held: a rejection without a template is a move.
func TestIsLetter(t *testing.T) {
	for kind, want := range map[store.ActionKind]bool{store.ActionInvite: true, store.ActionSendMail: true,
		store.ActionMailTo: true, store.ActionReject: false, store.ActionMove: false} {
		if got := IsLetter(kind, store.ActionPayload{}); got != want {
			t.Errorf("%s: letter %v", kind, got)
		}
	}
	if !IsLetter(store.ActionReject, store.ActionPayload{TemplateID: 7}) {
		t.Error("a rejection with a letter is not held")
	}
}

// The countdown names the newest unit; a window's end lets it go (due),
// an older tick than the last planned does nothing, and nothing ticks
// with nothing held.
func TestCountdownAndWindowsEnd(t *testing.T) {
	m, now := clocked(t)
	if m.Tick(0) != nil || m.View() != "" {
		t.Fatal("a tick or a countdown with nothing held")
	}
	m.Add(Unit{IDs: []int64{1}, Due: now.Add(10 * time.Second), About: "Иванова"})
	m.Add(Unit{IDs: []int64{2, 3}, Due: now.Add(20 * time.Second)})
	m.Add(Unit{IDs: []int64{4}}) // no window: not held
	if got, want := m.View(), "2 letters leave in 20 s — u takes them back"; got != want {
		t.Errorf("countdown %q, want %q", got, want)
	}
	if m.Tick(-1) != nil {
		t.Error("a tick planned with the countdown off")
	}
	old := m.Due()
	if m.Tick(0) == nil {
		t.Fatal("no tick planned with letters held")
	}
	*now = now.Add(10 * time.Second)
	if m.Update(old) {
		t.Error("an older tick let letters go")
	}
	if !m.Update(m.Due()) || len(m.Newest()) != 2 {
		t.Fatalf("the first window ended: %v held", m.Newest())
	}
	if m.Update(m.Due()) {
		t.Error("the same tick again let more go")
	}
}

// An undo or a cancel forgets its letters, a unit emptied goes; quitting
// releases every id once.
func TestForgetAndRelease(t *testing.T) {
	m, now := clocked(t)
	m.Add(Unit{IDs: []int64{1}, Due: now.Add(10 * time.Second)})
	m.Add(Unit{IDs: []int64{2, 3}, Due: now.Add(10 * time.Second)})
	m.Forget([]int64{3})
	if got := m.Newest(); len(got) != 1 || got[0] != 2 {
		t.Errorf("after forgetting 3 the newest is %v", got)
	}
	m.Forget([]int64{2})
	if got := m.Newest(); len(got) != 1 || got[0] != 1 {
		t.Errorf("after forgetting 2 the newest is %v", got)
	}
	ids, ok := m.release()
	if !ok || len(ids) != 1 || m.Held() || !m.Quitting() {
		t.Fatalf("release: %v %v, held %v", ids, ok, m.Held())
	}
	m.Add(Unit{IDs: []int64{5}, Due: now.Add(time.Second)})
	if _, ok := m.release(); ok {
		t.Error("released twice: a second q must quit at once")
	}
}

// Quitting sends every held letter at once, through the root's send, and
// says so with SentMsg; the letters are no longer held, and a second q
// sends nothing (it quits at once).
func TestQuitSendsTheHeldLettersOnce(t *testing.T) {
	m, now := clocked(t)
	if n, cmd := m.Quit(func([]int64) { t.Error("sent with none held") }); n != 0 || cmd != nil {
		t.Fatalf("quitting with none held: %d, %v", n, cmd)
	}
	m.Add(Unit{IDs: []int64{1}, Due: now.Add(10 * time.Second)})
	m.Add(Unit{IDs: []int64{2, 3}, Due: now.Add(10 * time.Second)})
	var sent []int64
	n, cmd := m.Quit(func(ids []int64) { sent = append(sent, ids...) })
	if n != 3 || cmd == nil || m.Held() || m.View() != "" {
		t.Fatalf("quitting with 3 held: %d letters, held after %v, countdown %q", n, m.Held(), m.View())
	}
	batch, ok := cmd().(tea.BatchMsg)
	if !ok || len(batch) != 2 {
		t.Fatalf("quitting's command: %T", cmd())
	}
	// The first sends; the second is the grace's tick, not waited for here.
	if msg := batch[0](); msg != (SentMsg{}) || len(sent) != 3 {
		t.Fatalf("sending said %T, sent %v", msg, sent)
	}
	m.Add(Unit{IDs: []int64{5}, Due: now.Add(time.Second)})
	if n, cmd := m.Quit(func([]int64) { t.Error("sent twice") }); n != 0 || cmd != nil {
		t.Errorf("a second q: %d letters, %v", n, cmd)
	}
}
