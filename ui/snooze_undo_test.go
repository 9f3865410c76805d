package ui

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/keymap"
	"hrdesk/problem"
)

// The snooze's wake in the fixture's clock: tomorrow 10:00, the dialog's
// first choice.
var tomorrow10 = time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)

// Issue 28 §2 for z: a bulk snooze is offered for u in the status line;
// u puts the counts back at once, and once the cache has it the list
// holds every resume again, the cursor on the first it concerned.
func TestUndoOfABulkSnooze(t *testing.T) {
	m, _, _, _ := snoozeModel(t, 140, 40)
	list := m.triage.List()
	before, _ := list.Total()
	in := folderCount(t, m, 0)
	press(t, m, "space", "space", "space")
	marked := list.Marked()
	press(t, m, "z", "enter")
	if n, _ := list.Total(); n != before-3 || folderCount(t, m, 0) != in-3 {
		t.Fatalf("snoozed: the list counts %d, the inbox %d; want %d", n, folderCount(t, m, 0), before-3)
	}
	if line := statusLine(m); !strings.Contains(line, "snoozed until 2026-11-21 10:00: 3 — u takes it back") {
		t.Fatalf("the status line offers no undo: %q", line)
	}
	_, cmd := m.Update(keyPress(t, "u"))
	if got := folderCount(t, m, 0); got != in || strings.Contains(screen(m), "snoozed 3") {
		t.Errorf("u at once: the inbox counts %d, want %d, the snoozed gone:\n%s", got, in, screen(m))
	}
	run(t, m, cmd)
	if n, _ := list.Total(); n != before || folderCount(t, m, 0) != in {
		t.Errorf("undone: the list counts %d, the inbox %d; want %d and %d", n, folderCount(t, m, 0), before, in)
	}
	if r, ok := list.Selected(); !ok || len(marked) == 0 || r.ResumeID != marked[0] {
		t.Errorf("the cursor is on %d, want the first snoozed of %v", r.ResumeID, marked)
	}
	if line := statusLine(m); !strings.Contains(line, "undone: snoozed until 2026-11-21 10:00: 3") {
		t.Errorf("the status line: %q", line)
	}
	if strings.Contains(screen(m), "snoozed 3") {
		t.Errorf("the folder still says them snoozed:\n%s", screen(m))
	}
}

// z on a resume below the first: the cursor leaves it; u brings it back
// to that resume, in its place, and nothing is left snoozed.
func TestUndoOfASnoozeBringsTheCursorBack(t *testing.T) {
	m, _, _, _ := snoozeModel(t, 140, 40)
	list := m.triage.List()
	first, _ := list.Selected()
	press(t, m, "j", "j")
	was, _ := list.Selected()
	press(t, m, "z", "enter")
	if r, _ := list.Selected(); r.ResumeID == was.ResumeID {
		t.Fatal("the snoozed resume is still highlighted")
	}
	press(t, m, "u")
	if r, ok := list.Selected(); !ok || r.ResumeID != was.ResumeID {
		t.Errorf("the cursor is on %d, want %d", r.ResumeID, was.ResumeID)
	}
	press(t, m, "k", "k")
	if r, _ := list.Selected(); r.ResumeID != first.ResumeID {
		t.Errorf("two rows up is %d, want the first, %d: the resume is back in its place", r.ResumeID, first.ResumeID)
	}
	if _, ok, _ := m.st.(snoozer).NextWake(context.Background(), testNow); ok {
		t.Error("a snooze is left after u")
	}
}

