package ui

import (
	"cmp"
	"slices"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/triage"
)

// A later or a move (and their bulk) changes the folder counts on screen
// at once, from what the screen knows, before its outbox entries are
// written; u of it puts them back at once, before the undo is written.
// The counts read once the write is in (queued, as before) replace the
// guess either way, a failed write's too (issue 28 §7: the write takes
// 150–300 ms under load, the counts are what the recruiter watches).

// shownMove is a queued move whose counts the screen showed early: the
// outbox ids it became and what it did to the counts. writing counts the
// moves whose write is under way, flying is the newest one's counts, and
// undoNext says u came meanwhile: its counts went back at once, and it
// takes that move back once written (the screen made it look done).
type shownMove struct {
	unit     store.Slip
	moved    triage.Moving
	writing  int
	flying   triage.Moving
	undoNext bool
}

// showMove shows a move of ids on the counts at once; other actions
// (letters, comments) wait for the cache as before. moves says it is a
// move, whose write's end written hears.
func (m *Model) showMove(ids []int64, kind store.ActionKind, p store.ActionPayload) (_ triage.Moving, moves bool) {
	to := ""
	switch kind {
	case store.ActionMove:
		to = p.Folder
	case store.ActionLater:
		to = cmp.Or(p.Folder, store.FolderConsidered)
	}
	if to == "" {
		return nil, false
	}
	mv := m.triage.Move(ids, to)
	m.shownMove.writing++
	m.shownMove.flying = mv
	return mv, true
}

// undoWhileWriting answers u while a move's write is under way: the
// counts go back at once, and the undo waits for the write (written); ok
// is false when no move is being written.
func (m *Model) undoWhileWriting() bool {
	s := &m.shownMove
	if s.writing == 0 {
		return false
	}
	if !s.undoNext {
		m.triage.Unmove(s.flying)
		s.undoNext = true
	}
	m.status.Say("")
	return true
}

// written hears that a move's write ended; when u came while it ran, the
// move written is offered and taken back now (ok), without reading the
// cache in between, where it is done.
func (m *Model) written(msg queuedMsg) (tea.Cmd, bool) {
	s := &m.shownMove
	s.writing = max(s.writing-1, 0)
	if !s.undoNext || s.writing > 0 {
		return nil, false
	}
	s.undoNext = false
	if msg.err != nil {
		return nil, false // nothing to take back: the failure is said, the cache read again
	}
	m.status.Queued(msg.what, m.undoKey(), msg.unit...)
	s.unit, s.moved = store.Slip{}, nil // its counts went back when u was pressed
	return m.undo(), true
}

// unshowMove puts back at once the counts of the move (or snooze) that
// slip (what u takes back) was, when the screen showed it early.
func (m *Model) unshowMove(slip store.Slip) {
	s := m.shownMove
	m.shownMove.unit, m.shownMove.moved = store.Slip{}, nil
	if len(s.moved) > 0 && sameSlip(slip, s.unit) {
		m.triage.Unmove(s.moved)
	}
}

// sameSlip says a and b are the same unit of the outbox, or the same
// snooze.
func sameSlip(a, b store.Slip) bool {
	if len(a.Outbox) > 0 {
		return slices.Equal(a.Outbox, b.Outbox)
	}
	return len(a.Snooze.Before) > 0 && slices.Equal(a.Snooze.Before, b.Snooze.Before) && a.Snooze.Until.Equal(b.Snooze.Until)
}
