package history

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/action"
	"hrdesk/views/common"
)

var _ common.Pane = (*Model)(nil)

// Update scrolls with the navigation keys when focused and restyles on a
// theme change.
func (m *Model) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.BackgroundColorMsg:
		// The root has rebuilt Common.Styles for the new background.
		m.build()
	case tea.KeyPressMsg:
		if !m.focused {
			return nil, nil
		}
		m.offset, _ = common.Scroll(msg, &m.c.Keys, m.offset, len(m.lines), m.height)
	}
	return nil, nil
}

// ShortHelp lists the pane's keys for the footer.
func (m *Model) ShortHelp() []key.Binding {
	k := &m.c.Keys
	return []key.Binding{k.Down, k.Up, k.PageDown, k.PageUp}
}

// FullHelp lists the pane's keys for the help screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := &m.c.Keys
	return [][]key.Binding{{k.Down, k.Up, k.PageDown, k.PageUp, k.Top, k.Bottom}}
}