// z, then l on the next resume, then u: u takes back the newest, the l;
// the snooze stays.
func TestUndoAfterSnoozeThenLaterTakesTheLaterBack(t *testing.T) {
	m, _, _, _ := snoozeModel(t, 140, 40)
	list := m.triage.List()
	in, co := inboxAndConsidered(t, m)
	snoozed, _ := list.Selected()
	press(t, m, "z", "enter")
	later, _ := list.Selected()
	press(t, m, "l")
	if gotIn, gotCo := inboxAndConsidered(t, m); gotIn != in-2 || gotCo != co+1 {
		t.Fatalf("snoozed and later: inbox %d considered %d", gotIn, gotCo)
	}
	press(t, m, "u")
	if gotIn, gotCo := inboxAndConsidered(t, m); gotIn != in-1 || gotCo != co {
		t.Errorf("u: inbox %d considered %d, want %d and %d (the later back, the snooze kept)", gotIn, gotCo, in-1, co)
	}
	if r, _ := list.Selected(); r.ResumeID != later.ResumeID {
		t.Errorf("the cursor is on %d, want %d, the later taken back", r.ResumeID, later.ResumeID)
	}
	if _, listed := list.Loaded([]int64{snoozed.ResumeID})[snoozed.ResumeID]; listed {
		t.Errorf("the snoozed %d is listed again", snoozed.ResumeID)
	}
	if !strings.Contains(screen(m), "snoozed 1") {
		t.Errorf("the folder no longer says the snoozed:\n%s", screen(m))
	}
}

// "Wake now" is offered for u too: u snoozes the resume again until its
// time, out of the list, and the wake is planned again.
func TestUndoOfWakeNow(t *testing.T) {
	m, _, planned, _ := snoozeModel(t, 140, 40)
	list := m.triage.List()
	top, _ := list.Selected()
	in := folderCount(t, m, 0)
	press(t, m, "z", "enter", "/")
	typeText(t, m, "snoozed")
	press(t, m, "enter")
	press(t, m, "z", "G", "enter")
	if n, _ := list.Total(); n != 0 || folderCount(t, m, 0) != in {
		t.Fatalf("after wake now the snoozed list counts %d, the inbox %d (want %d)", n, folderCount(t, m, 0), in)
	}
	if line := statusLine(m); !strings.Contains(line, "woken: 1 — u takes it back") {
		t.Fatalf("the status line offers no undo: %q", line)
	}
	*planned = time.Time{}
	_, cmd := m.Update(keyPress(t, "u"))
	if got := folderCount(t, m, 0); got != in-1 || !strings.Contains(screen(m), "snoozed 1") {
		t.Errorf("u at once: the inbox counts %d, want %d, one snoozed:\n%s", got, in-1, screen(m))
	}
	run(t, m, cmd)
	if r, ok := list.Selected(); !ok || r.ResumeID != top.ResumeID {
		t.Errorf("the snoozed list shows %d (%v), want %d snoozed again", r.ResumeID, ok, top.ResumeID)
	}
	if !planned.Equal(tomorrow10) {
		t.Errorf("the wake is planned at %v, want %v", *planned, tomorrow10)
	}
	at, ok, err := m.st.(snoozer).NextWake(context.Background(), testNow)
	if err != nil || !ok || !at.Equal(tomorrow10) {
		t.Errorf("the cache's next wake %v %v %v, want %v", at, ok, err, tomorrow10)
	}
}

// l, then z on the next resume, then u: the snooze is the newest, so u
// takes it back, the later stays (the old code took the later back: the
// outbox's newest, the snooze never offered).
func TestUndoAfterLaterThenSnoozeTakesTheSnoozeBack(t *testing.T) {
	m, _, _, _ := snoozeModel(t, 140, 40)
	list := m.triage.List()
	in, co := inboxAndConsidered(t, m)
	press(t, m, "l")
	snoozed, _ := list.Selected()
	press(t, m, "z", "enter")
	press(t, m, "u")
	if gotIn, gotCo := inboxAndConsidered(t, m); gotIn != in-1 || gotCo != co+1 {
		t.Errorf("u: inbox %d considered %d, want %d and %d (the snooze back, the later kept)", gotIn, gotCo, in-1, co+1)
	}
	if r, _ := list.Selected(); r.ResumeID != snoozed.ResumeID {
		t.Errorf("the cursor is on %d, want %d, the snooze taken back", r.ResumeID, snoozed.ResumeID)
	}
}

