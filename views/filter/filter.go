// Package filter is the full-text filter line: it takes the title of the
// list pane while the recruiter types, and asks the root to search at every
// change of its text (the list runs it at once, or after the query it is
// loading: resumelist.Model.Search).
package filter

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/views/action"
	"hrdesk/views/common"
)

// Model is the filter line.
type Model struct {
	c       *common.Common
	input   textinput.Model
	focused bool
	// switched says the line switched between every folder and the
	// folder an odd number of times since it opened: esc switches back.
	switched bool
	// width is the line's, as a box title (0: not told).
	width int
}

var (
	_ common.Pane   = (*Model)(nil)
	_ common.Typist = (*Model)(nil)
)

// New makes an empty filter line.
func New(c *common.Common) *Model {
	m := &Model{c: c, input: textinput.New()}
	m.input.Prompt = c.Text.Status.Filter
	m.input.SetStyles(c.Styles.TextInput())
	return m
}

// Open gives the line the keyboard and starts its cursor.
func (m *Model) Open() tea.Cmd {
	m.focused, m.switched = true, false
	return m.input.Focus()
}

// Focus gives the line the keyboard.
func (m *Model) Focus() { m.focused = true; m.input.Focus() }

// Blur takes the keyboard away; the text stays and still narrows the list.
func (m *Model) Blur() { m.focused = false; m.input.Blur() }

// Typing: the line takes every printable key while focused.
func (m *Model) Typing() bool { return m.focused }

// Active says the list is narrowed: the line stays in the list's title.
func (m *Model) Active() bool { return m.focused || m.input.Value() != "" }

// SetSize is a no-op: the line is drawn into the list's title, cut there.
func (m *Model) SetSize(w, _ int) { m.width = max(w, 0) }

// Update edits the text, and searches when it changes. Esc clears the
// filter and closes the line; enter closes it and keeps the filter.
func (m *Model) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.BackgroundColorMsg:
		m.input.SetStyles(m.c.Styles.TextInput())
		return nil, nil
	case tea.KeyPressMsg:
		k := m.c.Keys
		switch {
		case key.Matches(msg, k.DialogCancel):
			m.Blur()
			m.input.SetValue("")
			return action.Search{Done: true, Undo: m.switched}, nil
		case key.Matches(msg, k.DialogConfirm):
			m.Blur()
			return action.Search{Text: m.input.Value(), Done: true}, nil
		case key.Matches(msg, k.FilterEverywhere):
			m.switched = !m.switched
			return action.ToggleEverywhere{}, nil
		}
		return m.edit(msg)
	case tea.PasteMsg:
		return m.edit(msg)
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg) // the cursor's blink
	return nil, cmd
}

// edit passes a key or a paste to the input; a changed text searches at
// once (no pause: the list keeps only the newest text while it loads).
func (m *Model) edit(msg tea.Msg) (action.Action, tea.Cmd) {
	before := m.input.Value()
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	if m.input.Value() == before {
		return nil, cmd // the cursor moved
	}
	return action.Search{Text: m.input.Value()}, cmd
}

// SetText puts text on the line without searching: the list is told
// apart (a jump to a vacancy empties the line, its way back restores it).
func (m *Model) SetText(text string) { m.input.SetValue(text) }

// View is the line: prompt, text and cursor.
func (m *Model) View() string { return m.input.View() }

// Line is the line with what narrows the list after the text (the folder
// or every folder, the matches, the chips), and while typing the key that
// searches every folder or the folder again: a filter never narrows the
// list silently.
func (m *Model) Line(narrowing string, everywhere bool) string {
	sep := m.c.Styles.Glyphs.Separator
	line := m.input.View() + sep + narrowing
	if m.focused {
		hint := m.c.Text.Narrow.ToAll
		if everywhere {
			hint = m.c.Text.Narrow.ToFolder
		}
		// Whole or not at all (the footer names the key too): a key cut to
		// "c…" is no hint.
		hint = sep + fmt.Sprintf(hint, m.c.Keys.FilterEverywhere.Help().Key)
		if m.width == 0 || ansi.StringWidth(line+hint) <= m.width {
			line += hint
		}
	}
	return line
}

// ShortHelp is the footer's keys while typing.
func (m *Model) ShortHelp() []key.Binding {
	k := m.c.Keys
	return []key.Binding{k.DialogConfirm, k.DialogCancel, k.FilterEverywhere}
}

// FullHelp is the line's keys for the help screen.
func (m *Model) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }
