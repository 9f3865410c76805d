package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/dialogs"
)

// Snooze (issue 31 §4): z asks until when (views/dialogs.SnoozeDialog),
// the cache keeps it (store.Snooze: local to the profile, never sent), and
// the root plans one timer to the next snooze's time, so the lists and
// counts are read again when it wakes, the woken first and marked. The
// plan is read again at start (a snooze's time may have come while the
// workstation was closed), after each snooze and at each wake.

// snoozer is a cache that keeps snoozes (*store.Store and its scoped
// view); Resnooze says what stood before, which u puts back (issue 28 §2,
// snooze_undo.go).
type snoozer interface {
	Resnooze(ctx context.Context, ids []int64, until, now time.Time) (store.Resnoozed, error)
	NextWake(ctx context.Context, now time.Time) (time.Time, bool, error)
}

// wakeClock numbers the wake timers planned: only the newest one's
// message wakes the lists.
type wakeClock struct{ serial int }

// snoozedMsg is a snooze written (or ended), what stood before it in z.
type snoozedMsg struct {
	z   store.Resnoozed
	err error
}

// wakePlanMsg is the next snooze's time read (ok false: none ahead).
type wakePlanMsg struct {
	at time.Time
	ok bool
}

// wakeDueMsg is a wake timer's end.
type wakeDueMsg struct{ serial int }

// snoozeAction opens the dialog or writes its answer; ok is false for
// another action.
func (m *Model) snoozeAction(from paneID, a action.Action) (tea.Cmd, bool) {
	switch a := a.(type) {
	case action.AskSnooze:
		d := dialogs.NewSnoozeDialog(m.c, a.ResumeIDs)
		d.About(a.About)
		return m.open(d, from), true
	case action.Snooze:
		sz, ok := m.st.(snoozer)
		if !ok {
			return nil, true
		}
		now := m.c.Now()
		m.snoozeWriting()
		return func() tea.Msg {
			z, err := sz.Resnooze(context.Background(), a.ResumeIDs, a.Until, now)
			return snoozedMsg{z: z, err: err}
		}, true
	}
	return nil, false
}

// snoozeMsg handles the snooze's own results; ok is false for another
// message.
func (m *Model) snoozeMsg(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case snoozedMsg:
		return m.snoozeWritten(msg), true
	case wakePlanMsg:
		m.wake.serial++
		if !msg.ok {
			return nil, true
		}
		return m.wakeTimer(msg.at, wakeDueMsg{serial: m.wake.serial}), true
	case wakeDueMsg:
		if msg.serial != m.wake.serial {
			return nil, true // a plan made before the newest
		}
		return tea.Batch(m.refresh(true, false), m.planWake()), true
	}
	return nil, false
}

// planWake reads when the next snooze ends.
func (m *Model) planWake() tea.Cmd {
	sz, ok := m.st.(snoozer)
	if !ok {
		return nil
	}
	now := m.c.Now()
	return func() tea.Msg {
		at, ok, err := sz.NextWake(context.Background(), now)
		return wakePlanMsg{at: at, ok: ok && err == nil}
	}
}

// wakeTimer ends at at with msg (Options.Wake in tests).
func (m *Model) wakeTimer(at time.Time, msg wakeDueMsg) tea.Cmd {
	if m.opts.Wake != nil {
		return m.opts.Wake(at, msg)
	}
	return tea.Tick(max(at.Sub(m.c.Now()), 0), func(time.Time) tea.Msg { return msg })
}
