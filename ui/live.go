package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/problem"
	"hrdesk/session/feed"
	"hrdesk/textsafe"
)

// The live inbox (issue 12 §3): the profile's poller checks the service
// every poll_interval; each poll's outcome reaches every open session as a
// feed.PolledMsg, and so does each of the session's own probes while the
// service does not answer (session/outage.go). No key is pressed for any
// of it.

// nextPoll waits for the poll after seq in a command; nil without a
// backend. With nothing to wait for the command ends with no message.
func (m *Model) nextPoll(after uint64) tea.Cmd {
	if m.backend == nil {
		return nil
	}
	b := m.backend
	return func() tea.Msg {
		if p, ok := b.NextPoll(context.Background(), after); ok {
			return p
		}
		return nil
	}
}

// polled takes one poll in: its outcome is a word from the server like any
// other (online, offline, the session gone: one classifier, one place on
// the bar). While offline the session polls early by itself (its outage
// probe): the first poll the service answers says online, and what waited
// in the outbox is sent then. A changed cache reloads the list, the
// counts and the resume shown, the cursor staying on its resume; new
// responses are announced. Then it waits for the next.
func (m *Model) polled(msg feed.PolledMsg) tea.Cmd {
	cmds := []tea.Cmd{m.nextPoll(msg.Seq), m.readMeter()}
	p := m.problem(msg.Err)
	if p.Kind == problem.None && m.status.Offline() {
		cmds = append(cmds, m.push()) // back: send what waited
	}
	m.status.Note(p)
	m.status.Update(msg)
	if msg.Err == nil {
		// A poll that went through proves a session: one another process
		// of the profile logged in or renewed after this one lost its own.
		m.loggedIn = true
	}
	if msg.Changed || msg.Arrived > 0 {
		cmds = append(cmds, m.refresh(true, true))
	}
	if msg.Arrived > 0 {
		notice := m.c.Text.Arrived(msg.Arrived, m.c.Text.Folders.Inbox)
		m.status.Say(notice)
		cmds = append(cmds, m.notify(notice))
	}
	return tea.Batch(cmds...)
}

// notify tells the terminal, as configured: the program's output is this
// session's own terminal, so a served session tells its own client only.
func (m *Model) notify(notice string) tea.Cmd {
	switch m.opts.Notify {
	case NotifyBell:
		return tea.Raw("\a")
	case NotifyOSC9:
		// The notice is the UI's own text and a number; cleaned anyway, as
		// it ends up inside an escape sequence.
		return tea.Raw(ansi.Notify("hrdesk: " + textsafe.Line(notice)))
	}
	return nil
}
