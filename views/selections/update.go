package selections

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Update handles the keys when focused.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	if !m.focused {
		return nil
	}
	if m.form != nil {
		switch msg := msg.(type) {
		case tea.KeyPressMsg:
			return m.formKey(msg)
		case tea.PasteMsg:
			return m.formInput(msg)
		}
		return m.formInput(msg) // cursor blinks
	}
	if msg, ok := msg.(tea.KeyPressMsg); ok {
		return m.listKey(msg)
	}
	return nil
}

func (m *Model) listKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	switch {
	case key.Matches(msg, k.Down):
		m.cursor++
	case key.Matches(msg, k.Up):
		m.cursor--
	case key.Matches(msg, k.Top):
		m.cursor = 0
	case key.Matches(msg, k.Bottom):
		m.cursor = len(m.all) - 1
	case key.Matches(msg, k.NewSelection):
		m.form = m.newForm(nil)
		return m.form.fields[0].input.Focus()
	case key.Matches(msg, k.Open):
		if s, ok := m.Selected(); ok {
			m.form = m.newForm(&s)
			return m.form.fields[0].input.Focus()
		}
	case key.Matches(msg, k.ToggleMail):
		if s, ok := m.Selected(); ok {
			out := MailMsg{ID: s.ID, Name: s.Name, On: s.Status != 1}
			return func() tea.Msg { return out }
		}
	case key.Matches(msg, k.DeleteSelection):
		if s, ok := m.Selected(); ok {
			out := DeleteMsg{ID: s.ID, Name: s.Name}
			return func() tea.Msg { return out }
		}
	}
	m.clamp()
	return nil
}

func (m *Model) formKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	f := m.form
	x := f.fields[f.focus]
	switch {
	case key.Matches(msg, k.DialogCancel):
		m.form = nil
		return nil
	case key.Matches(msg, k.DialogSubmit):
		t := m.c.Text.Selections
		f.serverErr = ""
		if !f.validate(fieldTexts{needName: t.NeedName, notNumber: t.NotANumber,
			negative: t.Negative, badLangs: t.BadLangs, badLicence: t.BadLicence}) {
			return nil
		}
		out := SaveMsg{ID: f.id, Name: f.get("name").input.Value(), Fields: f.values()}
		return func() tea.Msg { return out }
	case key.Matches(msg, k.DialogNext, k.DialogDown, k.DialogConfirm):
		f.focusField(f.focus + 1)
		return nil
	case key.Matches(msg, k.DialogPrev, k.DialogUp):
		f.focusField(f.focus - 1)
		return nil
	}
	switch x.kind {
	case choice:
		switch {
		case key.Matches(msg, k.OptionNext):
			x.pick = (x.pick + 1) % len(x.options)
		case key.Matches(msg, k.OptionPrev):
			x.pick = (x.pick - 1 + len(x.options)) % len(x.options)
		}
		return nil
	case flag:
		if key.Matches(msg, k.OptionNext, k.OptionPrev) {
			x.on = !x.on
		}
		return nil
	}
	return m.formInput(msg)
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
