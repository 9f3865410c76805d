package ui

import (
	"errors"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/hostexec"
	"hrdesk/views/dialogs"
)

// rootKey handles the keys that are the root's on every screen; ok is
// false when the key is the focused pane's.
func (m *Model) rootKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := m.c.Keys
	if c, ok := m.pane(m.mode).(claimer); ok && c.Claims(msg) {
		return nil, false // the screen's own keys come first there (the outbox's)
	}
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit(), true
	case key.Matches(msg, k.Help):
		m.back, m.mode = m.mode, paneHelp
		m.help.Open()
		return nil, true
	case key.Matches(msg, k.Sync):
		return m.startSync(), true
	case key.Matches(msg, k.Login):
		return m.openLogin(), true
	case key.Matches(msg, k.Palette):
		return m.openPalette(), true
	}
	for id := range m.screens {
		if s := &m.screens[id]; s.key != nil && key.Matches(msg, s.key()) {
			return m.openScreen(paneID(id)), true
		}
	}
	// The folders and saved views are the triage screen's: from another
	// screen they come back to it.
	for _, b := range []key.Binding{k.FolderInbox, k.FolderConsidered, k.FolderInvited, k.FolderRefused} {
		if key.Matches(msg, b) {
			m.toTriage()
			return m.updatePane(paneTriage, msg), true
		}
	}
	for _, v := range m.opts.Views {
		if key.Matches(msg, v.Key) {
			m.toTriage()
			return m.updatePane(paneTriage, msg), true
		}
	}
	// The recruiter's own actions (issue 31 §3), from any screen.
	if cmd, ok := m.ownKey(msg); ok {
		return cmd, true
	}
	// C switches whose responses the cache shows (the session's scope) on
	// every screen that shows responses: triage and the overview.
	if key.Matches(msg, k.Scope) && m.mode.isScreen() && m.screens[m.mode].scoped {
		return m.toggleScope(), true
	}
	if m.mode != paneTriage {
		return nil, false
	}
	// On the triage screen, u takes back the newest queued action (the
	// outbox spans screens); every other key is the screen's.
	if key.Matches(msg, k.Undo) {
		return m.undo(), true
	}
	return nil, false
}

// claimer is a screen with keys of its own that come before the root's
// while it is in front.
type claimer interface{ Claims(tea.KeyPressMsg) bool }

// editorUnavailable says on the status line why ctrl+o opened no editor;
// the dialog's inline editor stays.
func (m *Model) editorUnavailable(msg dialogs.EditorUnavailableMsg) {
	t := m.c.Text.Status
	if errors.Is(msg.Err, hostexec.ErrRemote) {
		m.status.Say(t.EditorRemote)
		return
	}
	m.status.Say(t.NoEditor)
}
