package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/held"
	"hrdesk/views/statusbar"
)

// A letter's undo window (issue 11 §4): the letters wait in views/held, a
// component without a pane that counts down and says when a window ended;
// the root pushes then, and at quitting sends what is held at once.

// hold is the undo window of actions about to be queued: none for what is
// not a letter, or with send_delay 0 (held.Window).
func (m *Model) hold(ids []int64, kind store.ActionKind, p store.ActionPayload) held.Unit {
	if !held.IsLetter(kind, p) {
		return held.Unit{}
	}
	u := held.Unit{Due: held.Window(m.c.Now(), m.opts.SendDelay)}
	switch {
	case !u.Held():
	case kind == store.ActionMailTo && p.Email != "":
		// The letter goes to the address, not to the applicant it is
		// about (issue 28 §5): the countdown names who receives it.
		u.About = p.Email
	case len(ids) == 1:
		u.About = m.triage.Name(ids[0])
	}
	return u
}

// heldMsg handles the held letters' messages: the countdown's tick, and
// the end of quitting (the letters sent, or the grace over); ok is false
// for any other message.
func (m *Model) heldMsg(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case held.TickMsg:
		return m.heldTick(msg), true
	case held.SentMsg, held.GraceOverMsg:
		return tea.Quit, true
	}
	return nil, false
}

// tickHeld shows the countdown and plans its next tick.
func (m *Model) tickHeld() tea.Cmd {
	m.status.Update(statusbar.Held{Countdown: m.held.View()})
	return m.held.Tick(m.opts.Countdown)
}

// heldTick lets the letters whose window ended leave, and counts on.
func (m *Model) heldTick(msg held.TickMsg) tea.Cmd {
	var push tea.Cmd
	if m.held.Update(msg) {
		push = m.push()
	}
	return tea.Batch(push, m.tickHeld())
}

// quit ends the program; letters still in their window are sent first,
// for at most held.QuitGrace (a second q quits at once).
func (m *Model) quit() tea.Cmd {
	if m.backend == nil {
		return tea.Quit
	}
	st, b := m.st, m.backend
	n, cmd := m.held.Quit(func(ids []int64) {
		ctx := context.Background()
		if _, err := st.ReleaseHeld(ctx, ids); err == nil {
			_, _ = b.Push(ctx)
		}
	})
	if cmd == nil {
		return tea.Quit
	}
	m.status.Update(statusbar.Held{Countdown: m.held.View()})
	m.status.Say(m.c.Text.Sending(n))
	return cmd
}
