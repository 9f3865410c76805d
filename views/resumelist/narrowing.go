package resumelist

import (
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/criteria"
)

// Narrowing is what narrows the list besides its order: the folder shown
// (and its name), every folder or that one, the filters and the search
// text. A jump to one vacancy's responses replaces it whole and gives the
// one before back (views/triage/jump.go).
type Narrowing struct {
	Folder, FolderName string
	Everywhere         bool
	Crit               criteria.Set
	Search             string
}

// NarrowedBy is what narrows the list now; the search text is the newest
// typed, also while it waits for a load.
func (m *Model) NarrowedBy() Narrowing {
	return Narrowing{Folder: m.folder, FolderName: m.folderName, Everywhere: m.everywhere, Crit: m.crit, Search: m.SearchText()}
}

// SetNarrowing shows n at once, in one query: marks are forgotten (they
// were made among other rows) and the cursor goes to the top.
func (m *Model) SetNarrowing(n Narrowing) tea.Cmd {
	m.folder, m.folderName, m.everywhere, m.crit = n.Folder, n.FolderName, n.Everywhere, n.Crit
	m.hasTyped = false
	m.ClearMarks()
	q := m.query
	q.Search = n.Search
	return m.narrow(q)
}
