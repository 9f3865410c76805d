package dialogs

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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

// Editor is the external editor ($EDITOR); hostexec.Editor is the one
// implementation, and it refuses in a session served over SSH.
type Editor interface {
	// Available says why there is no external editor (nil: there is one).
	Available() error
	// Command builds the program that edits path.
	Command(path string) (*exec.Cmd, error)
}

// EditorUnavailableMsg tells the root that ctrl+o found no external editor
// (Err says why); the status line words it, the inline editor stays.
type EditorUnavailableMsg struct{ Err error }

// LetterDialog picks a template (invite, reject, mail by template), lets
// the recruiter edit its subject and text inline or in $EDITOR, and, where
// the server allows it, add an SMS. Reject can go without a letter.
type LetterDialog struct {
	c      *common.Common
	kind   store.ActionKind
	ids    []int64
	about  string // the one applicant's name, for the title
	set    store.TemplateSet
	editor Editor

	noLetter bool // reject: the first choice is "without a letter"
	// undo is the letter's undo window once sent (0: it leaves at once).
	undo    time.Duration
	list    common.List // the template chosen
	field   int         // 0 templates, 1 subject, 2 body, 3 SMS
	subject textinput.Model
	body    textarea.Model
	sms     bool
	width   int
	height  int
	err     string

	previewGen int
	preview    []string

	// edited: the subject or text differ from the template's, so picking
	// another template asks first; discard is the cursor step waiting on
	// that answer (0: no question).
	edited  bool
	discard int

	// key names the dialog's draft (action.DraftKey); draftAt is when the
	// draft offered back was written (zero: none offered, or discarded);
	// held is a draft that could not be shown (its template is gone and
	// no other is left), kept as it was.
	key     string
	draftAt time.Time
	held    *action.Draft
}

// editedMsg brings the body back from $EDITOR.
type editedMsg struct {
	text string
	err  error
}

// NewLetterDialog opens the dialog of kind (invite, reject, send_mail) for
// ids with the templates of that kind.
func NewLetterDialog(c *common.Common, kind store.ActionKind, ids []int64, set store.TemplateSet, editor Editor) *LetterDialog {
	d := &LetterDialog{c: c, kind: kind, ids: ids, set: set, editor: editor, noLetter: kind == store.ActionReject}
	d.subject = textinput.New()
	d.subject.Prompt = ""
	d.subject.SetStyles(c.Styles.TextInput())
	d.body = textarea.New()
	d.body.ShowLineNumbers = false
	d.body.SetStyles(c.Styles.TextArea())
	d.pick()
	d.key = action.DraftKey(string(kind), ids...)
	if dr, ok := c.Drafts.Get(d.key); ok {
		d.restore(dr)
	}
	return d
}

// About names the one applicant the dialog acts on, for its title.
func (d *LetterDialog) About(name string) { d.about = name }

// choices is the number of lines in the template list.
func (d *LetterDialog) choices() int {
	n := len(d.set.Templates)
	if d.noLetter {
		n++
	}
	return n
}

// Preview renders the chosen template for the preview; the root runs the
// command when it opens the dialog.
func (d *LetterDialog) Preview() tea.Cmd {
	d.previewGen++
	d.preview = nil
	t := d.template()
	if t == nil || d.width == 0 {
		return nil
	}
	// The text as it will leave: the template's, or the recruiter's edit.
	text := d.body.Value()
	return renderPreview(d.previewGen, text, d.c.Styles.Markdown, d.width-d.c.Styles.Dialog.Box.GetHorizontalFrameSize())
}

// template returns the chosen template, nil for "without a letter".
func (d *LetterDialog) template() *store.Template {
	i := d.list.Cursor
	if d.noLetter {
		i--
	}
	if i < 0 || i >= len(d.set.Templates) {
		return nil
	}
	return &d.set.Templates[i]
}

