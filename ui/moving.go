package ui

import (
	"cmp"
	"slices"

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
// outbox ids it became and what it did to the counts.
type shownMove struct {
	unit  []int64
	moved triage.Moving
}

// showMove shows a move of ids on the counts at once; other actions
// (letters, comments) wait for the cache as before.
func (m *Model) showMove(ids []int64, kind store.ActionKind, p store.ActionPayload) triage.Moving {
	to := ""
	switch kind {
	case store.ActionMove:
		to = p.Folder
	case store.ActionLater:
		to = cmp.Or(p.Folder, store.FolderConsidered)
	}
	if to == "" {
		return nil
	}
	return m.triage.Move(ids, to)
}

// unshowMove puts back at once the counts of the move that unit (what u
// takes back) was, when the screen showed it early.
func (m *Model) unshowMove(unit []int64) {
	s := m.shownMove
	m.shownMove = shownMove{}
	if len(s.moved) > 0 && len(unit) > 0 && slices.Equal(unit, s.unit) {
		m.triage.Unmove(s.moved)
	}
}
