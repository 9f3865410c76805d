package triage

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"hrdesk/views/action"
	"hrdesk/views/criteria"
	"hrdesk/views/resumelist"
)

// A jump (enter on a vacancy of the overview, R on the vacancies screen)
// shows what it names: that vacancy's responses in the inbox, nothing else
// narrowing them. Issue 28 §3: it kept the filters on, so a saved view's
// "7 days" or "new only" made "203 waiting" open as 5 resumes. What
// narrowed the list before is kept, and esc or backspace give it back
// while the list still shows what the jump showed; once the recruiter
// narrows it otherwise, those keys do their own work again.

// jump is what a jump replaced and what it showed.
type jump struct {
	folder int // the folders pane's row before
	before resumelist.Narrowing
	shown  resumelist.Narrowing
}

// showVacancy shows the inbox of one vacancy, and nothing else narrowing
// it; the status line names the keys back when filters were cleared.
func (m *Model) showVacancy(id int64) (action.Action, tea.Cmd) {
	before, folder := m.list.NarrowedBy(), m.folders.Index()
	if j := m.jump; j != nil && before == j.shown {
		// A jump from a jump: back goes to where the first one started.
		before, folder = j.before, j.folder
	}
	m.folders.Select(0)
	m.setFocus(OnList)
	f := m.folders.Current()
	m.list.SetFolderStale(f.Stale)
	shown := resumelist.Narrowing{Folder: f.ID, FolderName: f.Name, Crit: criteria.Set{VacancyID: id}}
	m.jump = &jump{folder: folder, before: before, shown: shown}
	m.filter.SetText("")
	var said action.Action
	if clearedFilters(before, shown) {
		k := m.c.Keys
		said = action.Notice{Text: fmt.Sprintf(m.c.Text.Narrow.Jumped, k.Back.Help().Key, k.RemoveFilter.Help().Key)}
	}
	return said, to(OnList, m.list.SetNarrowing(shown))
}

// jumpBack gives back what narrowed the list before the last jump; ok is
// false when there is none to give back: no jump, or the list was
// narrowed otherwise since (the jump is then forgotten).
func (m *Model) jumpBack() (action.Action, tea.Cmd, bool) {
	j := m.jump
	m.jump = nil
	if j == nil || m.list.NarrowedBy() != j.shown {
		return nil, nil, false
	}
	m.folders.Select(j.folder)
	m.list.SetFolderStale(m.folders.Stale())
	m.filter.SetText(j.before.Search)
	return action.Notice{Text: m.c.Text.Narrow.JumpedBack}, to(OnList, m.list.SetNarrowing(j.before)), true
}

// clearedFilters says a jump took more away than the folder and the
// vacancy: a filter, the search text, or every folder.
func clearedFilters(before, shown resumelist.Narrowing) bool {
	before.Folder, before.FolderName = shown.Folder, shown.FolderName
	before.Crit.VacancyID = shown.Crit.VacancyID
	return before != shown
}
