package ui

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/dialogs"
	"hrdesk/views/held"
)

// The recruiter's unsent text (issue 26 §6). A letter, comment or mail
// dialog, or the selection form, closed with esc keeps what was typed as a
// draft: no question (nothing is lost), the status line says so, and the
// same dialog on the same resumes (the same selection) offers it back with
// the time it was written and the key that discards it. A draft goes when
// its text is queued (or the selection saved), or when the recruiter
// discards it. The session holds them (common.Drafts, which the dialogs
// read) and the cache keeps them (store drafts, migration 14), so q, a
// crash or a restart loses none; ctrl+c keeps the open dialog's first.

// draftBook orders the cache's writes of drafts. Writes run in commands,
// which may run in any order; each carries a number taken when it was
// decided, and a write older than one already done for its key is
// skipped: a draft kept at the bulk question and dropped when the letter
// is queued ends dropped whichever command runs first.
type draftBook struct {
	seq uint64 // taken in Update only

	mu   sync.Mutex
	done map[string]uint64 // the newest write done, per key

	// touched: keys this session kept or dropped before the cache's
	// drafts were read; the session's word is newer.
	touched map[string]bool
	loaded  bool
}

// draftsMsg brings the drafts the cache kept, read once at start.
type draftsMsg struct {
	drafts []store.Draft
	err    error
}

// draftUnsavedMsg says the cache did not take a draft (the session keeps it).
type draftUnsavedMsg struct{ err error }

// draftMsg handles the cache's answers about drafts; ok is false for any
// other message.
func (m *Model) draftMsg(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case draftsMsg:
		m.draftsLoaded(msg)
	case draftUnsavedMsg:
		m.draftUnsaved(msg)
	default:
		return nil, false
	}
	return nil, true
}

// loadDrafts reads the cache's drafts into the session.
func (m *Model) loadDrafts() tea.Cmd {
	st := m.st
	return func() tea.Msg {
		d, err := st.Drafts(context.Background())
		return draftsMsg{drafts: d, err: err}
	}
}

// draftsLoaded takes the cache's drafts in; one the cache cannot give back
// whole (not JSON) is left there. A failed read leaves the session
// without them: nothing is lost, they are offered after the next start.
func (m *Model) draftsLoaded(msg draftsMsg) {
	m.drafts.loaded = true
	for _, d := range msg.drafts {
		if m.drafts.touched[d.Key] {
			continue
		}
		var dr action.Draft
		if err := json.Unmarshal([]byte(d.Body), &dr); err != nil {
			continue
		}
		dr.At = d.SavedAt
		m.c.Drafts.Put(d.Key, dr)
	}
	m.drafts.touched = nil
}

// keepDraft keeps dr as the draft of key: when it was written is now,
// unless the text is the one already kept.
func (m *Model) keepDraft(key string, dr action.Draft) tea.Cmd {
	if old, ok := m.c.Drafts.Get(key); ok && old.Same(dr) {
		return nil
	}
	dr.At = m.c.Now()
	m.c.Drafts.Put(key, dr)
	body, err := json.Marshal(dr)
	if err != nil {
		return nil // plain strings and numbers: cannot fail
	}
	st := m.st
	d := store.Draft{Key: key, Body: string(body), SavedAt: dr.At}
	return m.writeDraft(key, func(ctx context.Context) tea.Msg {
		if err := st.SaveDraft(ctx, d); err != nil {
			return draftUnsavedMsg{err: err}
		}
		return nil
	})
}

// dropDraft forgets the draft of key; ok says there was one.
func (m *Model) dropDraft(key string) (tea.Cmd, bool) {
	had := m.c.Drafts.Drop(key)
	if !had && m.drafts.loaded {
		return nil, false
	}
	st := m.st
	return m.writeDraft(key, func(ctx context.Context) tea.Msg {
		_ = st.DeleteDraft(ctx, key) // failed, the draft is offered again after a restart: nothing lost
		return nil
	}), had
}

// writeDraft runs write in a command, after every write of key decided
// before it and never after one decided later.
func (m *Model) writeDraft(key string, write func(context.Context) tea.Msg) tea.Cmd {
	b := &m.drafts
	if !b.loaded {
		if b.touched == nil {
			b.touched = map[string]bool{}
		}
		b.touched[key] = true
	}
	b.seq++
	seq := b.seq
	return func() tea.Msg {
		b.mu.Lock()
		defer b.mu.Unlock()
		if b.done[key] > seq {
			return nil
		}
		if b.done == nil {
			b.done = map[string]uint64{}
		}
		b.done[key] = seq
		return write(context.Background())
	}
}

