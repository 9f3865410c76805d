package ui

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/common"
)

// Undo for every slip (issue 28 §2). u takes back, newest first:
//   - the moves the status line offers ("sent: 1 → Considered — u takes it
//     back"), queued from here, for as long as the line says so: what has
//     not left is cancelled, what has left is moved back to the folder it
//     came from by a new move;
//   - a letter held in its undo window (held.go);
//   - else the newest move or letter still waiting in the outbox (an
//     offline morning's queue).
// The session takes them back (Backend.Undo over the store's UndoUnit and
// UndoLast); the cursor then returns to the resume the undo concerned.

// offers says what queued unit the status line offers to take back: moves
// and laters, whose effect a move can reverse. A letter once sent cannot
// be; while held, its countdown offers u.
func offers(kind store.ActionKind) bool {
	return kind == store.ActionMove || kind == store.ActionLater
}

// undoKey is the key the status line names for u.
func (m *Model) undoKey() string {
	if keys := m.c.Keys.Undo.Keys(); len(keys) > 0 {
		return keys[0]
	}
	return ""
}

// undoable is what u takes back now: the slip the status line offers (a
// unit of outbox ids, or a snooze: said after every held letter, so newer
// than they are), or the newest held letters when they are newer; empty
// leaves it to the outbox (Backend.Undo's newest waiting).
func (m *Model) undoable() store.Slip {
	slip := m.status.Offered()
	if len(slip.Snooze.Before) > 0 {
		return slip
	}
	if h := m.held.Newest(); len(h) > 0 {
		if len(slip.Outbox) == 0 || slices.Max(h) > slices.Max(slip.Outbox) {
			slip.Outbox = h
		}
	}
	return slip
}

func (m *Model) undo() tea.Cmd {
	b, c := m.backend, m.c
	if b == nil {
		return nil
	}
	t := m.c.Text.Status
	if m.undoWhileWriting() {
		return nil
	}
	slip := m.undoable()
	m.unshowMove(slip) // the counts go back at once; the cache's follow
	// Taken back once, and never the undo itself: the line no longer
	// offers it while the undo runs.
	m.status.Say("")
	// The list's loads under way are replaced after the undo: they would
	// run beside it (issue 28 §7).
	m.triage.List().Abandon()
	return func() tea.Msg {
		u, err := b.Undo(context.Background(), slip)
		switch {
		case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrStateConflict):
			return queuedMsg{info: t.NothingToUndo}
		case err != nil:
			return queuedMsg{err: err}
		}
		return undoneMsg(c, u)
	}
}

// undoneMsg says what an undo did: "undone: 2 → Invited" when nothing of
// it had left, "moving back: 2 → Inbox" when some had (the moves back are
// queued, then sent); the cursor goes to the first resume it concerned.
func undoneMsg(c *common.Common, u store.Undone) queuedMsg {
	if len(u.Snooze.Before) > 0 {
		return unsnoozedMsg(c, u.Snooze)
	}
	if len(u.Actions)+len(u.Back) == 0 {
		return queuedMsg{info: c.Text.Status.NothingToUndo}
	}
	msg := queuedMsg{restore: undoneDraft(u.Actions)}
	for _, a := range u.Actions {
		msg.undone = append(msg.undone, a.ID)
		msg.resumes = append(msg.resumes, a.ResumeID)
	}
	for _, a := range u.Back {
		msg.resumes = append(msg.resumes, a.ResumeID)
	}
	switch {
	case len(u.Actions) > 0:
		msg.cursor = u.Actions[0].ResumeID
	case len(u.Back) > 0:
		msg.cursor = u.Back[0].ResumeID
	}
	if len(u.Back) > 0 {
		msg.back = backWhere(c, u)
		return msg
	}
	// Said as it was queued ("2 → Invited"), in the recruiter's words.
	what := fmt.Sprintf("%d → %s", len(u.Actions), undoneWhere(c, u.Actions[0]))
	msg.info = fmt.Sprintf(c.Text.Status.Undone, what)
	return msg
}

// backWhere says where an undo returns its resumes, by folder in order:
// "3 → Inbox" or, for a bulk from every folder, "2 → Inbox, 1 → Refused".
// What was cancelled before it left returns with the rest.
func backWhere(c *common.Common, u store.Undone) string {
	var order []string
	count := map[string]int{}
	add := func(folder string) {
		if count[folder] == 0 {
			order = append(order, folder)
		}
		count[folder]++
	}
	for _, a := range u.Actions {
		add(a.PrevFolder)
	}
	for _, a := range u.Back {
		add(a.Payload.Folder)
	}
	parts := make([]string, len(order))
	for i, f := range order {
		parts[i] = fmt.Sprintf("%d → %s", count[f], c.FolderName(f))
	}
	return strings.Join(parts, ", ")
}

// undoneWhere is where an undone action would have taken its resumes, as
// queue said it: the folder of a move, the folder a letter settles in, or
// the letter's kind.
func undoneWhere(c *common.Common, a store.Action) string {
	t := c.Text
	switch a.Kind {
	case store.ActionInvite:
		return t.Folders.Invited
	case store.ActionReject:
		return t.Folders.Refused
	case store.ActionSendMail:
		return t.Dialogs.MailTemplate
	case store.ActionMailTo:
		return a.Payload.Email
	}
	if a.NewFolder != "" {
		return c.FolderName(a.NewFolder)
	}
	return string(a.Kind)
}
