package dialogs

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/action"
)

// The letter dialog's draft (issue 26 §6): offered back when it opens,
// kept by the root when it closes, thrown away with the discard key.

// restore offers a draft back: on its template (or, that one gone, the
// first), with the text shown, so the recruiter sees at once what was kept.
func (d *LetterDialog) restore(dr action.Draft) {
	if len(d.set.Templates) == 0 {
		d.held = &dr
		return
	}
	d.list.Cursor = 0
	if d.noLetter {
		d.list.Cursor = 1
	}
	for i := 0; i < d.choices(); i++ {
		if t := d.templateAt(i); t != nil && t.ID == dr.TemplateID {
			d.list.Cursor = i
		}
	}
	d.pick()              // the template's subject, unless the draft has its own
	if dr.Subject != "" { // a letter taken back (u) has one only when it was changed
		d.subject.SetValue(textsafe.Line(dr.Subject))
		d.subject.CursorEnd()
	}
	d.body.SetValue(textsafe.Clean(dr.Body))
	d.sms = dr.SMS && d.fields() == 4
	d.edited, d.draftAt = true, dr.At
	d.focusField(2)
}

// Draft implements Drafter: the subject and text once they differ from
// the template's.
func (d *LetterDialog) Draft() (string, action.Draft, bool) {
	if d.held != nil {
		return d.key, *d.held, true
	}
	t := d.template()
	if t == nil || !d.changed(t) {
		return d.key, action.Draft{}, false
	}
	return d.key, action.Draft{TemplateID: t.ID, Subject: d.subject.Value(), Body: d.body.Value(), SMS: d.sms}, true
}

// changed says the subject or text differ from template t's.
func (d *LetterDialog) changed(t *store.Template) bool {
	return d.subject.Value() != textsafe.Line(t.Subject) || d.body.Value() != templateText(t)
}

// discardDraft puts the template's text back: what was typed, and the
// draft offered, go (the root forgets the draft when the dialog closes).
func (d *LetterDialog) discardDraft() tea.Cmd {
	d.held, d.draftAt = nil, time.Time{}
	d.pick()
	d.edited = false
	return d.Preview()
}

// fit gives the text what height is left: less under a draft's line, and
// less while the hint takes more lines (once text is typed, esc keeps a
// draft and the discard key is named).
func (d *LetterDialog) fit() {
	room := d.height - 14 - d.choices()
	if !d.draftAt.IsZero() {
		room -= 2 // the draft's line and the space under it
	}
	room -= len(hintLines(d.hint(), innerWidth(d.c, d.width))) - 1
	if h := max(min(room, 10), 3); h != d.body.Height() {
		d.body.SetHeight(h)
	}
}