// pick fills subject and text from the template under the cursor.
func (d *LetterDialog) pick() {
	t := d.template()
	if t == nil {
		d.subject.SetValue("")
		d.body.SetValue("")
		return
	}
	d.subject.SetValue(textsafe.Line(t.Subject))
	d.subject.CursorEnd()
	d.body.SetValue(templateText(t))
}

// templateText is a template's text as the dialog fills it in.
func templateText(t *store.Template) string {
	text := textsafe.Clean(t.Body)
	if g := textsafe.Line(t.Greeting); g != "" {
		text = g + "\n\n" + text
	}
	return text
}

// SetSize implements Dialog.
func (d *LetterDialog) SetSize(w, h int) {
	d.width, d.height = boxWidth(w), h
	inner := d.width - d.c.Styles.Dialog.Box.GetHorizontalFrameSize()
	d.subject.SetWidth(max(inner-3, 10)) // indented by two, and the cursor takes a cell past the width
	d.body.SetWidth(max(inner, 10))
	d.fit()
}

func (d *LetterDialog) fields() int {
	if d.set.SendSMS && d.kind != store.ActionReject {
		return 4
	}
	return 3
}

func (d *LetterDialog) focusField(f int) tea.Cmd {
	d.field = (f + d.fields()) % d.fields()
	d.subject.Blur()
	d.body.Blur()
	switch d.field {
	case 1:
		return d.subject.Focus()
	case 2:
		return d.body.Focus()
	}
	return nil
}

func (d *LetterDialog) submit() (action.Action, tea.Cmd) {
	t := d.template()
	if t == nil && d.kind != store.ActionReject {
		d.err = d.c.Text.Dialogs.NoTemplates
		return nil, nil
	}
	a := action.Letter{Kind: d.kind, ResumeIDs: d.ids, SendSMS: d.sms}
	if t != nil {
		a.TemplateID = t.ID
		// Send only what the recruiter changed: the server fills the rest.
		if s := d.subject.Value(); s != textsafe.Line(t.Subject) {
			a.Subject = s
		}
		a.Body = d.body.Value()
	}
	if len(d.ids) > 1 {
		// A letter cannot be taken back once sent: to more than one
		// applicant, ask first (No is the default).
		dt, bt := d.c.Text.Dialogs, d.c.Text.Buttons
		q, yes := fmt.Sprintf(dt.ConfirmBulkLetter, len(d.ids)), bt.Send
		if secs := int(d.undo.Round(time.Second) / time.Second); secs > 0 {
			// Not "cannot be taken back" while u takes it back for a while.
			q = fmt.Sprintf(dt.ConfirmBulkLetterHeld, len(d.ids), secs, d.c.Keys.Undo.Help().Key)
		}
		if t == nil {
			q, yes = fmt.Sprintf(dt.ConfirmBulkReject, len(d.ids)), bt.Reject
		}
		return action.Confirm{Title: title(d.c, d.kindName(), d.ids, d.about), Question: q, Yes: yes, Then: a}, nil
	}
	return a, nil
}

// SetUndoWindow says how long a sent letter waits before it leaves, so
// the bulk question does not call it final while u can take it back.
func (d *LetterDialog) SetUndoWindow(w time.Duration) { d.undo = w }

// kindName is the dialog's title: invite, reject or mail.
func (d *LetterDialog) kindName() string {
	t := d.c.Text.Dialogs
	return map[store.ActionKind]string{store.ActionInvite: t.Invite, store.ActionReject: t.Reject,
		store.ActionSendMail: t.MailTemplate}[d.kind]
}

// Update implements Dialog.
func (d *LetterDialog) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	a, cmd := d.update(msg)
	if a == nil {
		d.fit()
	}
	return a, cmd
}

