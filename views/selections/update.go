package selections

import (
	"fmt"
	"hrdesk/problem"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

var _ common.Pane = (*Model)(nil)

// Update handles its loads, how a save went and, when focused, the keys.
func (m *Model) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case Show:
		return action.RefreshSelections{}, m.load()
	case action.CacheChanged:
		return nil, m.load()
	case common.Loaded[[]store.Selection]:
		// A failed read keeps what the screen shows.
		if m.loads.Newest(msg) && msg.Err == nil {
			m.SetSelections(msg.Rows)
		}
		return nil, nil
	case action.DoneMsg:
		return m.saved(msg), nil
	}
	if !m.focused {
		return nil, nil
	}
	if m.form != nil {
		switch msg := msg.(type) {
		case tea.KeyPressMsg:
			return m.formKey(msg)
		case tea.PasteMsg:
			return nil, m.formInput(msg)
		}
		return nil, m.formInput(msg) // cursor blinks
	}
	if msg, ok := msg.(tea.KeyPressMsg); ok {
		return m.listKey(msg)
	}
	return nil, nil
}

// saved closes the form the server accepted, its draft done with, or
// shows its refusal under the form, which keeps what was typed. Other
// troubles (offline) are the status bar's.
func (m *Model) saved(done action.DoneMsg) action.Action {
	if _, ok := done.Action.(action.SaveSelection); !ok || m.form == nil {
		return nil
	}
	switch done.Problem.Kind {
	case problem.None:
		key := m.form.draft.key
		m.form = nil
		return action.DropDraft{Key: key}
	case problem.Refused:
		m.form.serverErr = done.Problem.Detail
	}
	return nil
}

func (m *Model) listKey(msg tea.KeyPressMsg) (action.Action, tea.Cmd) {
	k := m.c.Keys
	if m.list.Navigate(msg, &k, len(m.all), m.rows()) {
		return nil, nil
	}
	switch {
	case key.Matches(msg, k.Back):
		return action.Leave{}, nil
	case key.Matches(msg, k.NewSelection):
		return nil, m.openForm(nil)
	case key.Matches(msg, k.Open):
		if s, ok := m.Selected(); ok {
			return nil, m.openForm(&s)
		}
	case key.Matches(msg, k.ToggleMail):
		if s, ok := m.Selected(); ok {
			return action.SetSelectionMail{ID: s.ID, Name: s.Name, On: s.Status != 1}, nil
		}
	case key.Matches(msg, k.DeleteSelection):
		if s, ok := m.Selected(); ok {
			t := m.c.Text
			return action.Confirm{Title: t.Selections.DeleteTitle, Question: fmt.Sprintf(t.Selections.DeleteConfirm, s.Name),
				Yes: t.Buttons.Delete, Then: action.DeleteSelection{ID: s.ID, Name: s.Name}}, nil
		}
	}
	m.clamp()
	return nil, nil
}

func (m *Model) formKey(msg tea.KeyPressMsg) (action.Action, tea.Cmd) {
	k := m.c.Keys
	f := m.form
	x := f.fields[f.focus]
	switch {
	case key.Matches(msg, k.DialogCancel):
		return m.closeForm(), nil
	case key.Matches(msg, k.DialogDiscard):
		return nil, m.discardForm()
	case key.Matches(msg, k.DialogSubmit):
		t := m.c.Text.Selections
		f.serverErr = ""
		if !f.validate(fieldTexts{needName: t.NeedName, notNumber: t.NotANumber,
			negative: t.Negative, badLangs: t.BadLangs, badLicence: t.BadLicence}) {
			return nil, nil
		}
		return action.SaveSelection{ID: f.id, Name: f.get("name").input.Value(), Fields: f.values()}, nil
	case key.Matches(msg, k.DialogNext, k.DialogDown, k.DialogConfirm):
		f.focusField(f.focus + 1)
		return nil, nil
	case key.Matches(msg, k.DialogPrev, k.DialogUp):
		f.focusField(f.focus - 1)
		return nil, nil
	}
	switch x.kind {
	case choice:
		switch {
		case key.Matches(msg, k.OptionNext):
			x.pick = (x.pick + 1) % len(x.options)
		case key.Matches(msg, k.OptionPrev):
			x.pick = (x.pick - 1 + len(x.options)) % len(x.options)
		}
		return nil, nil
	case flag:
		if key.Matches(msg, k.OptionNext, k.OptionPrev) {
			x.on = !x.on
		}
		return nil, nil
	}
	return nil, m.formInput(msg)
}

// formInput gives a message to the focused text field.
func (m *Model) formInput(msg tea.Msg) tea.Cmd {
	x := m.form.fields[m.form.focus]
	if !x.typed() {
		return nil
	}
	var cmd tea.Cmd
	x.input, cmd = x.input.Update(msg)
	x.err = ""
	if x.name == "keys" {
		m.form.growKeywords()
	}
	return cmd
}

// FullHelp is the screen's keys for the help screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.c.Keys
	return [][]key.Binding{{k.Down, k.Up, k.Top, k.Bottom, k.Open, k.Back},
		{k.NewSelection, k.ToggleMail, k.DeleteSelection}, {k.DialogNext, k.DialogPrev, k.DialogSubmit, k.DialogCancel, k.DialogDiscard}}
}
