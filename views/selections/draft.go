package selections

import (
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/action"
)

// A form closed with esc keeps what was typed as a draft (issue 26 §6),
// which the same form (the same selection, or "new") offers back.

// formDraft is what the form knows of its draft: the key it goes by, the
// form's fields as opened (a draft is kept only when they changed), when
// the draft offered back was written (zero: none offered), and the
// selection it edits, so a discard builds it again.
type formDraft struct {
	key     string
	initial []action.DraftField
	at      time.Time
	from    *store.Selection
}

// openForm opens the form on sel (nil: a new selection), with its draft.
func (m *Model) openForm(sel *store.Selection) tea.Cmd {
	f := m.newForm(sel)
	var id int64
	if sel != nil {
		id = sel.ID
	}
	f.draft = formDraft{key: action.DraftKey("selection", id), initial: f.state(), from: sel}
	if dr, ok := m.c.Drafts.Get(f.draft.key); ok {
		f.apply(dr.Fields)
		f.draft.at = dr.At
	}
	m.form = f
	return f.focused()
}

// closeForm closes the form: what was typed stays as its draft; nothing
// typed (or all of it discarded), the draft goes.
func (m *Model) closeForm() action.Action {
	f := m.form
	m.form = nil
	if cur := f.state(); f.edited(cur) {
		return action.KeepDraft{Key: f.draft.key, Draft: action.Draft{Fields: cur}}
	}
	return action.DropDraft{Key: f.draft.key, Discarded: true}
}

// discardForm throws the typed text (and the draft offered) away: the
// form is as the selection is.
func (m *Model) discardForm() tea.Cmd {
	d := m.form.draft
	f := m.newForm(d.from)
	d.at = time.Time{}
	f.draft = d
	m.form = f
	return f.focused()
}

// focused is the focused field's cursor, when it is a text field.
func (f *form) focused() tea.Cmd {
	if x := f.fields[f.focus]; x.typed() {
		return x.input.Focus()
	}
	return nil
}

// edited says fields cur differ from the form as opened.
func (f *form) edited(cur []action.DraftField) bool { return !slices.Equal(cur, f.draft.initial) }

// state is the form's fields as a draft keeps them. A keyword group left
// empty (the one the form adds to type another) is not part of it.
func (f *form) state() []action.DraftField {
	out := make([]action.DraftField, 0, len(f.fields))
	for _, x := range f.fields {
		if x.group > 0 && isKeyword(x.name) && !f.groupHasKeys(x.group) {
			continue
		}
		df := action.DraftField{Name: x.name, Group: x.group}
		switch x.kind {
		case choice:
			df.Pick = x.pick
		case flag:
			df.On = x.on
		default:
			df.Text = x.input.Value()
		}
		out = append(out, df)
	}
	return out
}

// apply fills the form from a draft's fields, in their order (a keyword
// group's words before its choices, so the form grows the next group as
// typing would). What does not fit the form (a field it no longer has, a
// choice out of range) is left out; text is one clean line, as typed.
func (f *form) apply(fields []action.DraftField) {
	for _, df := range fields {
		x := f.find(df.Name, df.Group)
		if x == nil {
			continue
		}
		switch x.kind {
		case choice:
			if df.Pick >= 0 && df.Pick < len(x.options) {
				x.pick = df.Pick
			}
		case flag:
			x.on = df.On
		default:
			x.input.SetValue(textsafe.Line(df.Text))
		}
		if x.name == "keys" {
			f.growKeywords()
		}
	}
}

// find is the field of name (in keyword group group, for those).
func (f *form) find(name string, group int) *field {
	for _, x := range f.fields {
		if x.name == name && (!isKeyword(name) || x.group == group) {
			return x
		}
	}
	return nil
}

func isKeyword(name string) bool { return name == "keys" || name == "srws" || name == "skwc" }

// Draft is the open form's text, for ctrl+c (dialogs.Drafter): the root
// keeps it before the program ends.
func (m *Model) Draft() (string, action.Draft, bool) {
	if m.form == nil {
		return "", action.Draft{}, false
	}
	cur := m.form.state()
	return m.form.draft.key, action.Draft{Fields: cur}, m.form.edited(cur)
}
