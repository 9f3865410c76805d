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

// fit gives the text the lines the dialog has left at its height (the
// root's room between the strip and the status bar): an 80×24 screen keeps
// both in sight with a draft's line, an SMS box and a hint of two lines
// (issue 28 §4). Three lines at the least, ten at the most.
func (d *LetterDialog) fit() {
	if h := max(min(d.height-d.besideText()+d.squeeze(), 10), minText); h != d.body.Height() {
		d.body.SetHeight(h)
	}
}

// minText is the fewest lines the letter's text is given.
const minText = 3

// squeeze is how many blank lines the fields go without when the box
// would not fit its room otherwise: the one under the draft's line, then
// the one above the subject. The room ends inside the screen box's
// borders, and at 80×24 a draft's line, an SMS box and a hint of two lines
// took the box onto them (issue 28 §4: its edges merged with the strip's
// and the footer's).
func (d *LetterDialog) squeeze() int {
	if !d.editing() {
		return 0
	}
	blanks := 1
	if !d.draftAt.IsZero() {
		blanks = 2
	}
	return min(max(d.besideText()+minText-d.height, 0), blanks)
}

// besideText is the lines the dialog takes besides the text while its
// fields are shown: the box (border and padding), the title and the line
// under it, the draft's line, the template's label and list, the subject
// and the text's label, the SMS box, a question or error, the hint.
func (d *LetterDialog) besideText() int {
	n := d.around() + d.listLines() + 1 + 3 // the list, a blank line, subject label, subject, text label
	if d.fields() == 4 {
		n++
	}
	return n
}

// around is the lines of the dialog's frame and of what shows whatever
// the field: the box (4), title and the line under it, the draft's line
// and the line under it, the template label, a question or error under
// the fields, and the hint with the line above it.
func (d *LetterDialog) around() int {
	n := 4 + 2 + 1 + 1 + len(hintLines(d.hint(), innerWidth(d.c, d.width)))
	if !d.draftAt.IsZero() {
		n += 2
	}
	if d.discard != 0 {
		n += 3
	}
	if d.err != "" {
		n += 2
	}
	return n
}

// previewRoom is the lines the rendered template may take under the list
// while the template is chosen (and a blank line above it).
func (d *LetterDialog) previewRoom() int { return d.height - d.around() - d.listLines() - 1 }

// editing says the fields are shown: the list is then the chosen template
// alone (the others are chosen on the list, shift+tab away), so the text
// keeps its lines on a short screen.
func (d *LetterDialog) editing() bool { return d.field > 0 && d.template() != nil }

// listLines is the lines the template list takes: on a short screen a
// long list shows a window around the cursor, leaving a preview line.
func (d *LetterDialog) listLines() int {
	if d.editing() {
		return 1
	}
	return min(max(d.choices(), 1), max(d.height-d.around()-3, 3))
}

// listWindow is the first and the end of the templates shown.
func (d *LetterDialog) listWindow() (int, int) {
	if d.editing() {
		return d.list.Cursor, d.list.Cursor + 1
	}
	n := min(d.listLines(), d.choices())
	first := min(max(d.list.Cursor-n/2, 0), d.choices()-n)
	return first, first + n
}
