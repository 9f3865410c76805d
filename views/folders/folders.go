// Package folders is the folders pane: the four folders of received
// resumes and the user's own, with their counts, and under them the other
// screens with their keys. On a narrow screen the same content is one
// line, the root's tab bar (views/tabs), which asks the folders as Cells.
package folders

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/action"
	"hrdesk/views/common"
	"hrdesk/views/tabs"
)

// Item is one folder with its counts.
type Item struct {
	ID         string // store folder: inbox, considered, invited, refused or a user folder id
	Name       string
	Total, New int
	Stale      int // candidates waiting without an event (Considered, Invited)
	Snoozed    int // snoozed, apart from Total (issue 31 §4)
}

// Model is the folders pane.
type Model struct {
	c             *common.Common
	width, height int
	focused       bool

	items []Item
	list  common.List // the folder shown
	// tabs are the other screens; active is the one shown, -1 while the
	// folders' screen (triage) is.
	tabs   []Tab
	active int
}

// Tab is another screen, with the key that shows it and, when it has
// something waiting, a count.
type Tab struct{ Key, Name, Count string }

var _ common.Pane = (*Model)(nil)

// New lists the API folders then the user's own, counts unknown.
func New(c *common.Common) *Model {
	t := c.Text.Folders
	m := &Model{c: c, active: -1, items: []Item{
		{ID: store.FolderInbox, Name: t.Inbox},
		{ID: store.FolderConsidered, Name: t.Considered},
		{ID: store.FolderInvited, Name: t.Invited},
		{ID: store.FolderRefused, Name: t.Refused},
	}}
	for _, f := range c.UserFolders {
		// Named in config.toml, which config cleans as it reads; cleaned
		// again as the pane's titles go everywhere (issue 18 §5).
		m.items = append(m.items, Item{ID: f.ID, Name: textsafe.Line(f.Name)})
	}
	return m
}

// SetCounts gives each folder its totals from the cache.
func (m *Model) SetCounts(counts []store.FolderCount) {
	for i := range m.items {
		m.items[i].Total, m.items[i].New, m.items[i].Snoozed = 0, 0, 0
		for _, c := range counts {
			if c.Folder == m.items[i].ID {
				m.items[i].Total, m.items[i].New, m.items[i].Snoozed = c.Total, c.New, c.Snoozed
			}
		}
	}
}

// SetStale gives the stale candidates per folder.
func (m *Model) SetStale(byFolder map[string]int) {
	for i := range m.items {
		m.items[i].Stale = byFolder[m.items[i].ID]
	}
}

// Stale is the current folder's stale candidates.
func (m *Model) Stale() int { return m.items[m.list.Cursor].Stale }

// At is the folder on line i of the pane as View draws it: a folder's
// stale and snoozed lines belong to it.
func (m *Model) At(line int) (int, bool) {
	for i, f := range m.items {
		if line < 0 {
			break
		}
		n := 1
		if f.Stale > 0 {
			n++
		}
		if f.Snoozed > 0 {
			n++
		}
		if line < n {
			return i, true
		}
		line -= n
	}
	return 0, false
}

// SetTabs names the other screens and which is shown (-1: none).
func (m *Model) SetTabs(tabs []Tab, active int) { m.tabs, m.active = tabs, active }

// Active is the index of the screen tab shown (-1: triage).
func (m *Model) Active() int { return m.active }

// Select puts the cursor on folder i.
func (m *Model) Select(i int) { m.list.Cursor = i; m.list.Clamp(len(m.items), len(m.items)) }

// Current is the folder under the cursor: the one the list shows.
func (m *Model) Current() Item { return m.items[m.list.Cursor] }

// Name is a folder's name, a user folder's from config; a folder no
// config names is "#id".
func (m *Model) Name(id string) string {
	for _, f := range m.items {
		if f.ID == id {
			return f.Name
		}
	}
	return "#" + id
}

// IndexOf is the index of the folder with id.
func (m *Model) IndexOf(id string) (int, bool) {
	for i, f := range m.items {
		if f.ID == id {
			return i, true
		}
	}
	return 0, false
}

// Index is the cursor's folder index.
func (m *Model) Index() int { return m.list.Cursor }

// Len is the number of folders.
func (m *Model) Len() int { return len(m.items) }

// SetSize sets the inner size of the wide layout's pane.
func (m *Model) SetSize(w, h int) { m.width, m.height = max(w, 0), max(h, 0) }

