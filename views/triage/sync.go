package triage

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// syncRowsEvery is how often a sync under way puts the rows it has written
// on screen: a first sync of 1,771 resumes took 20 s, and the folder said
// "No resumes" under "syncing… 1575/1771" all along.
const syncRowsEvery = time.Second

// showSyncedRows reloads the list and the counts while the list leaves
// rows of its window empty and a sync under way has written rows since they
// were last read: at once for its first rows, then at most every
// syncRowsEvery (a reload keeps the cursor's resume). A full window waits
// for the sync's end, as before: nothing is missing from the screen.
func (m *Model) showSyncedRows(done int) tea.Cmd {
	now := m.c.Now()
	if !m.list.Short() || done <= m.syncShown || m.syncShown > 0 && now.Sub(m.syncShownAt) < syncRowsEvery {
		return nil
	}
	m.syncShown, m.syncShownAt = done, now
	return tea.Batch(m.loadCounts(), to(OnList, m.list.Reload()))
}
