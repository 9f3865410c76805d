package triage

import (
	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/resumelist"
)

// Recent is a resume opened in this session, as the palette lists it
// (issue 31 §1: "the last resumes opened").
type Recent struct {
	ID     int64
	Name   string
	Folder string // the folder it was in when opened
}

// recentMax is how many opened resumes the screen remembers.
const recentMax = 20

// noteRecent remembers d as the newest opened, once.
func (m *Model) noteRecent(d store.EntryDetail) {
	r := Recent{ID: d.ResumeID, Name: m.list.Name(d.ResumeID), Folder: d.Folder}
	out := []Recent{r}
	for _, o := range m.recent {
		if o.ID != r.ID && len(out) < recentMax {
			out = append(out, o)
		}
	}
	m.recent = out
}

// Recent are the resumes opened last, newest first.
func (m *Model) Recent() []Recent { return append([]Recent(nil), m.recent...) }

// showResume shows a resume opened before: its folder with nothing
// narrowing it (the filter line emptied), the cursor going to it once the
// list holds it (ReloadOn, as an undo's resume).
func (m *Model) showResume(a action.ShowResume) tea.Cmd {
	if i, ok := m.folders.IndexOf(a.Folder); ok {
		m.folders.Select(i)
	}
	f := m.folders.Current()
	m.list.SetFolderStale(f.Stale)
	m.filter.SetText("")
	var cmds []tea.Cmd
	if m.list.NeedsMe() {
		cmds = append(cmds, m.list.ToggleNeedsMe())
	}
	cmds = append(cmds, m.list.SetNarrowing(resumelist.Narrowing{Folder: f.ID, FolderName: f.Name}), m.list.ReloadOn(a.ResumeID))
	m.setFocus(OnList)
	return to(OnList, tea.Batch(cmds...))
}
