// Package held is the letters a workstation queued that wait out their
// undo window (issue 11 §4), as a component of the root without a pane
// (issue 29 §4): it keeps them, ticks their countdown, says it for the
// status line (View) and tells the root when a window ended, so the root
// pushes. A letter written in the workstation (invite, reject with a
// letter, mail by template, mail to an address) waits send_delay in the
// outbox (store.Action.NotBefore); u takes it back. The store's claim
// (MarkInFlight) lets it leave exactly once whoever pushes first: this
// session, another of the profile, the poller, a `hrdesk sync`. Quitting
// sends what this session holds at once: the recruiter already said send.
package held

import (
	"math"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/common"
)

// Unit is letters queued together, waiting out their window.
type Unit struct {
	IDs   []int64 // outbox ids
	Due   time.Time
	About string // who receives it: the applicant's name, a mail-to's address; "" for a bulk
}

// Held reports a unit with a window (the zero Unit holds nothing).
func (u Unit) Held() bool { return !u.Due.IsZero() }

// IsLetter says the action sends the applicant a letter. A rejection
// without a template sends nothing and is moved like a folder change.
func IsLetter(kind store.ActionKind, p store.ActionPayload) bool {
	switch kind {
	case store.ActionInvite, store.ActionSendMail, store.ActionMailTo:
		return true
	case store.ActionReject:
		return p.TemplateID != 0
	}
	return false
}

// Window is the undo window of a letter queued at now: it ends on a whole
// second, as the outbox keeps it, so the countdown's 0 is when it may
// leave; rounded up, never down, so it is at least delay. Zero with no
// delay: nothing is held.
func Window(now time.Time, delay time.Duration) time.Time {
	if delay <= 0 {
		return time.Time{}
	}
	due := now.Add(delay)
	if whole := due.Truncate(time.Second); whole.Before(due) {
		due = whole.Add(time.Second)
	}
	return due
}

// TickMsg is the countdown's next second, or a window's end.
type TickMsg struct{ seq int }

// Model is the letters held, oldest first.
type Model struct {
	c     *common.Common
	units []Unit
	// seq numbers the countdown's ticks, so only the last one planned
	// acts; quitting: they were sent at quitting (Release).
	seq      int
	quitting bool
}

// New holds nothing yet.
func New(c *common.Common) *Model { return &Model{c: c} }

// Add holds u, when it has ids and a window.
func (m *Model) Add(u Unit) {
	if len(u.IDs) > 0 && u.Held() {
		m.units = append(m.units, u)
	}
}

// Tick plans the next tick: when the countdown's number changes or a
// window ends, whichever is first (every: 0 each second, negative never,
// a test sends them: Due). Nothing ticks while no letter is held.
func (m *Model) Tick(every time.Duration) tea.Cmd {
	if len(m.units) == 0 || every < 0 {
		return nil
	}
	now := m.c.Now()
	wait := every
	if wait == 0 {
		wait = time.Second
		if rem := m.units[len(m.units)-1].Due.Sub(now) % time.Second; rem > 0 {
			wait = rem
		}
	}
	for _, u := range m.units {
		wait = min(wait, max(u.Due.Sub(now), 0))
	}
	m.seq++
	seq := m.seq
	return tea.Tick(wait, func(time.Time) tea.Msg { return TickMsg{seq: seq} })
}

// Due is the tick planned last, as it comes (a test's, the countdown off).
func (m *Model) Due() TickMsg { return TickMsg{seq: m.seq} }

// Update lets the letters whose window ended go: due says the root
// pushes them now. An older tick than the last planned does nothing.
func (m *Model) Update(msg TickMsg) (due bool) {
	if msg.seq != m.seq {
		return false
	}
	now := m.c.Now()
	kept := m.units[:0]
	for _, u := range m.units {
		if u.Due.After(now) {
			kept = append(kept, u)
		} else {
			due = true
		}
	}
	m.units = kept
	return due
}

// Newest is the ids of the unit u takes back among the held (nil: none).
func (m *Model) Newest() []int64 {
	if len(m.units) == 0 {
		return nil
	}
	return m.units[len(m.units)-1].IDs
}

// Held reports letters held.
func (m *Model) Held() bool { return len(m.units) > 0 }

// Forget drops the letters an undo or a cancel took back.
func (m *Model) Forget(undone []int64) {
	gone := make(map[int64]bool, len(undone))
	for _, id := range undone {
		gone[id] = true
	}
	kept := m.units[:0]
	for _, u := range m.units {
		var ids []int64
		for _, id := range u.IDs {
			if !gone[id] {
				ids = append(ids, id)
			}
		}
		if len(ids) > 0 {
			u.IDs = ids
			kept = append(kept, u)
		}
	}
	m.units = kept
}

// QuitGrace bounds how long quitting waits for the held letters to go.
const QuitGrace = 5 * time.Second

type (
	// SentMsg: the letters held at quitting were handed to send (sent, or
	// failed to be: they stay queued and leave with the next sync).
	SentMsg struct{}
	// GraceOverMsg: QuitGrace is over before they went.
	GraceOverMsg struct{}
)

// Quit sends every held letter at once at quitting, the recruiter having
// said send: a command hands their ids to send (which releases them from
// their window and pushes; it blocks) and says SentMsg, and one says
// GraceOverMsg after QuitGrace, whichever the root hears first ends the
// program. n is how many letters go; 0 and a nil command when none is
// held or they were sent already (a second q quits at once).
func (m *Model) Quit(send func(ids []int64)) (n int, cmd tea.Cmd) {
	ids, ok := m.release()
	if !ok {
		return 0, nil
	}
	sent := func() tea.Msg {
		send(ids)
		return SentMsg{}
	}
	return len(ids), tea.Batch(sent, tea.Tick(QuitGrace, func(time.Time) tea.Msg { return GraceOverMsg{} }))
}

// release hands over every held letter's id for sending at quitting and
// holds none after; ok is false when none is held or they were released
// already.
func (m *Model) release() (ids []int64, ok bool) {
	if m.quitting || len(m.units) == 0 {
		return nil, false
	}
	for _, u := range m.units {
		ids = append(ids, u.IDs...)
	}
	m.units, m.quitting = nil, true
	return ids, true
}

// Quitting says the held letters were released at quitting.
func (m *Model) Quitting() bool { return m.quitting }

// View is the newest unit's countdown for the status line (it is the one
// u takes back); "" when none waits.
func (m *Model) View() string {
	if len(m.units) == 0 {
		return ""
	}
	u := m.units[len(m.units)-1]
	secs := max(int(math.Ceil(u.Due.Sub(m.c.Now()).Seconds())), 0)
	undo := ""
	if keys := m.c.Keys.Undo.Keys(); len(keys) > 0 {
		undo = keys[0]
	}
	return m.c.Text.Held(len(u.IDs), u.About, secs, undo)
}
