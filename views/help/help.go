// Package help is the help screen: every key of the main screen, a column
// per group with the group's title, laid out in as many columns as the
// width takes and the rest below, scrolled when it is taller than the
// screen. The first line says what it is, the last how to close it.
package help

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/keymap"
	"hrdesk/textsafe"
	"hrdesk/views/action"
	"hrdesk/views/common"
	"hrdesk/views/criteria"
)

// gap is the space between two columns.
const gap = 3

// Model is the help screen.
type Model struct {
	c             *common.Common
	width, height int
	lines         []string // the laid-out groups, each line exactly width columns
	offset        int
	views         []key.Binding // saved views' keys, named
	own           []key.Binding // own actions' keys, named
}

var _ common.Pane = (*Model)(nil)

// New makes the help screen.
func New(c *common.Common) *Model { return &Model{c: c} }

// SetViews lists the saved views from config.toml, each key with its name.
func (m *Model) SetViews(views []criteria.View) {
	m.views = m.views[:0]
	for _, v := range views {
		m.views = append(m.views, v.Key)
	}
	m.build()
}

// Open starts at the top, laid out for the keymap as it is now.
func (m *Model) Open() {
	m.offset = 0
	m.build()
}

// SetSize sets the whole screen's size.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = max(w, 0), max(h, 0)
	m.build()
}

// Focus and Blur: help has the keyboard whenever it is shown.
func (m *Model) Focus() {}
func (m *Model) Blur()  {}

// rows is the height left for the keys: a title line and a hint line.
func (m *Model) rows() int { return max(m.height-2, 1) }

// Update scrolls; help, back or quit closes.
func (m *Model) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.BackgroundColorMsg:
		m.build()
	case tea.KeyPressMsg:
		k := m.c.Keys
		if key.Matches(msg, k.Help, k.Back, k.Quit) {
			return action.Leave{}, nil
		}
		m.offset, _ = common.Scroll(msg, &k, m.offset, len(m.lines), m.rows())
	}
	return nil, nil
}

// View is the title, the keys from the scroll position, and the hint.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	st := m.c.Styles
	t := m.c.Text.Help
	title := t.Title
	if len(m.lines) > m.rows() {
		title += fmt.Sprintf(" (%d–%d / %d)", m.offset+1, min(m.offset+m.rows(), len(m.lines)), len(m.lines))
	}
	out := []string{st.Bold.Render(common.Fit(title, m.width, m.c.Styles.Glyphs.Ellipsis))}
	end := min(m.offset+m.rows(), len(m.lines))
	out = append(out, m.lines[min(m.offset, end):end]...)
	for len(out) < m.height-1 {
		out = append(out, "")
	}
	k := m.c.Keys
	hint := fmt.Sprintf(t.Hint, label(k.Help)+"/"+label(k.Back), label(k.Down)+"/"+label(k.Up))
	out = append(out, st.Muted.Render(common.Fit(hint, m.width, m.c.Styles.Glyphs.Ellipsis)))
	return common.Block(out, m.width, m.height)
}

func label(b key.Binding) string { return b.Help().Key }

// block is one group laid out: its title and one line per key.
type block struct {
	lines []string
	width int
}

// build lays the groups out: each is a column; columns go side by side
// while they fit the width, then start a new row below.
func (m *Model) build() {
	m.lines = m.lines[:0]
	if m.width <= 0 {
		return
	}
	// The palette first: what finds the rest (issue 31 §1).
	m.lines = append(m.lines, common.Fit(fmt.Sprintf(m.c.Text.Palette().HelpLine, label(m.c.Keys.Palette)), m.width, m.c.Styles.Glyphs.Ellipsis))
	// The snooze is the profile's own: help says it is never sent (issue 31
	// §4), and that u takes it back as it does a move (issue 28 §2).
	snooze := fmt.Sprintf(m.c.Text.Snooze().HelpLine, label(m.c.Keys.Snooze), label(m.c.Keys.Undo))
	m.lines = append(m.lines, common.Fit(snooze, m.width, m.c.Styles.Glyphs.Ellipsis))
	var blocks []block
	titles := m.c.Text.GroupTitles()
	for _, g := range keymap.MainGroups() {
		blocks = append(blocks, m.group(titles[g.Name()], m.c.Keys.GroupHelp(g)))
	}
	// The outbox screen's keys, which take letters of the main ones there.
	blocks = append(blocks, m.group(titles[keymap.GroupOutbox.Name()], m.c.Keys.GroupHelp(keymap.GroupOutbox)))
	if len(m.views) > 0 {
		blocks = append(blocks, m.group(m.c.Text.Narrow.Views, m.views))
	}
	if len(m.own) > 0 {
		blocks = append(blocks, m.group(m.c.Text.Own().Group, m.own))
	}
	// The filter line's own key: it is typed there, so no main-screen
	// group shows it.
	k := m.c.Keys
	blocks = append(blocks, m.group(m.c.Text.Narrow.FilterLine, []key.Binding{k.DialogConfirm, k.DialogCancel, k.FilterEverywhere}))
	for len(blocks) > 0 {
		n, w := 0, 0
		for n < len(blocks) && (n == 0 || w+gap+blocks[n].width <= m.width) {
			if n > 0 {
				w += gap
			}
			w += blocks[n].width
			n++
		}
		row := blocks[:n]
		blocks = blocks[n:]
		height := 0
		for _, b := range row {
			height = max(height, len(b.lines))
		}
		if len(m.lines) > 0 {
			m.lines = append(m.lines, common.Fit("", m.width, ""))
		}
		for i := range height {
			var b strings.Builder
			for j, col := range row {
				if j > 0 {
					b.WriteString(strings.Repeat(" ", gap))
				}
				cell := ""
				if i < len(col.lines) {
					cell = col.lines[i]
				}
				b.WriteString(common.Fit(cell, col.width, ""))
			}
			m.lines = append(m.lines, common.Fit(b.String(), m.width, m.c.Styles.Glyphs.Ellipsis))
		}
	}
	m.offset = max(min(m.offset, len(m.lines)-m.rows()), 0)
}

// group lays out one group's keys under its title, keys aligned. Keys and
// descriptions are cleaned: a saved view's comes from config.toml (issue
// 18 §5), which config also cleans as it reads it.
func (m *Model) group(title string, bindings []key.Binding) block {
	st := m.c.Styles
	keyWidth := 0
	type entry struct{ key, desc string }
	var shown []entry
	for _, b := range bindings {
		if b.Enabled() && b.Help().Key != "" {
			e := entry{textsafe.Line(b.Help().Key), textsafe.Line(b.Help().Desc)}
			shown = append(shown, e)
			keyWidth = max(keyWidth, ansi.StringWidth(e.key))
		}
	}
	b := block{lines: []string{st.Help.Heading.Render(title)}, width: ansi.StringWidth(title)}
	for _, k := range shown {
		line := st.Help.Key.Render(common.Fit(k.key, keyWidth, "")) + " " + st.Help.Desc.Render(k.desc)
		b.lines = append(b.lines, line)
		b.width = max(b.width, ansi.StringWidth(line))
	}
	b.width = min(b.width, max(m.width, 1))
	return b
}

// ShortHelp and FullHelp: the screen's own keys.
func (m *Model) ShortHelp() []key.Binding {
	k := m.c.Keys
	return []key.Binding{k.Down, k.Up, k.Help}
}

// FullHelp is the screen's keys.
func (m *Model) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }
