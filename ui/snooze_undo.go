package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/common"
)

// A snooze is a slip u takes back as it takes back a move (issue 28 §2):
// the status line offers it in the same words ("snoozed until …: 2 — u
// takes it back"), the bar keeps what it offers — the resumes' snoozes as
// they stood before the z (store.Resnoozed), in memory: the offer ends
// with the next thing said or a restart, as a move's does, so the cache
// keeps nothing for it — and u hands that to Backend.Undo, which puts
// them back. Its counts show at once both ways, as a move's (shownMove);
// the rows come back with the list's read after the undo, the cursor on
// the resume it concerned.

// snoozeWriting counts a z's write under way with the moves' (moving.go):
// u pressed meanwhile waits for it, then takes it back. It showed nothing
// early, so u has no counts to put back before then.
func (m *Model) snoozeWriting() {
	m.shownMove.writing++
	m.shownMove.flying = nil
}

// snoozeWritten hears a z written: it is said and offered for u (or, when
// u came during the write, taken back now), the lists read again and the
// wake planned.
func (m *Model) snoozeWritten(msg snoozedMsg) tea.Cmd {
	s := &m.shownMove
	s.writing = max(s.writing-1, 0)
	undo := s.undoNext && s.writing == 0
	if undo {
		s.undoNext = false
	}
	if msg.err != nil {
		m.status.Note(m.opts.Explain(msg.err))
	} else {
		m.snoozeShown(msg.z)
		if undo {
			return m.undo()
		}
	}
	return tea.Batch(m.refresh(true, true), m.planWake())
}

// snoozeShown says a z written, shows it on the counts at once (the
// cache's read follows) and offers u.
func (m *Model) snoozeShown(z store.Resnoozed) {
	if len(z.Before) == 0 {
		return
	}
	slip := store.Slip{Snooze: z}
	m.status.Offer(snoozeSaid(m.c, z), m.undoKey(), slip)
	m.shownMove.unit, m.shownMove.moved = slip, m.triage.Snoozed(z, m.c.Now())
}

// snoozeSaid is what a z did: "snoozed until 2026-11-21 10:00: 2", or
// "woken: 2" for "wake now".
func snoozeSaid(c *common.Common, z store.Resnoozed) string {
	t := c.Text.Snooze()
	if z.Until.IsZero() {
		return fmt.Sprintf(t.Woken, len(z.Before))
	}
	return fmt.Sprintf(t.Snoozed, len(z.Before), z.Until.Format("2006-01-02 15:04"))
}

// unsnoozedMsg says a snooze taken back ("undone: snoozed until …: 2"),
// the cursor going to the first resume it concerned.
func unsnoozedMsg(c *common.Common, z store.Resnoozed) queuedMsg {
	msg := queuedMsg{info: fmt.Sprintf(c.Text.Status.Undone, snoozeSaid(c, z)), snooze: true, cursor: z.Before[0].ResumeID}
	for _, b := range z.Before {
		msg.resumes = append(msg.resumes, b.ResumeID)
	}
	return msg
}
