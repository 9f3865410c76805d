package ui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/folders"
	"hrdesk/views/selections"
	"hrdesk/views/vacancies"
)

// setMode shows another screen; the folders pane marks which.
func (m *Model) setMode(s mode) {
	m.mode = s
	m.refreshTabs()
}

// shown is the screen shown: under help or the login screen, the one they
// return to.
func (m *Model) shown() mode {
	if m.mode == modeHelp || m.mode == modeLogin {
		return m.back
	}
	return m.mode
}

// refreshTabs gives the folders pane the screens' tabs, their counts, and
// which is shown.
func (m *Model) refreshTabs() {
	active := -1
	switch m.shown() {
	case modeVacancies:
		active = 0
	case modeSelections:
		active = 1
	case modeOutbox:
		active = 2
	case modeOverview:
		active = 3
	}
	m.triage.SetTabs(m.screenTabs(), active)
}

// openScreen shows a catalog screen, which shows the cache and asks for
// the server's copy behind.
func (m *Model) openScreen(s mode) tea.Cmd {
	m.setMode(s)
	m.status.Say("")
	if s == modeVacancies {
		m.setFocus(paneVacancies)
		return m.updatePane(paneVacancies, vacancies.Show{})
	}
	m.setFocus(paneSelections)
	return m.updatePane(paneSelections, selections.Show{})
}

// openLogin shows the login screen over whatever screen is up.
func (m *Model) openLogin() tea.Cmd {
	if m.mode != modeLogin {
		m.back = m.mode
	}
	if m.back == modeHelp {
		m.back = modeTriage
	}
	m.mode = modeLogin
	return m.to(paneLogin, m.login.Open())
}

// screenTabs are the screens besides triage, with their keys.
func (m *Model) screenTabs() []folders.Tab {
	k := m.c.Keys
	first := func(b key.Binding) string {
		if keys := b.Keys(); len(keys) > 0 {
			return keys[0]
		}
		return ""
	}
	out := ""
	if m.outboxCount > 0 {
		out = fmt.Sprint(m.outboxCount)
		if m.unsettled > 0 {
			out += m.c.Styles.Glyphs.Failed
		}
	}
	return []folders.Tab{{Key: first(k.ScreenVacancies), Name: m.c.Text.Vacancies.Title},
		{Key: first(k.ScreenSelections), Name: m.c.Text.Selections.Tab},
		{Key: first(k.ScreenOutbox), Name: m.c.Text.Outbox.Title, Count: out},
		{Key: first(k.ScreenOverview), Name: m.c.Text.Overview.Title}}
}

// toTriage comes back to the triage screen from another screen, on the
// list.
func (m *Model) toTriage() {
	if m.mode != modeTriage {
		m.setMode(modeTriage)
		m.setFocus(paneTriage)
		m.triage.ToList()
	}
}