func (d *LetterDialog) update(msg tea.Msg) (action.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case previewMsg:
		if msg.gen == d.previewGen {
			d.preview = msg.lines
		}
		return nil, nil
	case editedMsg:
		if msg.err != nil {
			d.err = msg.err.Error()
			return nil, nil
		}
		if msg.text != d.body.Value() {
			d.body.SetValue(msg.text)
			d.edited = true
		}
		return nil, d.Preview()
	case tea.PasteMsg:
		return nil, d.updateField(msg)
	case tea.KeyPressMsg:
		k := d.c.Keys
		if d.discard != 0 {
			return nil, d.answerDiscard(msg)
		}
		switch {
		case key.Matches(msg, k.DialogCancel):
			return action.Close{}, nil
		case key.Matches(msg, k.DialogDiscard):
			return nil, d.discardDraft()
		case key.Matches(msg, k.DialogSubmit):
			return d.submit()
		case key.Matches(msg, k.DialogNext):
			return nil, d.focusField(d.field + 1)
		case key.Matches(msg, k.DialogPrev):
			return nil, d.focusField(d.field - 1)
		case key.Matches(msg, k.DialogEditor):
			return nil, d.edit()
		}
		switch d.field {
		case 0:
			if step, ok := common.Move(msg, &k, d.choices()); ok {
				if d.edited && step != 0 {
					d.discard = step // ask before the edits go
					return nil, nil
				}
				return nil, d.moveTemplate(step)
			}
			if key.Matches(msg, k.DialogConfirm) {
				return d.submit()
			}
			return nil, nil
		case 1:
			if key.Matches(msg, k.DialogConfirm) {
				return nil, d.focusField(2)
			}
		case 3:
			if key.Matches(msg, k.OptionNext, k.OptionPrev, k.DialogConfirm) {
				d.sms = !d.sms
			}
			return nil, nil
		}
		return nil, d.updateField(msg)
	}
	return nil, nil
}

func (d *LetterDialog) updateField(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	subject, body := d.subject.Value(), d.body.Value()
	switch d.field {
	case 1:
		d.subject, cmd = d.subject.Update(msg)
	case 2:
		d.body, cmd = d.body.Update(msg)
	}
	if d.subject.Value() != subject || d.body.Value() != body {
		d.edited = true
	}
	return cmd
}

// moveTemplate moves the template cursor by step and fills its text.
func (d *LetterDialog) moveTemplate(step int) tea.Cmd {
	d.list.Step(step, d.choices())
	d.pick()
	d.edited = false
	return d.Preview()
}

// answerDiscard takes the answer to "discard your changes?": yes moves to
// the other template, anything else keeps the edited text.
func (d *LetterDialog) answerDiscard(msg tea.KeyPressMsg) tea.Cmd {
	step := d.discard
	d.discard = 0
	if key.Matches(msg, d.c.Keys.Yes) {
		return d.moveTemplate(step)
	}
	return nil
}

// edit opens the text in $EDITOR through a private temporary file. Whether
// there is an editor is asked first: a session served over SSH gets a
// status message and no file is written on the server.
func (d *LetterDialog) edit() tea.Cmd {
	if d.editor == nil {
		return unavailable(errNoEditor)
	}
	if err := d.editor.Available(); err != nil {
		return unavailable(err)
	}
	var rnd [8]byte
	_, _ = rand.Read(rnd[:])
	path := filepath.Join(os.TempDir(), "hrdesk-letter-"+hex.EncodeToString(rnd[:])+".txt")
	cmd, err := d.editor.Command(path)
	if err != nil {
		return unavailable(err)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		d.err = err.Error()
		return nil
	}
	// Editors expect a last line that ends: without it, text typed after
	// it ran into the next line.
	text := d.body.Value()
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	_, _ = f.WriteString(text)
	f.Close()
	return tea.ExecProcess(cmd, func(err error) tea.Msg {
		defer os.Remove(path)
		if err != nil {
			return editedMsg{err: err}
		}
		return readEdited(path)
	})
}

// readEdited takes the text back from the editor's file: cleaned, and
// without the file's own last newline, which is not part of the letter.
func readEdited(path string) editedMsg {
	b, err := os.ReadFile(path)
	return editedMsg{text: strings.TrimSuffix(textsafe.Clean(string(b)), "\n"), err: err}
}

