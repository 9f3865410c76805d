package ui

import (
	"context"
	"fmt"
	"hrdesk/problem"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/dialogs"
	"hrdesk/views/held"
	"hrdesk/views/triage"
)

// do carries out what pane from (or a dialog about it) asks. It is the one
// place where an action becomes a change of screen, a dialog, an outbox
// entry or a server call.
func (m *Model) do(from paneID, a action.Action) tea.Cmd {
	switch a := a.(type) {
	case nil, action.Close:
		return nil
	case action.Confirm:
		return m.open(dialogs.NewConfirmDialog(m.c, a), from)
	case action.ShowVacancy, action.ShowResume:
		m.setMode(paneTriage)
		m.setFocus(paneTriage)
		return m.updatePane(paneTriage, a)
	case action.Search:
		if from == paneOverview { // a recruiter's responses (issue 30 §1): shown in the list
			m.setMode(paneTriage)
			m.setFocus(paneTriage)
		}
		return m.updatePane(paneTriage, a)
	case action.Highlight, action.ShowFolder, action.ToggleEverywhere, action.Narrow:
		// What the triage screen shows: a dialog's answer about it (the
		// filters, the vacancy picker) goes back to it.
		return m.updatePane(paneTriage, a)
	case action.Leave:
		return m.leave(from)
	case action.OutboxRetry, action.OutboxDismiss, action.OutboxCancel:
		// A question's answer: the outbox screen carries it out.
		return m.updatePane(paneOutbox, a)
	case action.OutboxSettled:
		return m.settled(a)
	case action.OpenOutbox:
		return m.openOutbox()
	case action.Notice:
		if a.Problem.Kind != problem.None {
			m.status.Note(a.Problem)
		} else {
			m.status.Say(a.Text)
		}
		return nil
	case action.LoadComments:
		return m.loadComments(from, a)
	}
	if cmd, ok := m.snoozeAction(from, a); ok {
		return cmd
	}
	if cmd, ok := m.draftAction(a); ok {
		return cmd
	}
	if cmd, ok := m.ask(from, a); ok {
		return cmd
	}
	if cmd, ok := m.enqueue(a); ok {
		return withDraft(queuedDraftKey(a), cmd)
	}
	return m.call(from, a)
}

// ask opens the dialog a screen asks for; ok is false for an action that
// is not one.
func (m *Model) ask(from paneID, a action.Action) (tea.Cmd, bool) {
	switch a := a.(type) {
	case action.AskMove:
		d := dialogs.NewFolderPicker(m.c, a.ResumeIDs, a.Folder)
		d.About(a.About)
		return m.open(d, from), true
	case action.AskLetter:
		d := dialogs.NewLetterDialog(m.c, a.Kind, a.ResumeIDs, a.Templates, m.opts.Editor)
		d.SetUndoWindow(m.opts.SendDelay)
		if a.About != "" {
			d.About(a.About)
		}
		opened := m.open(d, from) // first: the preview carries its serial
		return tea.Batch(opened, m.to(paneDialog, d.Preview())), true
	case action.AskMailTo:
		d, cmd := dialogs.NewMailToDialog(m.c, a.ResumeIDs)
		d.About(a.About)
		opened := m.open(d, from)
		return tea.Batch(opened, m.to(paneDialog, cmd)), true
	case action.AskComment:
		d, cmd := dialogs.NewCommentDialog(m.c, a.ResumeID)
		d.About(a.About)
		opened := m.open(d, from)
		return tea.Batch(opened, m.to(paneDialog, cmd)), true
	case action.AskVacancy:
		return m.open(dialogs.NewVacancyPicker(m.c, a.Set, a.Everywhere, a.Vacancies), from), true
	case action.AskFilters:
		if a.Counting != 0 {
			return m.open(dialogs.NewFiltersDialogCounting(m.c, a.Set, a.Everywhere, a.Folder, a.Names, a.Counting), from), true
		}
		d := dialogs.NewFiltersDialog(m.c, a.Set, a.Everywhere, a.Folder, a.Vacancies, a.Levels)
		d.SetCounts(!a.Everywhere, a.OtherVacancies, a.OtherLevels)
		return m.open(d, from), true
	case action.FilterChoices:
		if a.Err != nil {
			m.status.Note(problem.Problem{Kind: problem.Local, Detail: a.Err.Error()})
		}
		if d, ok := m.overlay.dialog.(*dialogs.FiltersDialog); ok {
			d.SetChoices(a) // a closed dialog's counts go nowhere
		}
		return nil, true
	}
	return nil, false
}

// loadComments fetches a resume's comments into the cache for pane from,
// which hears when they are in; a failure leaves the cache's.
func (m *Model) loadComments(from paneID, a action.LoadComments) tea.Cmd {
	b := m.backend
	if b == nil {
		return nil
	}
	return m.to(from, func() tea.Msg {
		_ = b.LoadComments(context.Background(), a.ResumeID)
		return action.DoneMsg{Action: a}
	})
}

// leave goes back from a screen with nothing of its own left to close.
func (m *Model) leave(from paneID) tea.Cmd {
	switch {
	case from == paneLogin || from == paneHelp:
		m.mode = m.back
	case from != paneTriage && from.isScreen():
		m.toTriage()
	}
	return nil
}

// enqueue puts resume actions in the outbox, one entry per resume; ok is
// false for an action that is not one.
func (m *Model) enqueue(a action.Action) (cmd tea.Cmd, ok bool) {
	t := m.c.Text
	switch a := a.(type) {
	case action.Move:
		return m.queue(a.ResumeIDs, store.ActionMove, store.ActionPayload{Folder: a.Folder}, m.triage.FolderName(a.Folder)), true
	case action.Later:
		return m.queue(a.ResumeIDs, store.ActionLater, store.ActionPayload{}, t.Folders.Considered), true
	case action.Letter:
		p := store.ActionPayload{TemplateID: a.TemplateID, Subject: a.Subject, Body: a.Body, SendSMS: a.SendSMS}
		where := map[store.ActionKind]string{store.ActionInvite: t.Folders.Invited, store.ActionReject: t.Folders.Refused,
			store.ActionSendMail: t.Dialogs.MailTemplate}[a.Kind]
		return m.queue(a.ResumeIDs, a.Kind, p, where), true
	case action.MailTo:
		return m.queue(a.ResumeIDs, store.ActionMailTo, store.ActionPayload{Email: a.Email, Body: a.Body}, a.Email), true
	case action.AddComment:
		return m.queue([]int64{a.ResumeID}, store.ActionCommentAdd, store.ActionPayload{Text: a.Text}, t.Dialogs.Comment), true
	case action.DeleteComment:
		return m.queue([]int64{a.ResumeID}, store.ActionCommentDelete, store.ActionPayload{CommentID: a.CommentID},
			t.Dialogs.DeleteComment), true
	}
	return nil, false
}

// queuedMsg ends putting actions in the outbox (or undoing one).
type queuedMsg struct {
	what string // "1 → Considered", for the status line's "queued", then "sent"
	info string // what to say instead (undo)
	err  error  // the cache failed: a local problem, never the server's
	// unit is the outbox ids queued; offer says u may take them back
	// while the status line says so (undo.go).
	unit  []int64
	offer bool
	// back is what an undo's moves back say ("1 → Inbox"); cursor is the
	// resume it concerned, where the list's cursor returns.
	back   string
	cursor int64
	// resumes are the resumes the change concerned: the resume shown is
	// read again only when it is one of them (nil: not known, it is).
	resumes []int64
	// held is letters that wait out their undo window (held.go); undone
	// the actions an undo took back.
	held   held.Unit
	undone []int64
	// draft is the key of the draft the text queued came from; restore
	// the text of a letter undone, kept as its draft again.
	draft   string
	restore *keptDraft
	// moved is what the counts showed of the move before it was queued
	// (moving.go).
	moved triage.Moving
	write bool // a move's write ended (moving.go)
	// snooze says a snooze was taken back: nothing to push, the wake's
	// timer planned again (snooze_undo.go).
	snooze bool
}

// queued hears that actions are in the outbox (or out of it again): the
// status line says so, held letters count down, the draft their text came
// from goes, the screens read the cache again and the outbox is pushed.
func (m *Model) queued(msg queuedMsg) tea.Cmd {
	if msg.write {
		if undo, ok := m.written(msg); ok {
			return undo
		}
	}
	var held, drop tea.Cmd
	if msg.err == nil && msg.draft != "" {
		// Its text is in the outbox now: the draft is done with.
		drop, _ = m.dropDraft(msg.draft)
	}
	if len(msg.held.IDs) > 0 {
		m.held.Add(msg.held)
		held = m.tickHeld()
	}
	if len(msg.undone) > 0 {
		m.held.Forget(msg.undone)
		held = m.tickHeld()
	}
	switch {
	case msg.err != nil:
		m.status.Say("")
		m.status.Note(problem.Problem{Kind: problem.Local, Detail: msg.err.Error()})
	case msg.what != "":
		undo := ""
		if msg.offer {
			undo = m.undoKey()
			// Only what u takes back: a write still under way, and a u
			// that came meanwhile, are the next write's (moving.go).
			m.shownMove.unit, m.shownMove.moved = store.Slip{Outbox: msg.unit}, msg.moved
		}
		m.status.Queued(msg.what, undo, msg.unit...)
	case msg.back != "":
		m.status.MovingBack(msg.back)
	case msg.restore != nil:
		// A letter taken back: its text is the draft the same key offers.
		drop = m.keepDraft(msg.restore.key, msg.restore.draft)
		m.status.Say(msg.info + " — " + m.c.Text.Dialogs.DraftKept)
	default:
		m.status.Say(msg.info)
	}
	// The resume shown reloads too: a comment added or deleted shows at
	// once, not after the cursor moves.
	r := triage.Refresh{List: true, Entry: true, Cursor: msg.cursor, Resumes: msg.resumes}
	push := m.push()
	switch {
	case msg.err != nil:
		// Nothing new to send: a push reaching the server would say
		// "online" over the failure before it was read.
		push = nil
	case msg.snooze:
		push = m.planWake() // nothing sent; the next wake may be another
	}
	return tea.Batch(m.refreshTo(r), push, held, drop)
}

// withDraft says in cmd's queuedMsg which draft its text came from, so
// the draft goes once the text is in the outbox (and stays if not).
func withDraft(key string, cmd tea.Cmd) tea.Cmd {
	if key == "" || cmd == nil {
		return cmd
	}
	return func() tea.Msg {
		msg := cmd()
		if q, ok := msg.(queuedMsg); ok {
			q.draft = key
			return q
		}
		return msg
	}
}

func (m *Model) queue(ids []int64, kind store.ActionKind, p store.ActionPayload, where string) tea.Cmd {
	if len(ids) == 0 {
		return nil
	}
	moved, moves := m.showMove(ids, kind, p) // at once; the cache's counts follow
	m.triage.ClearMarks()
	m.triage.List().Abandon() // replaced once queued, as after an undo
	st := m.st
	held := m.hold(ids, kind, p)
	actions := make([]store.Action, len(ids))
	for i, id := range ids {
		actions[i] = store.Action{ResumeID: id, Kind: kind, Payload: p, NotBefore: held.Due}
	}
	return func() tea.Msg {
		// One unit: all or none, and u takes the whole bulk back.
		queued, err := st.EnqueueBatch(context.Background(), actions)
		if err != nil {
			return queuedMsg{err: err, write: moves} // the counts read again are the cache's
		}
		if held.Held() {
			held.IDs = queued
		}
		return queuedMsg{what: fmt.Sprintf("%d → %s", len(ids), where), held: held, unit: queued, offer: offers(kind),
			resumes: ids, moved: moved, write: moves}
	}
}

// calledMsg ends a direct server call made for pane from.
type calledMsg struct {
	from paneID
	act  action.Action
	info string // what to say when it worked
	err  error
}

// call makes a direct server call in a command: contacts, the catalog
// screens, the login. The pane that asked hears how it went.
func (m *Model) call(from paneID, a action.Action) tea.Cmd {
	b := m.backend
	if b == nil {
		return nil
	}
	t := m.c.Text
	var run func(context.Context) (string, error)
	switch a := a.(type) {
	case action.BuyContacts:
		run = func(ctx context.Context) (string, error) {
			return t.Dialogs.BuyContacts + " ✓", b.BuyContacts(ctx, a.ResumeID)
		}
	case action.OpenContacts:
		run = func(ctx context.Context) (string, error) {
			return t.Dialogs.OpenContacts + " ✓", b.OpenContacts(ctx, a.ResumeID)
		}
	case action.LogIn:
		run = func(ctx context.Context) (string, error) { return "", b.Login(ctx, a.Login, a.Password) }
	default:
		run = m.catalogCall(a)
	}
	if run == nil {
		return nil
	}
	if _, money := a.(action.BuyContacts); money {
		m.status.Say("…")
	}
	return func() tea.Msg {
		info, err := run(context.Background())
		return calledMsg{from: from, act: a, info: info, err: err}
	}
}

// catalogCall is the server call of a catalog screen's action; nil without
// a session (the screens then show the cache).
func (m *Model) catalogCall(a action.Action) func(context.Context) (string, error) {
	b, t := m.backend, m.c.Text
	if !m.loggedIn {
		return nil
	}
	switch a := a.(type) {
	case action.RefreshVacancies:
		return func(ctx context.Context) (string, error) { return "", b.RefreshVacancies(ctx) }
	case action.RefreshSelections:
		return func(ctx context.Context) (string, error) { return "", b.RefreshSelections(ctx) }
	case action.ArchiveVacancies:
		return func(ctx context.Context) (string, error) {
			return fmt.Sprintf(t.Vacancies.ArchivedDone, len(a.IDs)), b.ArchiveVacancies(ctx, a.IDs)
		}
	case action.SaveSelection:
		return func(ctx context.Context) (string, error) {
			return fmt.Sprintf(t.Selections.Saved, a.Name), b.SaveSelection(ctx, a.ID, a.Fields)
		}
	case action.SetSelectionMail:
		format := t.Selections.MailOff
		if a.On {
			format = t.Selections.MailOn
		}
		return func(ctx context.Context) (string, error) {
			return fmt.Sprintf(format, a.Name), b.SetSelectionMail(ctx, a.ID, a.On)
		}
	case action.DeleteSelection:
		return func(ctx context.Context) (string, error) {
			return fmt.Sprintf(t.Selections.Deleted, a.Name), b.DeleteSelection(ctx, a.ID)
		}
	}
	return nil
}

// called tells the status bar and the pane that asked how a server call
// went, and reloads what it changed.
func (m *Model) called(msg calledMsg) tea.Cmd {
	var p problem.Problem
	if msg.err != nil {
		p = m.opts.Explain(msg.err)
	}
	var cmds []tea.Cmd
	switch a := msg.act.(type) {
	case action.LogIn:
		// The login screen words its own refusals.
		if p.Kind == problem.None {
			m.loggedIn = true
			m.mode = m.back
			m.status.Note(p)
			cmds = append(cmds, m.startSync())
		}
	case action.BuyContacts, action.OpenContacts:
		// The screen that asked shows them (DoneMsg below).
		m.noteCall(p, msg.info)
	default:
		// A refused form keeps the refusal under what was typed.
		if _, form := a.(action.SaveSelection); !form || p.Kind != problem.Refused {
			m.noteCall(p, msg.info)
		}
		cmds = append(cmds, m.refresh(false, false))
	}
	cmds = append(cmds, m.updatePane(msg.from, action.DoneMsg{Action: msg.act, Problem: p}))
	return tea.Batch(cmds...)
}

// noteCall puts a server call's outcome on the status line.
func (m *Model) noteCall(p problem.Problem, info string) {
	m.status.Say("")
	if p.Refusal() {
		// The service answered, so whatever kept it away is over; its no
		// is this key's answer, gone with the next key.
		m.status.Note(problem.Problem{})
		m.status.Refused(p)
		return
	}
	m.status.Note(p)
	if p.Kind == problem.NeedsLogin {
		m.loggedIn = false
	}
	if p.Kind == problem.None && info != "" {
		m.status.Say(info)
	}
}
