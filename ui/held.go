package ui

import (
	"context"
	"math"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
)

// A letter's undo window (issue 11 §4). A letter written in the
// workstation (invite, reject with a letter, mail by template, mail to an
// address) waits send_delay in the outbox (Action.NotBefore) with a
// countdown on the status line; u takes it back (undo.go, the whole bulk).
// When the window ends the root pushes; the store's claim (MarkInFlight)
// lets it leave exactly once whoever pushes first: this session, another
// session of the profile, the poller, a `hrdesk sync`. Quitting sends what
// this session holds at once: the recruiter already said send.

// heldUnit is letters this session queued together, waiting out their
// window.
type heldUnit struct {
	ids   []int64 // outbox ids
	due   time.Time
	about string // who receives it: the applicant's name, a mail-to's address; "" for a bulk
}

// isLetter says the action sends the applicant a letter. A rejection
// without a template sends nothing and is moved like a folder change.
func isLetter(kind store.ActionKind, p store.ActionPayload) bool {
	switch kind {
	case store.ActionInvite, store.ActionSendMail, store.ActionMailTo:
		return true
	case store.ActionReject:
		return p.TemplateID != 0
	}
	return false
}

// hold is the undo window of actions about to be queued: none for what is
// not a letter, or with send_delay 0. The window ends on a whole second,
// as the outbox keeps it, so the countdown's 0 is when it may leave; it is
// rounded up, so it is never shorter than send_delay.
func (m *Model) hold(ids []int64, kind store.ActionKind, p store.ActionPayload) heldUnit {
	if m.opts.SendDelay <= 0 || !isLetter(kind, p) {
		return heldUnit{}
	}
	// Rounded up, never down: the window is at least send_delay.
	due := m.c.Now().Add(m.opts.SendDelay)
	if whole := due.Truncate(time.Second); whole.Before(due) {
		due = whole.Add(time.Second)
	}
	u := heldUnit{due: due}
	switch {
	case kind == store.ActionMailTo && p.Email != "":
		// The letter goes to the address, not to the applicant it is
		// about (issue 28 §5): the countdown names who receives it.
		u.about = p.Email
	case len(ids) == 1:
		u.about = m.triage.Name(ids[0])
	}
	return u
}

// heldTickMsg: the countdown's next second, or a window's end.
type heldTickMsg struct{ seq int }

// tickHeld shows the countdown and plans the next tick: when its number
// changes or a window ends, whichever is first. Nothing ticks while no
// letter is held.
func (m *Model) tickHeld() tea.Cmd {
	m.showHeld()
	if len(m.held) == 0 || m.opts.Countdown < 0 {
		return nil
	}
	now := m.c.Now()
	wait := m.opts.Countdown
	if wait == 0 {
		wait = time.Second
		if rem := m.held[len(m.held)-1].due.Sub(now) % time.Second; rem > 0 {
			wait = rem
		}
	}
	for _, u := range m.held {
		wait = min(wait, max(u.due.Sub(now), 0))
	}
	m.heldSeq++
	seq := m.heldSeq
	return tea.Tick(wait, func(time.Time) tea.Msg { return heldTickMsg{seq: seq} })
}

// heldTick lets the letters whose window ended leave, and counts on.
func (m *Model) heldTick(msg heldTickMsg) tea.Cmd {
	if msg.seq != m.heldSeq {
		return nil // an older tick: a newer one is planned
	}
	now := m.c.Now()
	kept := m.held[:0]
	due := false
	for _, u := range m.held {
		if u.due.After(now) {
			kept = append(kept, u)
		} else {
			due = true
		}
	}
	m.held = kept
	var push tea.Cmd
	if due {
		push = m.push()
	}
	return tea.Batch(push, m.tickHeld())
}

// showHeld puts the newest held unit's countdown on the status line: it is
// the one u takes back.
func (m *Model) showHeld() {
	if len(m.held) == 0 {
		m.status.SetHeld("")
		return
	}
	u := m.held[len(m.held)-1]
	secs := max(int(math.Ceil(u.due.Sub(m.c.Now()).Seconds())), 0)
	undo := ""
	if keys := m.c.Keys.Undo.Keys(); len(keys) > 0 {
		undo = keys[0]
	}
	m.status.SetHeld(m.c.Text.Held(len(u.ids), u.about, secs, undo))
}

// forgetHeld drops the letters an undo took back.
func (m *Model) forgetHeld(undone []int64) {
	gone := make(map[int64]bool, len(undone))
	for _, id := range undone {
		gone[id] = true
	}
	kept := m.held[:0]
	for _, u := range m.held {
		var ids []int64
		for _, id := range u.ids {
			if !gone[id] {
				ids = append(ids, id)
			}
		}
		if len(ids) > 0 {
			u.ids = ids
			kept = append(kept, u)
		}
	}
	m.held = kept
}

// quitGrace bounds how long quitting waits for the held letters to go.
const quitGrace = 5 * time.Second

type (
	// heldSentMsg: the letters held at quitting were pushed (or failed
	// to be: they stay queued and leave with the next sync).
	heldSentMsg struct{}
	// quitNowMsg: quitGrace is over.
	quitNowMsg struct{}
)

// quit ends the program; letters still in their window are sent first,
// for at most quitGrace (a second q quits at once).
func (m *Model) quit() tea.Cmd {
	if m.quitting || len(m.held) == 0 || m.backend == nil {
		return tea.Quit
	}
	var ids []int64
	for _, u := range m.held {
		ids = append(ids, u.ids...)
	}
	m.held, m.quitting = nil, true
	m.showHeld()
	m.status.Say(m.c.Text.Sending(len(ids)))
	st, b := m.st, m.backend
	send := func() tea.Msg {
		ctx := context.Background()
		if _, err := st.ReleaseHeld(ctx, ids); err == nil {
			_, _ = b.Push(ctx)
		}
		return heldSentMsg{}
	}
	return tea.Batch(send, tea.Tick(quitGrace, func(time.Time) tea.Msg { return quitNowMsg{} }))
}