// Focus and Blur manage keyboard focus.
func (m *Model) Focus() { m.focused = true }
func (m *Model) Blur()  { m.focused = false }

// Update moves the cursor; the list follows at once.
func (m *Model) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	km, ok := msg.(tea.KeyPressMsg)
	if !ok || !m.focused {
		return nil, nil
	}
	prev := m.list.Cursor
	if m.list.Navigate(km, &m.c.Keys, len(m.items), len(m.items)) && m.list.Cursor != prev {
		return action.ShowFolder{Index: m.list.Cursor}, nil
	}
	return nil, nil
}

// View is the wide layout's pane: one folder a line with its counts, then,
// when they fit, the other screens.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	lines := make([]string, 0, m.height)
	for i, f := range m.items {
		if len(lines) == m.height {
			break
		}
		count := fmt.Sprint(f.Total)
		if f.New > 0 {
			count = fmt.Sprintf("%d +%d", f.Total, f.New)
		}
		line := m.c.Fit(f.Name, max(m.width-len(count)-1, 1)) + " " + count
		line = m.c.Fit(line, m.width)
		switch {
		case i == m.list.Cursor && m.focused:
			line = m.c.Styles.List.Selected.Render(line)
		case i == m.list.Cursor:
			line = m.c.Styles.List.Marked.Render(line)
		}
		lines = append(lines, line)
		// Candidates left waiting, under their folder: "· 12 stale".
		if f.Stale > 0 && len(lines) < m.height {
			stale := "  " + m.c.Styles.Glyphs.Stale + " " + fmt.Sprintf(m.c.Text.Narrow.StaleCount, f.Stale)
			lines = append(lines, m.c.Styles.Marker.Stale.Render(m.c.Fit(stale, m.width)))
		}
		if f.Snoozed > 0 && len(lines) < m.height { // apart from the count: out of the list until their time
			snoozed := "  " + m.c.Styles.Glyphs.Woken + " " + fmt.Sprintf(m.c.Text.Snooze().Folder, f.Snoozed)
			lines = append(lines, m.c.Styles.Muted.Render(m.c.Fit(snoozed, m.width)))
		}
	}
	// The other screens, under the folders, so they are found.
	if len(lines)+len(m.tabs)+1 <= m.height {
		lines = append(lines, "")
		for _, tab := range m.tabs {
			lines = append(lines, m.c.Styles.List.Empty.Render(m.c.Fit(tabs.Join(tab.Key, tab.Name, tab.Count), m.width)))
		}
	}
	return common.Block(lines, m.width, m.height)
}

// Cells are the folders as the root's tab bar shows them (views/tabs):
// the four with their keys 1–4, then the user's own; the one under the
// cursor is active while no other screen is shown.
func (m *Model) Cells() (keyed, user []tabs.Cell) {
	for i, f := range m.items {
		e := tabs.Cell{Name: f.Name, Count: fmt.Sprint(f.Total), Active: i == m.list.Cursor && m.active < 0}
		if i < 4 {
			e.Key = fmt.Sprint(i + 1)
			keyed = append(keyed, e)
		} else {
			user = append(user, e)
		}
	}
	return keyed, user
}

// ShortHelp is the footer's keys for the folders.
func (m *Model) ShortHelp() []key.Binding {
	k := m.c.Keys
	return []key.Binding{k.Down, k.Up, k.Open, k.Help}
}

// FullHelp is the folders' keys for the help screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.c.Keys
	return [][]key.Binding{{k.Down, k.Up, k.Open, k.FolderInbox, k.FolderConsidered, k.FolderInvited, k.FolderRefused}}
}

// Add moves folder id's counts by total and fresh (negative: resumes
// leave it), before the cache has the move (issue 28 §7: the screen
// changes at once, the write follows); SetCounts then puts the cache's
// figures back whatever this guessed. No count goes below 0.
func (m *Model) Add(id string, total, fresh int) {
	if i, ok := m.IndexOf(id); ok {
		m.items[i].Total = max(m.items[i].Total+total, 0)
		m.items[i].New = min(max(m.items[i].New+fresh, 0), m.items[i].Total)
	}
}

// AddSnoozed moves folder id's snoozed by n (negative: they came back),
// as Add does its counts: a snooze or its undo shown at once.
func (m *Model) AddSnoozed(id string, n int) {
	if i, ok := m.IndexOf(id); ok {
		m.items[i].Snoozed = max(m.items[i].Snoozed+n, 0)
	}
}
