package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/folders"
	"hrdesk/views/tabs"
)

// setMode shows another screen; the folders pane marks which.
func (m *Model) setMode(id paneID) {
	m.mode = id
	m.refreshTabs()
}

// shown is the screen shown: under help or the login screen, the one they
// return to.
func (m *Model) shown() paneID {
	if m.mode == paneHelp || m.mode == paneLogin {
		return m.back
	}
	return m.mode
}

// refreshTabs gives the folders pane the screens' tabs, their counts, and
// which is shown (-1: none, triage): the wide pane lists them under the
// folders, and marks a folder as the one shown only while triage is.
func (m *Model) refreshTabs() {
	var tabs []folders.Tab
	active := -1
	for id, s := range m.screens {
		if s.key == nil {
			continue // triage: the folders are its tabs
		}
		if paneID(id) == m.shown() {
			active = len(tabs)
		}
		tab := folders.Tab{Key: firstKey(s.key()), Name: s.tab()}
		if s.count != nil {
			tab.Count = s.count()
		}
		tabs = append(tabs, tab)
	}
	m.triage.SetTabs(tabs, active)
}

// tabBar is the line over every screen but the wide triage screen
// (views/tabs): the four folders with their keys, the table's screens
// with theirs, the user's folders last, laid out in one form together.
func (m *Model) tabBar() string {
	keyed, user := m.triage.FolderCells()
	for id, s := range m.screens {
		if s.key == nil {
			continue // triage: its folders are the bar's
		}
		cell := tabs.Cell{Key: firstKey(s.key()), Name: s.tab(), Active: paneID(id) == m.shown(), Screen: true}
		if s.count != nil {
			cell.Count = s.count()
		}
		keyed = append(keyed, cell)
	}
	return tabs.Line(m.c, append(keyed, user...), m.width)
}

// firstKey is the key a tab shows for its binding.
func firstKey(b key.Binding) string {
	keys := b.Keys()
	if len(keys) > 0 {
		return keys[0]
	}
	return ""
}

// openScreen shows a screen of the table and tells it so: a catalog
// screen shows the cache and asks for the server's copy behind, the
// overview reads its figures.
func (m *Model) openScreen(id paneID) tea.Cmd {
	s := m.screens[id]
	show := s.show() // before the screen changes: the outbox asks what was in front
	m.setMode(id)
	m.setFocus(id)
	if !s.keepsNote {
		m.status.Say("")
	}
	return m.updatePane(id, show)
}

// openLogin shows the login screen over whatever screen is up.
func (m *Model) openLogin() tea.Cmd {
	if m.mode != paneLogin {
		m.back = m.mode
	}
	if m.back == paneHelp {
		m.back = paneTriage
	}
	m.mode = paneLogin
	return m.to(paneLogin, m.login.Open())
}

// toTriage comes back to the triage screen from another screen, on the
// list.
func (m *Model) toTriage() {
	if m.mode != paneTriage {
		m.setMode(paneTriage)
		m.setFocus(paneTriage)
		m.triage.ToList()
	}
}