var errNoEditor = errors.New("no external editor")

func unavailable(err error) tea.Cmd {
	return func() tea.Msg { return EditorUnavailableMsg{Err: err} }
}

// View implements Dialog.
func (d *LetterDialog) View() string {
	t := d.c.Text
	st := d.c.Styles
	name := d.kindName()
	label := func(s string, f int) string {
		if d.field == f {
			return st.Dialog.Label.Bold(true).Render("› " + s)
		}
		return st.Dialog.Label.Render("  " + s)
	}
	body := []string{label(t.Dialogs.Template, 0)}
	squeeze := d.squeeze()
	if line := draftLine(d.c, d.draftAt); line != "" {
		head := []string{line, ""}
		if squeeze > 0 {
			head, squeeze = head[:1], squeeze-1
		}
		body = append(head, body...)
	}
	if d.choices() == 0 {
		body = append(body, "   "+t.Dialogs.NoTemplates)
	}
	first, end := d.listWindow()
	for i := first; i < end; i++ {
		text := t.Buttons.RejectNoLetter
		if tp := d.templateAt(i); tp != nil {
			text = textsafe.Line(tp.Name)
		}
		line := "   " + text
		if i == d.list.Cursor {
			line = st.List.Selected.Render(d.c.Fit(" ▸ "+text, innerWidth(d.c, d.width)))
		}
		body = append(body, line)
	}
	if d.template() != nil && d.field == 0 {
		// While choosing, the template is shown rendered; tab edits it.
		body = append(body, "")
		// At most previewLines and what the height leaves, the "…" of a
		// longer text included.
		lines, limit := d.preview, min(previewLines+1, max(d.previewRoom(), 2))
		if len(lines) > previewLines || len(lines) > limit {
			lines = lines[:limit-1]
		}
		for _, l := range lines {
			body = append(body, st.Muted.Render(l))
		}
		if len(lines) < len(d.preview) {
			body = append(body, st.Muted.Render("  …"))
		}
	}
	if d.template() != nil && d.field > 0 {
		if squeeze == 0 {
			body = append(body, "")
		}
		body = append(body, label(t.Dialogs.Subject, 1), "  "+d.subject.View(), label(t.Dialogs.Body, 2))
		body = append(body, splitLines(d.body.View())...)
		if d.fields() == 4 {
			box := "[ ]"
			if d.sms {
				box = "[x]"
			}
			body = append(body, label(box+" "+t.Buttons.SendSMS, 3))
		}
	}
	if d.discard != 0 {
		k := d.c.Keys
		body = append(body, "", st.Dialog.Error.Render(t.Dialogs.DiscardEdits),
			st.Muted.Render(keyLabel(k.Yes)+" "+k.Yes.Help().Desc+" · "+keyLabel(k.No)+" "+k.No.Help().Desc))
	}
	if d.err != "" {
		body = append(body, "", st.Dialog.Error.Render(d.err))
	}
	return frame(d.c, d.width, title(d.c, name, d.ids, d.about), body, d.hint())
}

// hint is the dialog's keys.
func (d *LetterDialog) hint() string {
	k, t := d.c.Keys, d.c.Text
	hint := keyLabel(k.DialogNext) + " " + k.DialogNext.Help().Desc + " · " + keyLabel(k.DialogSubmit) + " " + t.Buttons.Send
	if d.editor != nil && d.editor.Available() == nil {
		hint += " · " + keyLabel(k.DialogEditor) + " " + t.Buttons.Editor
	}
	_, _, typed := d.Draft()
	return hint + hintSep + cancelHint(d.c, typed)
}

func (d *LetterDialog) templateAt(i int) *store.Template {
	if d.noLetter {
		i--
	}
	if i < 0 || i >= len(d.set.Templates) {
		return nil
	}
	return &d.set.Templates[i]
}
