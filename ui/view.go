package ui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"hrdesk/views/common"
)

// Layout: wide screens show folders | list | detail; below wideWidth the
// folders become a one-line strip and the detail replaces the list when
// opened.
const (
	wideWidth    = 110
	foldersWidth = 26
)

func (m *Model) narrow() bool { return m.width < wideWidth }

// body is the height left for panes: status bar and footer take a line each.
func (m *Model) body() int { return max(m.height-2, 0) }

// inner is a pane's content size for an outer box of w×h.
func (m *Model) inner(w, h int) (int, int) {
	st := m.c.Styles.Pane.Focused
	return max(w-st.GetHorizontalFrameSize(), 0), max(h-st.GetVerticalFrameSize()-1, 0) // one line is the title
}

// widths of the panes in the wide layout.
func (m *Model) wideWidths() (folders, list, detail int) {
	rest := m.width - foldersWidth
	list = rest * 55 / 100
	return foldersWidth, list, rest - list
}

// layout gives every pane its inner size; the command re-renders an open
// vacancy for a new width.
func (m *Model) layout() tea.Cmd {
	h := m.body()
	sw, sh := m.inner(m.width, h-1) // the screens sit under the strip
	m.selView.SetSize(sw, sh)
	cmd := m.vacView.SetSize(sw, sh)
	if m.narrow() {
		w, ih := m.inner(m.width, h-1) // the folder strip takes a line
		m.list.SetSize(w, ih)
		dw, dh := m.inner(m.width, h-1)
		m.setDetailSize(dw, dh)
		return cmd
	}
	_, lw, dw := m.wideWidths()
	w, ih := m.inner(lw, h)
	m.list.SetSize(w, ih)
	w, ih = m.inner(dw, h)
	m.setDetailSize(w, ih)
	return cmd
}

func (m *Model) setDetailSize(w, h int) {
	m.resume.SetSize(w, h)
	m.history.SetSize(w, h)
	m.comments.SetSize(w, h)
}

// View builds the frame.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
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
	if m.loginForm != nil {
		return m.loginScreen()
	}
	if m.showHelp {
		return m.helpScreen()
	}
	var body string
	h := m.body()
	switch {
	case m.screen != screenTriage:
		body = m.folderStrip() + "\n" + m.screenBody(m.width, h-1)
	case m.narrow():
		strip := m.folderStrip()
		if m.narrowDetail {
			body = strip + "\n" + m.detailBox(m.width, h-1)
		} else {
			body = strip + "\n" + m.listBox(m.width, h-1)
		}
	default:
		fw, lw, dw := m.wideWidths()
		body = lipgloss.JoinHorizontal(lipgloss.Top, m.foldersBox(fw, h), m.listBox(lw, h), m.detailBox(dw, h))
	}
	screen := body + "\n" + m.statusBar() + "\n" + m.footer()
	if m.dialog != nil {
		screen = m.overlay(screen)
	}
	return screen
}

// box draws a titled pane of exactly w×h.
func (m *Model) box(title, content string, w, h int, focused bool) string {
	ps := m.c.Styles.Pane
	st, ts := ps.Blurred, ps.TitleBlurred
	if focused {
		st, ts = ps.Focused, ps.Title
	}
	iw := max(w-st.GetHorizontalFrameSize(), 0)
	head := ts.Render(common.Fit(title, iw, "…"))
	return st.Width(w).Height(h).MaxHeight(h).Render(head + "\n" + content)
}

func (m *Model) listBox(w, h int) string {
	title := m.listTitle()
	if m.filtering || m.filter.Value() != "" {
		title = m.filter.View()
	}
	return m.box(title, m.list.View(), w, h, m.focus == focusList)
}

func (m *Model) detailBox(w, h int) string {
	p := m.c.Text.Panes
	tabs := []struct {
		f    focus
		name string
	}{{focusResume, p.Resume}, {focusHistory, p.History}, {focusComments, p.Comments}}
	shown := focusResume
	if m.focus == focusHistory || m.focus == focusComments {
		shown = m.focus
	}
	var names []string
	for _, t := range tabs {
		if t.f == shown {
			names = append(names, "["+t.name+"]")
		} else {
			names = append(names, t.name)
		}
	}
	var content string
	switch shown {
	case focusHistory:
		content = m.history.View()
	case focusComments:
		content = m.comments.View()
	default:
		content = m.resume.View()
	}
	focused := m.focus == focusResume || m.focus == focusHistory || m.focus == focusComments
	return m.box(strings.Join(names, "  "), content, w, h, focused)
}

func (m *Model) foldersBox(w, h int) string {
	iw, ih := m.inner(w, h)
	lines := make([]string, 0, ih)
	for i, f := range m.folders {
		if len(lines) == ih {
			break
		}
		count := fmt.Sprint(f.total)
		if f.new > 0 {
			count = fmt.Sprintf("%d +%d", f.total, f.new)
		}
		line := common.Fit(f.name, max(iw-len(count)-1, 1), "…") + " " + count
		line = common.Fit(line, iw, "…")
		switch {
		case i == m.folderIdx && m.focus == focusFolders:
			line = m.c.Styles.List.Selected.Render(line)
		case i == m.folderIdx:
			line = m.c.Styles.List.Marked.Render(line)
		}
		lines = append(lines, line)
	}
	// The other screens, under the folders, so they are found.
	if tabs := m.screenTabs(); len(lines)+len(tabs)+1 <= ih {
		lines = append(lines, strings.Repeat(" ", iw))
		for _, sc := range tabs {
			lines = append(lines, m.c.Styles.List.Empty.Render(common.Fit(sc.label, iw, "…")))
		}
	}
	for len(lines) < ih {
		lines = append(lines, strings.Repeat(" ", iw))
	}
	return m.box(m.c.Text.Panes.Folders, strings.Join(lines, "\n"), w, h, m.focus == focusFolders)
}

