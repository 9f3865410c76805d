package ui

import (
	"context"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/store"
	"hrdesk/views/comments"
	"hrdesk/views/common"
	"hrdesk/views/dialogs"
)

// templatesMsg brings a template set for a letter dialog about to open.
type templatesMsg struct {
	kind store.ActionKind
	ids  []int64
	set  store.TemplateSet
	err  error
}

// contactsDoneMsg ends a buy or open.
type contactsDoneMsg struct {
	id  int64
	err error
}

var letterTemplates = map[store.ActionKind]store.TemplateKind{
	store.ActionInvite: store.TemplateInvitation, store.ActionReject: store.TemplateRejection,
	store.ActionSendMail: store.TemplateMail,
}

// actionKey opens the dialog of an action key; ok false when msg is none.
func (m *Model) actionKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := m.c.Keys
	ids := m.list.Marked()
	switch {
	case key.Matches(msg, k.Move):
		if len(ids) > 0 {
			m.openDialog(dialogs.NewFolderPicker(m.c, ids, m.folders[m.folderIdx].id))
		}
	case key.Matches(msg, k.Invite):
		return m.loadTemplates(store.ActionInvite, ids), true
	case key.Matches(msg, k.Reject):
		return m.loadTemplates(store.ActionReject, ids), true
	case key.Matches(msg, k.MailTemplate):
		return m.loadTemplates(store.ActionSendMail, ids), true
	case key.Matches(msg, k.MailAddress):
		if len(ids) > 0 {
			d, cmd := dialogs.NewMailToDialog(m.c, ids)
			m.openDialog(d)
			return cmd, true
		}
	case key.Matches(msg, k.Comment):
		if m.detailID != 0 {
			d, cmd := dialogs.NewCommentDialog(m.c, m.detailID)
			m.openDialog(d)
			return cmd, true
		}
	case key.Matches(msg, k.BuyContacts):
		if m.detailID != 0 {
			t := m.c.Text
			m.openDialog(dialogs.NewConfirmDialog(m.c, "buy", m.detailID, t.Dialogs.BuyContacts, t.Contacts.CostWarning, t.Buttons.Buy))
		}
	case key.Matches(msg, k.OpenContacts):
		if m.detailID != 0 {
			t := m.c.Text
			m.openDialog(dialogs.NewConfirmDialog(m.c, "open", m.detailID, t.Dialogs.OpenContacts, t.Contacts.OpenHint, t.Buttons.Open))
		}
	default:
		return nil, false
	}
	return nil, true
}

func (m *Model) openDialog(d dialogs.Dialog) {
	d.SetSize(m.width, m.height)
	m.dialog = d
}

func (m *Model) loadTemplates(kind store.ActionKind, ids []int64) tea.Cmd {
	if len(ids) == 0 {
		return nil
	}
	st := m.st
	return func() tea.Msg {
		set, err := st.Templates(context.Background(), letterTemplates[kind])
		return templatesMsg{kind: kind, ids: ids, set: set, err: err}
	}
}

// dialogMsg gives a message to the open dialog and acts on its result.
func (m *Model) dialogMsg(msg tea.Msg) tea.Cmd {
	action, cmd := m.dialog.Update(msg)
	if action == nil {
		return cmd
	}
	m.dialog = nil
	return tea.Batch(cmd, m.act(action))
}

// act carries out what a dialog decided: through the outbox, one action
// per resume, except contacts, which are online only.
func (m *Model) act(a dialogs.Action) tea.Cmd {
	f := m.c.Text.Folders
	switch a := a.(type) {
	case dialogs.Move:
		return m.queue(a.ResumeIDs, store.ActionMove, store.ActionPayload{Folder: a.Folder}, m.c.Text.Folder(a.Folder))
	case dialogs.AddComment:
		return m.queue([]int64{a.ResumeID}, store.ActionCommentAdd, store.ActionPayload{Text: a.Text}, m.c.Text.Dialogs.Comment)
	case dialogs.Letter:
		p := store.ActionPayload{TemplateID: a.TemplateID, Subject: a.Subject, Body: a.Body, SendSMS: a.SendSMS}
		where := map[store.ActionKind]string{store.ActionInvite: f.Invited, store.ActionReject: f.Refused,
			store.ActionSendMail: m.c.Text.Dialogs.MailTemplate}[a.Kind]
		return m.queue(a.ResumeIDs, a.Kind, p, where)
	case dialogs.MailTo:
		return m.queue(a.ResumeIDs, store.ActionMailTo, store.ActionPayload{Email: a.Email, Body: a.Body}, a.Email)
	case dialogs.Confirmed:
		return m.confirmed(a)
	}
	return nil
}

func (m *Model) queue(ids []int64, kind store.ActionKind, p store.ActionPayload, where string) tea.Cmd {
	m.list.ClearMarks()
	st := m.st
	queued := m.c.Text.Status.Queued
	return func() tea.Msg {
		ctx := context.Background()
		for _, id := range ids {
			if _, err := st.Enqueue(ctx, store.Action{ResumeID: id, Kind: kind, Payload: p}); err != nil {
				return actionDoneMsg{err: err}
			}
		}
		what := fmt.Sprintf("%d → %s", len(ids), where)
		return actionDoneMsg{info: queued + ": " + what, queued: what}
	}
}

func (m *Model) confirmed(a dialogs.Confirmed) tea.Cmd {
	b := m.backend
	switch a.Tag {
	case "buy", "open":
		if b == nil {
			return nil
		}
		m.info = "…"
		return func() tea.Msg {
			ctx := context.Background()
			var err error
			if a.Tag == "buy" {
				err = b.BuyContacts(ctx, a.ResumeID)
			} else {
				err = b.OpenContacts(ctx, a.ResumeID)
			}
			return contactsDoneMsg{id: a.ResumeID, err: err}
		}
	case "archive", "delete_selection":
		return m.confirmedCatalog(a.Tag)
	case "delete_comment":
		return m.queue([]int64{a.ResumeID}, store.ActionCommentDelete, store.ActionPayload{CommentID: m.pendingDelete}, m.c.Text.Dialogs.DeleteComment)
	}
	return nil
}

// paneRequest handles the comments pane's requests.
func (m *Model) paneRequest(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case comments.AddCommentRequestMsg:
		d, cmd := dialogs.NewCommentDialog(m.c, msg.ResumeID)
		m.openDialog(d)
		return cmd
	case comments.DeleteCommentRequestMsg:
		t := m.c.Text
		m.pendingDelete = msg.CommentID
		m.openDialog(dialogs.NewConfirmDialog(m.c, "delete_comment", msg.ResumeID, t.Dialogs.DeleteComment,
			t.Dialogs.ConfirmDeleteComment, t.Buttons.Delete))
	}
	return nil
}

// overlay draws the dialog box in the middle of the screen.
func (m *Model) overlay(base string) string {
	box := strings.Split(m.dialog.View(), "\n")
	lines := strings.Split(base, "\n")
	w := 0
	for _, l := range box {
		w = max(w, ansi.StringWidth(l))
	}
	x := max((m.width-w)/2, 0)
	y := max((len(lines)-len(box))/2, 0)
	for i, l := range box {
		if y+i >= len(lines) {
			break
		}
		under := lines[y+i]
		left := ansi.Truncate(under, x, "")
		right := ansi.TruncateLeft(under, x+w, "")
		lines[y+i] = common.Fit(left+common.Fit(l, w, "…")+right, m.width, "…")
	}
	return strings.Join(lines, "\n")
}
