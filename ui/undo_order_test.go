package ui

import (
	"context"
	"slices"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/keymap"
	"hrdesk/store"
)

// pendingKinds are the kinds of the actions waiting in the outbox, in
// their order.
func pendingKinds(t *testing.T, st *store.Store) []store.ActionKind {
	t.Helper()
	var out []store.ActionKind
	for _, a := range pendingActions(t, st) {
		out = append(out, a.Kind)
	}
	return out
}

// heldLetterModel is a workstation whose letters wait 10 s in their undo
// window before they leave.
func heldLetterModel(t *testing.T) (*Model, *store.Store) {
	t.Helper()
	st := fixture(t, 24)
	withTemplates(t, st)
	m, _ := newModelWith(t, st, keymap.Default(), 140, 40, func(o *Options) {
		o.Wake = func(time.Time, tea.Msg) tea.Cmd { return nil }
	})
	m.opts.SendDelay, m.opts.Countdown = 10*time.Second, -1
	return m, st
}

// A later, then a letter held in its window: u takes back the newer, the
// letter, and the later stays; the next u takes the later back.
func TestUndoTakesAHeldLetterNewerThanTheMoveOffered(t *testing.T) {
	m, st := heldLetterModel(t)
	press(t, m, "l")
	press(t, m, "i")
	send(t, m, ctrlS())
	if got := pendingKinds(t, st); !slices.Equal(got, []store.ActionKind{store.ActionLater, store.ActionInvite}) {
		t.Fatalf("waiting: %v, want the later and the invitation", got)
	}
	press(t, m, "u")
	if got := pendingKinds(t, st); !slices.Equal(got, []store.ActionKind{store.ActionLater}) {
		t.Errorf("after u: %v waiting, want the later alone (the letter was newer)", got)
	}
	press(t, m, "u")
	if got := pendingKinds(t, st); len(got) != 0 {
		t.Errorf("after the second u: %v waiting, want nothing", got)
	}
}

// A letter held, then a later: the later is the newer, u takes it back
// and the letter still waits.
func TestUndoTakesAMoveNewerThanTheHeldLetter(t *testing.T) {
	m, st := heldLetterModel(t)
	press(t, m, "i")
	send(t, m, ctrlS())
	press(t, m, "l")
	press(t, m, "u")
	if got := pendingKinds(t, st); !slices.Equal(got, []store.ActionKind{store.ActionInvite}) {
		t.Errorf("after u: %v waiting, want the invitation alone (the later was newer)", got)
	}
}

// l and z both still being written when u comes (a loaded machine): u
// waits for both and takes back the newer, the snooze; the later stays.
func TestUndoDuringTwoWritesTakesTheNewer(t *testing.T) {
	m, _, _, _ := snoozeModel(t, 140, 40)
	in, co := inboxAndConsidered(t, m)
	_, later := m.Update(keyPress(t, "l"))
	press(t, m, "z")
	_, snooze := m.Update(keyPress(t, "enter"))
	_, undo := m.Update(keyPress(t, "u"))
	run(t, m, undo)
	run(t, m, later)
	run(t, m, snooze)
	if gotIn, gotCo := inboxAndConsidered(t, m); gotIn != in-1 || gotCo != co+1 {
		t.Errorf("inbox %d considered %d, want %d and %d (the snooze back, the later kept)", gotIn, gotCo, in-1, co+1)
	}
	if _, ok, _ := m.st.(snoozer).NextWake(context.Background(), testNow); ok {
		t.Error("the snooze written during u is left")
	}
}
