package triage

import (
	tea "charm.land/bubbletea/v2"

	"hrdesk/problem"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

// What the root tells the screen besides keys, sizes and the screen's own
// results.
type (
	// Refresh: the cache changed (a sync, a push, a poll, the recruiter's
	// actions). The counts are read again, the list when List (the cursor
	// stays on its resume, or goes to Cursor when the list holds it: the
	// resume an undo brought back), the resume shown when Entry.
	// Resumes are the resumes the change concerned, when known: the resume
	// shown is read again only if it is one of them (nil: not known, it
	// is). The counts are read first, alone (issue 28 §7: after l or u
	// they are what the recruiter waits for), the list after them, the
	// resume after the list (refresh.go).
	Refresh struct {
		List, Entry bool
		Cursor      int64
		Resumes     []int64
	}
	// SyncStarted and SyncWritten follow a sync under way, so the rows it
	// writes show while the list has room for them (sync.go).
	SyncStarted struct{}
	SyncWritten struct{ Done int }
	// ScopeChanged: the cache's view switched between the recruiter's own
	// responses and the company's; Label names it in the list's title
	// ("" for the profile's own scope).
	ScopeChanged struct{ Label string }
)

// partMsg is the result of a part's command, for that part only, as the
// root's addressed results are for a pane.
type partMsg struct {
	to  Part
	msg tea.Msg
}

// to wraps a command of part p so its results come back to it.
func to(p Part, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg { return wrap(p, cmd()) }
}

func wrap(p Part, msg tea.Msg) tea.Msg {
	switch msg := msg.(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		out := make(tea.BatchMsg, len(msg))
		for i, c := range msg {
			out[i] = to(p, c)
		}
		return out
	}
	if common.ForProgram(msg) {
		return msg
	}
	return partMsg{to: p, msg: msg}
}

// Update handles the screen's keys, the mouse, its parts' results, its own
// loads, and what the root tells it; it returns what only the root can do.
func (m *Model) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	a, cmd := m.update(msg)
	m.fitErrorRow()
	return a, cmd
}

// fitErrorRow gives the filter line's mistake (or its hint) a row of its
// own above the list, or gives it back, when it comes or goes: the list
// is a row shorter meanwhile, so its cursor stays on screen.
func (m *Model) fitErrorRow() {
	shown := m.filter.Active() && m.filter.Says()
	if shown != m.errorRow {
		m.errorRow = shown
		m.SetSize(m.width, m.height)
	}
}

func (m *Model) update(msg tea.Msg) (action.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case partMsg:
		return m.updatePart(msg.to, msg.msg)
	case tea.WindowSizeMsg, tea.BackgroundColorMsg:
		if _, ok := msg.(tea.BackgroundColorMsg); ok {
			m.frames.Reset()
		}
		var cmds []tea.Cmd
		for p := OnFolders; p <= OnFilter; p++ {
			_, cmd := m.updatePart(p, msg)
			cmds = append(cmds, cmd)
		}
		return nil, tea.Batch(cmds...)
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.PasteMsg:
		if m.Typing() {
			return m.updatePart(OnFilter, msg)
		}
		return nil, nil
	case tea.MouseWheelMsg, tea.MouseClickMsg:
		return m.mouse(msg)
	case Refresh:
		return nil, m.refreshCounts(msg)
	case SyncStarted:
		m.syncShown = 0
		return nil, nil
	case SyncWritten:
		return nil, m.showSyncedRows(msg.Done)
	case ScopeChanged:
		m.list.SetScopeLabel(msg.Label)
		return nil, tea.Batch(m.loadCounts(), to(OnList, m.list.Reload()))
	case action.DoneMsg:
		return nil, m.done(msg)
	case action.ShowVacancy:
		return m.showVacancy(msg.VacancyID)
	case action.Action:
		// A dialog's answer about this screen (the filters, the vacancy
		// picker), or the root passing on what the screen shows.
		return m.act(msg)
	}
	return m.loaded(msg)
}

// updatePart gives msg to part p, addresses its commands and carries out
// what it asks that is the screen's own; the rest goes up to the root.
func (m *Model) updatePart(p Part, msg tea.Msg) (action.Action, tea.Cmd) {
	a, cmd := m.part(p).Update(msg)
	up, own := m.act(a)
	return up, tea.Batch(to(p, cmd), own)
}

// act carries out an action that is the screen's own (the cursor resting,
// a folder, the filter line, the list's filters) and returns any other for
// the root.
func (m *Model) act(a action.Action) (action.Action, tea.Cmd) {
	switch a := a.(type) {
	case nil:
		return nil, nil
	case action.Highlight:
		return nil, m.followCursor(a.ResumeID)
	case action.ShowFolder:
		return nil, m.showFolder(a.Index)
	case action.Search:
		return nil, m.search(a)
	case action.ToggleEverywhere:
		return nil, to(OnList, m.list.SetEverywhere(!m.list.Everywhere()))
	case action.Narrow:
		return nil, m.narrowTo(a)
	case action.ShowResume:
		return nil, m.showResume(a)
	}
	return a, nil
}

// search narrows the list to what the filter line holds; esc also takes
// back the line's switch to every folder. A line that is no query, or
// names what nothing is, leaves the list as it was.
func (m *Model) search(a action.Search) tea.Cmd {
	if a.Done {
		m.setFocus(OnList)
	}
	if a.Invalid {
		return nil // the line says its mistake; the list keeps its last valid result
	}
	if err := m.list.CheckSearch(a.Text); err != nil {
		m.filter.SetError(err) // a folder or vacancy nothing is named
		return nil
	}
	if a.Undo {
		return to(OnList, m.list.SearchIn(a.Text, !m.list.Everywhere()))
	}
	if a.Text == m.list.SearchText() {
		return nil
	}
	return to(OnList, m.list.Search(a.Text))
}

// done hears how a server call the screen asked for went: bought or
// opened contacts show at once, and so do comments fetched.
func (m *Model) done(msg action.DoneMsg) tea.Cmd {
	switch a := msg.Action.(type) {
	case action.BuyContacts:
		if msg.Problem.Kind == problem.None {
			return tea.Batch(to(OnList, m.list.Reload()), m.loadEntry(a.ResumeID))
		}
	case action.OpenContacts:
		if msg.Problem.Kind == problem.None {
			return tea.Batch(to(OnList, m.list.Reload()), m.loadEntry(a.ResumeID))
		}
	case action.LoadComments:
		if a.ResumeID == m.detail.ResumeID {
			return m.loadEntry(a.ResumeID)
		}
	}
	return nil
}

// showFolder switches the list to folder i.
func (m *Model) showFolder(i int) tea.Cmd {
	m.folders.Select(i)
	f := m.folders.Current()
	m.list.SetFolderStale(f.Stale)
	return to(OnList, m.list.ShowFolder(f.ID, f.Name))
}