// A letter held in its undo window, then z on another resume: u takes
// back the snooze, the newer, and leaves the letter waiting; the next u
// takes the letter back.
func TestUndoTakesTheSnoozeBeforeAHeldLetter(t *testing.T) {
	st := fixture(t, 24)
	withTemplates(t, st)
	m, _ := newModelWith(t, st, keymap.Default(), 140, 40, func(o *Options) {
		o.Wake = func(time.Time, tea.Msg) tea.Cmd { return nil }
	})
	m.opts.SendDelay, m.opts.Countdown = 10*time.Second, -1
	list := m.triage.List()
	press(t, m, "i")
	send(t, m, ctrlS())
	before, _ := list.Total() // the invited left the inbox
	press(t, m, "z", "enter")
	if n, _ := list.Total(); n != before-1 || len(pendingActions(t, st)) != 1 {
		t.Fatalf("the list counts %d, %d letters wait; want %d and 1", n, len(pendingActions(t, st)), before-1)
	}
	_, cmd := m.Update(keyPress(t, "u"))
	if got := folderCount(t, m, 0); got != before {
		t.Errorf("u at once: the inbox counts %d, want %d", got, before)
	}
	run(t, m, cmd)
	if n, _ := list.Total(); n != before || len(pendingActions(t, st)) != 1 {
		t.Errorf("u: the list counts %d, %d letters wait; want %d, the letter still held", n, len(pendingActions(t, st)), before)
	}
	press(t, m, "u")
	if n := len(pendingActions(t, st)); n != 0 {
		t.Errorf("the second u left %d letters pending", n)
	}
}

// u pressed while the z is still being written (a loaded machine) takes
// that snooze back once written, not an older offer: the later offered
// before it stays, and nothing is left snoozed.
func TestUndoDuringTheSnoozesWriteTakesThatSnoozeBack(t *testing.T) {
	m, _, _, _ := snoozeModel(t, 140, 40)
	list := m.triage.List()
	in, co := inboxAndConsidered(t, m)
	press(t, m, "l", "z")
	_, write := m.Update(keyPress(t, "enter"))
	_, undo := m.Update(keyPress(t, "u"))
	run(t, m, undo)
	run(t, m, write)
	if gotIn, gotCo := inboxAndConsidered(t, m); gotIn != in-1 || gotCo != co+1 {
		t.Errorf("inbox %d considered %d, want %d and %d (the snooze back, the later kept)", gotIn, gotCo, in-1, co+1)
	}
	if n, _ := list.Total(); n != in-1 {
		t.Errorf("the list counts %d, want %d", n, in-1)
	}
	if _, ok, _ := m.st.(snoozer).NextWake(context.Background(), testNow); ok {
		t.Error("the snooze written during u is left")
	}
	if line := statusLine(m); !strings.Contains(line, "undone: snoozed until 2026-11-21 10:00: 1") {
		t.Errorf("the status line: %q", line)
	}
}

// Offline, with a later waiting in the outbox: z and its u are the
// cache's alone. The undo asks the server nothing (no push) and the line
// says it was undone.
func TestUndoOfASnoozeOfflineAsksTheServerNothing(t *testing.T) {
	st := fixture(t, 24)
	m, b := newModelWith(t, st, keymap.Default(), 140, 40, func(o *Options) {
		o.Wake = func(time.Time, tea.Msg) tea.Cmd { return nil }
	})
	m.opts.Explain = func(error) problem.Problem { return problem.Problem{Kind: problem.Offline} }
	b.pushErr = errors.New("dial tcp: connection refused")
	list := m.triage.List()
	press(t, m, "l")
	before, _ := list.Total()
	press(t, m, "z", "enter")
	pushes := b.pushes
	press(t, m, "u")
	if n, _ := list.Total(); n != before || b.pushes != pushes {
		t.Errorf("u offline: the list counts %d, want %d; %d pushes, want none", n, before, b.pushes-pushes)
	}
	if line := statusLine(m); !strings.Contains(line, "undone: snoozed") {
		t.Errorf("the status line: %q", line)
	}
}