// folderStrip is the narrow layout's folder line.
func (m *Model) folderStrip() string {
	// The keyed entries first (1–4, then 5 and 6), user folders last: what
	// has a key must stay in sight when the line is cut.
	var parts, userFolders []string
	for i, f := range m.folders {
		label := fmt.Sprintf("%d %s %d", i+1, f.name, f.total)
		if i >= 4 {
			label = fmt.Sprintf("%s %d", f.name, f.total)
		}
		if i == m.folderIdx && m.screen == screenTriage {
			label = m.c.Styles.List.Selected.Render(label)
		}
		if i >= 4 {
			userFolders = append(userFolders, label)
		} else {
			parts = append(parts, label)
		}
	}
	for _, sc := range m.screenTabs() {
		label := sc.label
		if m.screen == sc.s {
			label = m.c.Styles.List.Selected.Render(label)
		}
		parts = append(parts, label)
	}
	return common.Fit(strings.Join(append(parts, userFolders...), "  "), m.width, "…")
}

func (m *Model) statusBar() string {
	t := m.c.Text.Status
	st := m.c.Styles.Status
	var segs []string
	switch {
	case m.syncing && m.progress.Total > 0:
		segs = append(segs, st.Syncing.Render(fmt.Sprintf("%s %d/%d", t.Syncing, m.progress.Done, m.progress.Total)))
	case m.syncing:
		segs = append(segs, st.Syncing.Render(t.Syncing))
	case m.offline:
		segs = append(segs, st.Offline.Render(t.Offline))
	default:
		segs = append(segs, st.Online.Render(t.Online))
	}
	if n := m.outbox.Pending + m.outbox.InFlight; n > 0 {
		segs = append(segs, st.Pending.Render(fmt.Sprintf(t.Pending, n)))
	}
	if m.outbox.Failed > 0 {
		segs = append(segs, st.Failed.Render(fmt.Sprintf(t.Failed, m.outbox.Failed)))
	}
	if m.outbox.Unknown > 0 {
		segs = append(segs, st.Unknown.Render(fmt.Sprintf(t.Unknown, m.outbox.Unknown)))
	}
	if m.lastSync.IsZero() {
		segs = append(segs, t.NeverSynced)
	} else {
		segs = append(segs, fmt.Sprintf(t.LastSync, m.c.Text.Date(m.lastSync, m.c.Now())))
	}
	// The answer to the last key comes before a standing problem (offline,
	// say), so "copied" is not hidden behind "server unreachable".
	if m.info != "" {
		segs = append(segs, st.Info.Render(m.info))
	}
	if m.problem != "" {
		segs = append(segs, st.Error.Render(m.problem))
	}
	sep := st.Separator.Render(" " + m.c.Styles.Glyphs.Separator + " ")
	return st.Bar.Render(common.Fit(strings.Join(segs, sep), m.width, "…"))
}

func (m *Model) footer() string {
	var keys = m.list.ShortHelp()
	switch {
	case m.screen == screenVacancies:
		keys = m.vacView.ShortHelp()
	case m.screen == screenSelections:
		keys = m.selView.ShortHelp()
	}
	switch m.focus {
	case focusResume:
		keys = m.resume.ShortHelp()
	case focusHistory:
		keys = m.history.ShortHelp()
	case focusComments:
		keys = m.comments.ShortHelp()
	}
	// "? help" always shows, however narrow the screen: it is the way to
	// every key the short line had no room for.
	helpKey := m.c.Keys.Help
	rest := make([]key.Binding, 0, len(keys))
	for _, k := range keys {
		if !slices.Equal(k.Keys(), helpKey.Keys()) {
			rest = append(rest, k)
		}
	}
	// Measured here rather than left to help.Model's width: it lets an item
	// overflow when no room is left for its ellipsis.
	m.help.SetWidth(0)
	tail := m.help.ShortHelpView([]key.Binding{helpKey})
	sep := m.help.Styles.ShortSeparator.Render(m.help.ShortSeparator)
	ellipsis := " " + m.help.Styles.Ellipsis.Render(m.help.Ellipsis)
	room := m.width - lipgloss.Width(tail) - lipgloss.Width(sep)
	// Each item is measured once (this runs on every frame); an item is
	// taken when it fits with room left for the ellipsis, unless it is the
	// last one.
	ellipsisW := lipgloss.Width(ellipsis)
	var head strings.Builder
	used := 0
	for i, b := range rest {
		item := m.help.ShortHelpView([]key.Binding{b})
		if item == "" {
			continue // disabled
		}
		w := lipgloss.Width(item)
		if used > 0 {
			w += lipgloss.Width(sep)
		}
		reserve := ellipsisW
		if i == len(rest)-1 {
			reserve = 0
		}
		if used+w+reserve > room {
			head.WriteString(ellipsis)
			break
		}
		if used > 0 {
			head.WriteString(sep)
		}
		head.WriteString(item)
		used += w
	}
	if head.Len() == 0 {
		return common.Fit(tail, m.width, "…")
	}
	return common.Fit(head.String()+sep+tail, m.width, "…")
}

func (m *Model) helpScreen() string {
	m.help.SetWidth(m.width)
	m.help.ShowAll = true
	out := m.help.FullHelpView(m.c.Keys.FullHelp())
	m.help.ShowAll = false
	lines := strings.Split(out, "\n")
	res := make([]string, 0, m.height)
	for _, l := range lines {
		if len(res) == m.height {
			break
		}
		res = append(res, common.Fit(l, m.width, "…"))
	}
	for len(res) < m.height {
		res = append(res, strings.Repeat(" ", m.width))
	}
	return strings.Join(res, "\n")
}
