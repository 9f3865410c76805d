package resume

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/action"
	"hrdesk/views/common"
)

var _ common.Pane = (*Model)(nil)

// Update handles render results, size and theme changes and, when
// focused, the navigation keys that scroll the resume.
func (m *Model) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case RenderedMsg:
		m.handleRendered(msg)
	case tea.WindowSizeMsg, tea.BackgroundColorMsg:
		// The root has set the pane's size or rebuilt Common.Styles: a
		// layout for them is rendered in a command.
		return nil, m.Rerender()
	case tea.KeyPressMsg:
		if m.focused {
			m.scrollKey(msg)
		}
	case tea.MouseWheelMsg:
		m.Wheel(msg.Button == tea.MouseWheelUp)
	}
	return nil, nil
}

// Wheel scrolls three lines, as a mouse wheel under the pointer asks,
// focused or not.
func (m *Model) Wheel(up bool) {
	if up {
		m.vp.ScrollUp(3)
	} else {
		m.vp.ScrollDown(3)
	}
}

// handleRendered stores a finished rendering and shows it if it is the one the
// pane waits for; a late result for another resume, width or theme is only
// cached.
func (m *Model) handleRendered(msg RenderedMsg) {
	delete(m.pending, msg.key)
	m.cache.put(msg.key, msg.lines)
	if !m.has || msg.ResumeID != m.detail.ResumeID || msg.key != m.want {
		return
	}
	m.show(msg.lines)
}

func (m *Model) scrollKey(msg tea.KeyPressMsg) {
	off, _ := common.Scroll(msg, &m.c.Keys, m.vp.YOffset(), len(m.shown), m.height)
	m.vp.SetYOffset(off)
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
