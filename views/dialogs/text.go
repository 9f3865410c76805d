package dialogs

import (
	"net/mail"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

// CommentDialog asks for a comment; enter or ctrl+s adds it.
type CommentDialog struct {
	c     *common.Common
	about string
	id    int64
	text  textarea.Model
	width int
	err   string
	// key names the comment's draft; draftAt is when the draft offered
	// back was written (zero: none).
	key     string
	draftAt time.Time
}

// NewCommentDialog opens the comment dialog for one resume.
func NewCommentDialog(c *common.Common, resumeID int64) (*CommentDialog, tea.Cmd) {
	d := &CommentDialog{c: c, id: resumeID, text: textarea.New()}
	d.text.ShowLineNumbers = false
	d.text.SetStyles(c.Styles.TextArea())
	d.text.SetHeight(4)
	d.key = action.DraftKey(string(store.ActionCommentAdd), resumeID)
	if dr, ok := c.Drafts.Get(d.key); ok {
		d.text.SetValue(textsafe.Clean(dr.Body))
		d.draftAt = dr.At
	}
	return d, d.text.Focus()
}

// Draft implements Drafter: the comment, once anything is typed.
func (d *CommentDialog) Draft() (string, action.Draft, bool) {
	text := d.text.Value()
	return d.key, action.Draft{Body: text}, strings.TrimSpace(text) != ""
}

// About names the applicant the comment is on, for the title.
func (d *CommentDialog) About(name string) { d.about = name }

// SetSize implements Dialog.
func (d *CommentDialog) SetSize(w, h int) {
	d.width = boxWidth(w)
	d.text.SetWidth(d.width - d.c.Styles.Dialog.Box.GetHorizontalFrameSize())
}

// Update implements Dialog.
func (d *CommentDialog) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	if km, ok := msg.(tea.KeyPressMsg); ok {
		k := d.c.Keys
		switch {
		case key.Matches(km, k.DialogCancel):
			return action.Close{}, nil
		case key.Matches(km, k.DialogDiscard):
			d.text.Reset()
			d.draftAt = time.Time{}
			return nil, nil
		case key.Matches(km, k.DialogSubmit, k.DialogConfirm):
			text := strings.TrimSpace(d.text.Value())
			if text == "" {
				d.err = d.c.Text.Dialogs.Comment + ": —"
				return nil, nil
			}
			return action.AddComment{ResumeID: d.id, Text: text}, nil
		}
	}
	var cmd tea.Cmd
	d.text, cmd = d.text.Update(msg)
	return nil, cmd
}

// View implements Dialog.
func (d *CommentDialog) View() string {
	body := splitLines(d.text.View())
	if line := draftLine(d.c, d.draftAt); line != "" {
		body = append([]string{line, ""}, body...)
	}
	if d.err != "" {
		body = append(body, d.c.Styles.Dialog.Error.Render(d.err))
	}
	t := d.c.Text.Buttons
	k := d.c.Keys
	_, _, typed := d.Draft()
	return frame(d.c, d.width, title(d.c, d.c.Text.Dialogs.Comment, nil, d.about), body,
		keyLabel(k.DialogConfirm)+" "+t.Save+hintSep+cancelHint(d.c, typed))
}

// MailToDialog sends resumes to an e-mail address (mail_to), with an
// optional note.
type MailToDialog struct {
	c     *common.Common
	about string
	ids   []int64
	email textinput.Model
	note  textarea.Model
	field int
	width int
	err   string
	// key names the mail's draft; draftAt is when the draft offered back
	// was written (zero: none).
	key     string
	draftAt time.Time
}

// NewMailToDialog opens the dialog for ids.
func NewMailToDialog(c *common.Common, ids []int64) (*MailToDialog, tea.Cmd) {
	d := &MailToDialog{c: c, ids: ids, email: textinput.New(), note: textarea.New()}
	d.email.Prompt = ""
	d.email.Placeholder = "name@company.example"
	d.email.SetStyles(c.Styles.TextInput())
	d.note.ShowLineNumbers = false
	d.note.SetStyles(c.Styles.TextArea())
	d.note.SetHeight(4)
	d.key = action.DraftKey(string(store.ActionMailTo), ids...)
	if dr, ok := c.Drafts.Get(d.key); ok {
		d.email.SetValue(textsafe.Line(dr.Email))
		d.email.CursorEnd()
		d.note.SetValue(textsafe.Clean(dr.Body))
		d.draftAt = dr.At
	}
	return d, d.email.Focus()
}

// Draft implements Drafter: the address and the note, once either is typed.
func (d *MailToDialog) Draft() (string, action.Draft, bool) {
	email, note := d.email.Value(), d.note.Value()
	return d.key, action.Draft{Email: email, Body: note}, strings.TrimSpace(email+note) != ""
}

// About names the one applicant the dialog acts on, for its title.
func (d *MailToDialog) About(name string) { d.about = name }

// SetSize implements Dialog.
func (d *MailToDialog) SetSize(w, h int) {
	d.width = boxWidth(w)
	inner := d.width - d.c.Styles.Dialog.Box.GetHorizontalFrameSize()
	d.email.SetWidth(inner - 3) // indented by two, and the cursor takes a cell past the width
	d.note.SetWidth(inner)
}

// Update implements Dialog.
func (d *MailToDialog) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	if km, ok := msg.(tea.KeyPressMsg); ok {
		k := d.c.Keys
		switch {
		case key.Matches(km, k.DialogCancel):
			return action.Close{}, nil
		case key.Matches(km, k.DialogDiscard):
			d.email.Reset()
			d.note.Reset()
			d.draftAt = time.Time{}
			return nil, nil
		case key.Matches(km, k.DialogSubmit), key.Matches(km, k.DialogConfirm) && d.field == 0:
			addr, err := mail.ParseAddress(strings.TrimSpace(d.email.Value()))
			if err != nil {
				d.err = d.c.Text.Dialogs.Address + ": " + d.email.Value() + " ✗"
				d.field = 0
				d.note.Blur()
				return nil, d.email.Focus()
			}
			return action.MailTo{ResumeIDs: d.ids, Email: addr.Address, Body: d.note.Value()}, nil
		case key.Matches(km, k.DialogNext), key.Matches(km, k.DialogPrev):
			d.field = 1 - d.field
			if d.field == 0 {
				d.note.Blur()
				return nil, d.email.Focus()
			}
			d.email.Blur()
			return nil, d.note.Focus()
		}
	}
	var cmd tea.Cmd
	if d.field == 0 {
		d.email, cmd = d.email.Update(msg)
	} else {
		d.note, cmd = d.note.Update(msg)
	}
	return nil, cmd
}

// View implements Dialog.
func (d *MailToDialog) View() string {
	t := d.c.Text
	body := []string{t.Dialogs.Address, "  " + d.email.View(), "", t.Dialogs.Body}
	if line := draftLine(d.c, d.draftAt); line != "" {
		body = append([]string{line, ""}, body...)
	}
	body = append(body, splitLines(d.note.View())...)
	if d.err != "" {
		body = append(body, "", d.c.Styles.Dialog.Error.Render(d.err))
	}
	k := d.c.Keys
	_, _, typed := d.Draft()
	return frame(d.c, d.width, title(d.c, t.Dialogs.MailAddress, d.ids, d.about), body,
		keyLabel(k.DialogNext)+" · "+keyLabel(k.DialogConfirm)+"/"+keyLabel(k.DialogSubmit)+" "+t.Buttons.Send+hintSep+cancelHint(d.c, typed))
}
