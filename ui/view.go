package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"hrdesk/views/common"
)

// body is the height left for the screens: the status bar takes two lines.
func (m *Model) body() int { return max(m.height-2, 0) }

// layout gives every pane its size: a screen that draws its own frame
// (triage) lays out its panes in the whole body, leaving the first line
// to the tab bar when narrow; the others sit in a box under the tab bar.
func (m *Model) layout() {
	h := m.body()
	m.status.SetSize(m.width, 2)
	m.login.SetSize(m.width, m.height)
	m.help.SetSize(m.width, m.height)
	sw, sh := m.frames.Inner(m.width, h-1)
	for _, s := range m.screens {
		if s.title == nil {
			s.pane.SetSize(m.width, h)
		} else {
			s.pane.SetSize(sw, sh)
		}
	}
}

// View builds the frame; only the root makes a tea.View.
func (m *Model) View() tea.View {
	frame := m.render()
	if m.c.Styles.ASCII {
		frame = asciiSymbols.Replace(frame)
	}
	v := tea.NewView(frame)
	v.AltScreen = true
	v.WindowTitle = "hrdesk"
	if m.opts.Mouse {
		v.MouseMode = tea.MouseModeCellMotion
	}
	return v
}

func (m *Model) render() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	switch m.mode {
	case paneLogin:
		return m.login.View()
	case paneHelp:
		return m.help.View()
	}
	body, s := "", m.screens[m.mode]
	switch {
	case s.title == nil && leavesBar(s.pane):
		body = m.tabBar() + "\n" + s.pane.View()
	case s.title == nil:
		body = s.pane.View()
	default:
		body = m.screenBox(s.title(), s.pane.View(), m.body())
	}
	m.status.SetKeys(m.pane(m.focus).ShortHelp())
	m.status.SetTyping(m.mode == paneTriage && m.triage.Typing())
	screen := body + "\n" + m.status.View()
	if m.overlay.dialog != nil {
		screen = m.overlay.draw(screen, m.width)
	}
	return screen
}

// leavesBar says a screen that draws its own frame leaves its first line
// to the tab bar now (triage, narrow: its folders are the bar's).
func leavesBar(p common.Pane) bool {
	n, ok := p.(interface{ Narrow() bool })
	return ok && n.Narrow()
}

// screenBox is a screen other than triage: the tab bar, and the screen
// in a box under it.
func (m *Model) screenBox(title, content string, h int) string {
	return m.tabBar() + "\n" + m.frames.Box(title, content, m.width, h-1, true)
}

// asciiSymbols puts an ASCII twin of the same width in place of every
// symbol the UI draws (from keymap labels, bubbles' help, the texts, the
// dialogs), for a terminal that cannot draw them (TERM=linux and the like,
// theme.ASCIITerm): one place, applied to the whole frame.
var asciiSymbols = strings.NewReplacer(
	"•", "*", "·", ".", "—", "-", "–", "-", "…", "~", "↓", "v", "↑", "^", "←", "<", "→", ">",
	"✓", "x", "✗", "x", "●", "*", "▸", ">", "›", ">", "‹", "<", "«", "\"", "»", "\"", "×", "x", "≤", "<", "№", "#",
	"“", "\"", "”", "\"", "‘", "'", "’", "'", "◷", "z", "↻", "&", "─", "-",
)
