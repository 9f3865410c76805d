package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

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
	if m.dialog != nil {
		screen = m.overlay(screen)
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

// dialogAbove and dialogBelow are the lines a dialog leaves in sight: the
// tab bar and the screen box's top border above it, the box's bottom border
// and the status bar's two lines under it (issue 28 §4: at 80×24 the
// letter dialog covered the strip and the footer, then sat on the box's
// borders, its edges merged with theirs).
const (
	dialogAbove = 2
	dialogBelow = 3
)

// dialogRoom is the height a dialog is given: the screen's but for the
// tab bar and the status bar.
func (m *Model) dialogRoom() int { return max(m.height-dialogAbove-dialogBelow, 0) }

// narrowGap is the widest sliver beside a dialog that is blanked.
const narrowGap = 4

// edge blanks a sliver beside a dialog but for its outermost column (the
// screen's frame): the first one for the left sliver, the last for the
// right.
func edge(s string, left bool) string {
	n := ansi.StringWidth(s)
	if n <= 1 {
		return s
	}
	if left {
		return ansi.Truncate(s, 1, "") + strings.Repeat(" ", n-1)
	}
	return strings.Repeat(" ", n-1) + ansi.TruncateLeft(s, n-1, "")
}

// overlay draws the dialog box in the middle of the screen.
func (m *Model) overlay(base string) string {
	box := strings.Split(m.dialog.View(), "\n")
	lines := strings.Split(base, "\n")
	w := 0
	for _, l := range box {
		w = max(w, ansi.StringWidth(l))
	}
	x := max((m.width-w)/2, 0)
	// Centred, within the room between the tab bar and the status bar: a
	// box taller than that room (which no dialog should be) loses lines
	// above its bottom border rather than hide them.
	top, room := dialogAbove, len(lines)-dialogAbove-dialogBelow
	if room < 3 {
		top, room = 0, len(lines)
	}
	if len(box) > room && room > 0 {
		box = append(box[:room-1:room-1], box[len(box)-1])
	}
	y := max(min(max((len(lines)-len(box))/2, top), top+room-len(box)), 0)
	for i, l := range box {
		if y+i >= len(lines) {
			break
		}
		under := lines[y+i]
		left := ansi.Truncate(under, x, "")
		right := ansi.TruncateLeft(under, x+w, "")
		// A sliver of the screen beside the box (a column or two of list
		// text) reads as noise: it is blanked, the frame's edge kept.
		if x < narrowGap {
			left = edge(left, true)
		}
		if m.width-x-w < narrowGap {
			right = edge(right, false)
		}
		lines[y+i] = common.Fit(left+common.Fit(l, w, "…")+right, m.width, "…")
	}
	return strings.Join(lines, "\n")
}
