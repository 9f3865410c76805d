package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/views/common"
)

// Layout: wide screens show folders | list | detail; below wideWidth the
// folders become a one-line strip and the detail replaces the list while
// one of its panes has the focus.
const (
	wideWidth    = 110
	foldersWidth = 26
)

func (m *Model) narrow() bool { return m.width < wideWidth }

// body is the height left for panes: the status bar takes two lines.
func (m *Model) body() int { return max(m.height-2, 0) }

// inner is a pane's content size for an outer box of w×h.
func (m *Model) inner(w, h int) (int, int) {
	st := m.c.Styles.Pane.Focused
	return max(w-st.GetHorizontalFrameSize(), 0), max(h-st.GetVerticalFrameSize()-1, 0) // one line is the title
}

// wideWidths are the panes' widths in the wide layout.
func (m *Model) wideWidths() (folders, list, detail int) {
	rest := m.width - foldersWidth
	list = rest * 55 / 100
	return foldersWidth, list, rest - list
}

// layout gives every pane its inner size.
func (m *Model) layout() {
	h := m.body()
	m.status.SetSize(m.width, 2)
	m.login.SetSize(m.width, m.height)
	m.help.SetSize(m.width, m.height)
	sw, sh := m.inner(m.width, h-1) // the catalog screens sit under the strip
	m.vacancies.SetSize(sw, sh)
	m.selections.SetSize(sw, sh)
	m.outbox.SetSize(sw, sh)
	m.overview.SetSize(sw, sh)
	if m.narrow() {
		w, ih := m.inner(m.width, h-1) // the folder strip takes a line
		m.list.SetSize(w, ih)
		m.filter.SetSize(w, 1) // the filter line is the list's title
		m.setDetailSize(w, ih)
		return
	}
	fw, lw, dw := m.wideWidths()
	m.folders.SetSize(m.inner(fw, h))
	m.list.SetSize(m.inner(lw, h))
	m.filter.SetSize(m.inner(lw, 1))
	m.setDetailSize(m.inner(dw, h))
}

func (m *Model) setDetailSize(w, h int) {
	m.resume.SetSize(w, h)
	m.history.SetSize(w, h)
	m.comments.SetSize(w, h)
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
	case modeLogin:
		return m.login.View()
	case modeHelp:
		return m.help.View()
	}
	var body string
	h := m.body()
	switch {
	case m.mode == modeVacancies:
		body = m.folders.Strip(m.width) + "\n" + m.box(m.c.Text.Vacancies.Title, m.vacancies.View(), m.width, h-1, true)
	case m.mode == modeSelections:
		body = m.folders.Strip(m.width) + "\n" + m.box(m.c.Text.Selections.Title, m.selections.View(), m.width, h-1, true)
	case m.mode == modeOutbox:
		body = m.folders.Strip(m.width) + "\n" + m.box(m.c.Text.Outbox.Title, m.outbox.View(), m.width, h-1, true)
	case m.mode == modeOverview:
		body = m.folders.Strip(m.width) + "\n" + m.box(m.overviewTitle(), m.overview.View(), m.width, h-1, true)
	case m.narrow() && m.detailFocused():
		body = m.folders.Strip(m.width) + "\n" + strings.Join(m.detailBox(m.width, h-1), "\n")
	case m.narrow():
		body = m.folders.Strip(m.width) + "\n" + strings.Join(m.listBox(m.width, h-1), "\n")
	default:
		fw, lw, dw := m.wideWidths()
		folders := m.boxLines(m.c.Text.Panes.Folders, m.folders.View(), fw, h, m.focus == paneFolders)
		body = joinColumns(folders, m.listBox(lw, h), m.detailBox(dw, h))
	}
	m.status.SetKeys(m.footerKeys())
	m.status.SetTyping(m.focus == paneFilter)
	screen := body + "\n" + m.status.View()
	if m.dialog != nil {
		screen = m.overlay(screen)
	}
	return screen
}

// detailFocused says one of the detail panes has the focus.
func (m *Model) detailFocused() bool {
	return m.focus == paneResume || m.focus == paneHistory || m.focus == paneComments
}

// footerKeys are the keys of the pane in front; while the filter line
// takes the typing, its own (the list's would type into it).
func (m *Model) footerKeys() []key.Binding {
	switch {
	case m.mode == modeVacancies:
		return m.vacancies.ShortHelp()
	case m.mode == modeSelections:
		return m.selections.ShortHelp()
	case m.mode == modeOutbox:
		return m.outbox.ShortHelp()
	case m.mode == modeOverview:
		return m.overview.ShortHelp()
	}
	return m.pane(m.focus).ShortHelp()
}

func (m *Model) listBox(w, h int) []string {
	title := m.list.Title()
	if m.filter.Active() {
		title = m.filter.Line(m.list.Narrowing(), m.list.Everywhere())
	}
	return m.boxLines(title, m.list.View(), w, h, m.focus == paneList || m.focus == paneFilter)
}

// detailBox is the resume, history and comments panes as tabs, the
// focused one (the resume otherwise) in front.
func (m *Model) detailBox(w, h int) []string {
	p := m.c.Text.Panes
	tabs := []struct {
		id   paneID
		name string
	}{{paneResume, p.Resume}, {paneHistory, p.History}, {paneComments, p.Comments}}
	shown := paneResume
	if m.focus == paneHistory || m.focus == paneComments {
		shown = m.focus
	}
	names := make([]string, len(tabs))
	for i, t := range tabs {
		names[i] = t.name
		if t.id == shown {
			names[i] = "[" + t.name + "]"
		}
	}
	return m.boxLines(strings.Join(names, "  "), m.pane(shown).View(), w, h, m.detailFocused())
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
	y := max((len(lines)-len(box))/2, 0)
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