// closingDraft keeps the text of dialog d as it closes with act: as its
// draft when there is some (the status line says so when esc closed it);
// none left (discarded), its draft goes. A letter or comment that was
// sent keeps its draft until it is queued (dropQueued), so a cache that
// refuses it loses nothing.
func (m *Model) closingDraft(d dialogs.Dialog, act action.Action) tea.Cmd {
	_, cancelled := act.(action.Close)
	if c, ok := d.(*dialogs.ConfirmDialog); ok && cancelled {
		// No to a bulk letter: its text stays the draft kept when it asked.
		if key := queuedDraftKey(c.Then()); key != "" {
			if _, ok := m.c.Drafts.Get(key); ok {
				m.status.Say(m.c.Text.Dialogs.DraftKept)
			}
		}
		return nil
	}
	dr, ok := d.(dialogs.Drafter)
	if !ok {
		return nil
	}
	key, draft, keep := dr.Draft()
	if !keep {
		cmd, had := m.dropDraft(key)
		if had && cancelled {
			m.status.Say(m.c.Text.Dialogs.DraftDiscarded)
		}
		return cmd
	}
	if cancelled {
		m.status.Say(m.c.Text.Dialogs.DraftKept)
	}
	return m.keepDraft(key, draft)
}

// keepOpenDraft keeps the text of the dialog or form open, before ctrl+c
// ends the program.
func (m *Model) keepOpenDraft() tea.Cmd {
	var dr dialogs.Drafter
	if d, ok := m.overlay.dialog.(dialogs.Drafter); ok {
		dr = d
	} else if d, ok := m.pane(m.focus).(dialogs.Drafter); ok && m.overlay.dialog == nil {
		dr = d
	}
	if dr == nil {
		return nil
	}
	if key, d, keep := dr.Draft(); keep {
		return m.keepDraft(key, d)
	}
	return nil
}

// draftAction carries out what a pane asks about a form's draft.
func (m *Model) draftAction(a action.Action) (tea.Cmd, bool) {
	switch a := a.(type) {
	case action.KeepDraft:
		m.status.Say(m.c.Text.Dialogs.DraftKept)
		return m.keepDraft(a.Key, a.Draft), true
	case action.DropDraft:
		cmd, had := m.dropDraft(a.Key)
		if had && a.Discarded {
			m.status.Say(m.c.Text.Dialogs.DraftDiscarded)
		}
		return cmd, true
	}
	return nil, false
}

// queuedDraftKey is the draft of the dialog an action queued comes from
// ("" for one without text).
func queuedDraftKey(a action.Action) string {
	switch a := a.(type) {
	case action.Letter:
		return action.DraftKey(string(a.Kind), a.ResumeIDs...)
	case action.MailTo:
		return action.DraftKey(string(store.ActionMailTo), a.ResumeIDs...)
	case action.AddComment:
		return action.DraftKey(string(store.ActionCommentAdd), a.ResumeID)
	}
	return ""
}

// keptDraft is a draft and its key.
type keptDraft struct {
	key   string
	draft action.Draft
}

// undoneDraft is the text of letters u took back (one bulk, one text), as
// the draft their dialog offers again: u after a letter loses no text.
// Nil for actions without text (moves, a rejection without a letter).
func undoneDraft(acts []store.Action) *keptDraft {
	if len(acts) == 0 || !held.IsLetter(acts[0].Kind, acts[0].Payload) {
		return nil
	}
	p := acts[0].Payload
	ids := make([]int64, len(acts))
	for i, a := range acts {
		ids[i] = a.ResumeID
	}
	return &keptDraft{key: action.DraftKey(string(acts[0].Kind), ids...),
		draft: action.Draft{TemplateID: p.TemplateID, Subject: p.Subject, Body: p.Body, Email: p.Email, SMS: p.SendSMS}}
}

// draftUnsaved says a draft lives in this session only.
func (m *Model) draftUnsaved(msg draftUnsavedMsg) {
	m.status.Say(fmt.Sprintf(m.c.Text.Dialogs.DraftUnsaved, msg.err))
}
