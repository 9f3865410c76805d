package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/palette"
)

// The command palette (issue 31 §1) opens as any dialog does: what it
// does on enter is a key press fed back through Update (the same question
// and undo as the key) or an action the screens already ask for.

// paletteScreens names the screens of the table for the palette, which
// says where an action works.
var paletteScreens = [screenCount]string{
	paneTriage: palette.Triage, paneVacancies: palette.Vacancies, paneSelections: palette.Selections,
	paneOutbox: palette.Outbox, paneOverview: palette.Overview,
}

// openPalette opens the palette over the screen in front.
func (m *Model) openPalette() tea.Cmd {
	d, cmd := palette.New(m.c, m.paletteFacts(), m.st)
	open := m.open(d, m.mode) // first: the reads below are addressed to it
	return tea.Batch(open, m.to(paneDialog, cmd))
}

// paletteFacts is what the palette lists and what applies now: the
// screens of the table with their keys, the resume list's cursor and
// marks, the saved views and the folders (the four standard ones on
// their keys as the keymap has them).
func (m *Model) paletteFacts() palette.Facts {
	f := palette.Facts{Keys: m.c.Keys, Views: m.opts.Views, Own: ownKeys(m.opts.Own)}
	if m.mode.isScreen() {
		f.Front = paletteScreens[m.mode]
	}
	for id, s := range m.screens {
		sc := palette.Screen{ID: paletteScreens[id]}
		if s.key != nil {
			sc.Key = s.key()
		}
		if s.tab != nil {
			sc.Name = s.tab()
		}
		f.Screens = append(f.Screens, sc)
	}
	for _, r := range m.triage.Recent() {
		f.Recent = append(f.Recent, palette.Recent{ID: r.ID, Name: r.Name, Folder: r.Folder})
	}
	_, f.Highlighted = m.triage.Highlighted()
	f.Marked = m.triage.List().MarkedCount()
	k := m.c.Keys
	folderKeys := []key.Binding{k.FolderInbox, k.FolderConsidered, k.FolderInvited, k.FolderRefused}
	keyed, user := m.triage.FolderCells()
	for i, c := range append(keyed, user...) {
		fo := palette.Folder{Name: c.Name, Count: c.Count, Index: i}
		if i < len(folderKeys) {
			fo.Key = folderKeys[i]
		}
		f.Folders = append(f.Folders, fo)
	}
	return f
}
