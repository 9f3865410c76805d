package triage

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/action"
	"hrdesk/views/criteria"
)

// key handles the screen's keys: the filter line while it types; the
// folders and saved views; focus, order and filters; the actions on the
// marked resumes or the one under the cursor, whichever pane has the
// focus; then the focused pane's own keys.
func (m *Model) key(msg tea.KeyPressMsg) (action.Action, tea.Cmd) {
	if m.Typing() {
		return m.updatePart(OnFilter, msg)
	}
	k := m.c.Keys
	for i, b := range []key.Binding{k.FolderInbox, k.FolderConsidered, k.FolderInvited, k.FolderRefused} {
		if key.Matches(msg, b) {
			return nil, m.showFolder(i)
		}
	}
	for _, v := range m.opts.Views {
		if key.Matches(msg, v.Key) {
			return m.showView(v)
		}
	}
	switch {
	case key.Matches(msg, k.Filter):
		m.setFocus(OnFilter)
		return nil, to(OnFilter, m.filter.Open())
	case key.Matches(msg, k.NextPane):
		return m.cycleFocus(1), nil
	case key.Matches(msg, k.PrevPane):
		return m.cycleFocus(len(order) - 1), nil
	case key.Matches(msg, k.Open) && m.focus == OnFolders:
		m.setFocus(OnList)
		return nil, nil
	case key.Matches(msg, k.Open) && m.focus == OnList:
		m.setFocus(OnResume)
		return nil, nil
	case key.Matches(msg, k.Back):
		if m.focus == OnList {
			if a, cmd, ok := m.jumpBack(); ok {
				return a, cmd
			}
		}
		m.setFocus(OnList)
		return nil, nil
	case key.Matches(msg, k.Sort):
		return nil, to(OnList, m.list.CycleSort())
	case key.Matches(msg, k.SortReverse):
		return nil, to(OnList, m.list.ReverseSort())
	case key.Matches(msg, k.VacancyFilter):
		m.fromLine = nil // read when the picker opens (choices)
		return nil, m.loadChoices(choiceVacancy, 0)
	case key.Matches(msg, k.FilterMenu):
		return m.askFilters()
	case key.Matches(msg, k.NeedsMe):
		return nil, to(OnList, m.list.ToggleNeedsMe())
	case key.Matches(msg, k.RemoveFilter):
		if a, cmd, ok := m.jumpBack(); ok {
			return a, cmd
		}
		return nil, m.removeLastChip()
	case key.Matches(msg, k.Copy):
		return m.copyDetail()
	}
	if a, cmd, ok := m.actionKey(msg); ok {
		return a, cmd
	}
	return m.updatePart(m.focus, msg)
}

// cycleFocus moves the focus step places along the panes.
func (m *Model) cycleFocus(step int) action.Action {
	i := 0
	for j, p := range order {
		if p == m.focus {
			i = j
		}
	}
	m.setFocus(order[(i+step)%len(order)])
	return m.focusChanged()
}

// actionKey asks for the dialog of an action key, or for what needs no
// dialog; ok is false when msg is none.
func (m *Model) actionKey(msg tea.KeyPressMsg) (action.Action, tea.Cmd, bool) {
	k, t := m.c.Keys, m.c.Text
	ids := m.list.Marked()
	// A single-resume action acts on the highlighted row, which the dialog
	// names, never on a preview the cursor has already left.
	var id int64
	if r, ok := m.list.Selected(); ok {
		id = r.ResumeID
	}
	// Dialogs name what they act on: the one applicant, or how many.
	about := ""
	if len(ids) == 1 {
		about = m.list.Name(ids[0])
	}
	name := m.list.Name(id)
	switch {
	case key.Matches(msg, k.Later):
		return action.Later{ResumeIDs: ids}, nil, true
	case key.Matches(msg, k.Snooze):
		if len(ids) > 0 {
			return action.AskSnooze{ResumeIDs: ids, About: about}, nil, true
		}
	case key.Matches(msg, k.Move):
		if len(ids) > 0 {
			return action.AskMove{ResumeIDs: ids, Folder: m.folders.Current().ID, About: about}, nil, true
		}
	case key.Matches(msg, k.Invite):
		return nil, m.loadTemplates(store.ActionInvite, ids), true
	case key.Matches(msg, k.Reject):
		return nil, m.loadTemplates(store.ActionReject, ids), true
	case key.Matches(msg, k.MailTemplate):
		return nil, m.loadTemplates(store.ActionSendMail, ids), true
	case key.Matches(msg, k.MailAddress):
		if len(ids) > 0 {
			return action.AskMailTo{ResumeIDs: ids, About: about}, nil, true
		}
	case key.Matches(msg, k.Comment):
		if id != 0 {
			return action.AskComment{ResumeID: id, About: name}, nil, true
		}
	case key.Matches(msg, k.BuyContacts):
		if id != 0 {
			return action.Confirm{Title: t.Dialogs.BuyContacts + " — " + name, Question: t.Contacts.CostWarning,
				Yes: t.Buttons.Buy, Then: action.BuyContacts{ResumeID: id}}, nil, true
		}
	case key.Matches(msg, k.OpenContacts):
		if id != 0 {
			return action.Confirm{Title: t.Dialogs.OpenContacts + " — " + name, Question: t.Contacts.OpenHint,
				Yes: t.Buttons.Open, Then: action.OpenContacts{ResumeID: id}}, nil, true
		}
	default:
		return nil, nil, false
	}
	return nil, nil, true
}

// showView shows a saved view: its folder (the folders pane follows) or
// every folder, its filters and order, and its query on the `/` line.
func (m *Model) showView(v criteria.View) (action.Action, tea.Cmd) {
	name := m.folders.Name(v.Folder)
	if i, ok := m.folders.IndexOf(v.Folder); ok && !v.Everywhere {
		m.folders.Select(i)
	}
	if f := m.folders.Current(); v.Everywhere || f.ID == v.Folder {
		// Every folder: the folders pane keeps its folder to come back to.
		v.Folder, name = f.ID, f.Name
	}
	m.list.SetFolderStale(m.folders.Stale())
	search := m.viewSearch(v.Query)
	return action.Notice{Text: fmt.Sprintf(m.c.Text.Narrow.ViewShown, v.Name)}, to(OnList, m.list.ShowView(v, name, search))
}

// viewSearch is the search a saved view shows. Its query is the line's
// text, to read and change; one naming what nothing is stays on the line
// with its mistake, the search as it was. With no query of its own, the
// view's filters replace the chips: the line's terms a filter says leave
// it (as they did when they were chips apart), its other terms and its
// words stay.
func (m *Model) viewSearch(own string) string {
	search := m.list.SearchText()
	switch {
	case own != "":
		m.filter.SetText(own)
		if err := m.list.CheckSearch(own); err != nil {
			m.filter.SetError(err)
			return search
		}
		return own
	case m.filter.Err() != nil:
		return search
	}
	line := m.filter.Text()
	if set, rest, ok := criteria.Read(criteria.Set{}, line); ok && set != (criteria.Set{}) {
		if s := m.filter.SetText(criteria.Line(criteria.Set{}, rest)); !s.Invalid {
			return s.Text
		}
	}
	return search
}

// copyDetail puts the highlighted resume's link, with its contacts when
// they are open, on the clipboard through OSC 52, which reaches the
// recruiter's own machine through SSH and tmux.
func (m *Model) copyDetail() (action.Action, tea.Cmd) {
	if m.detail.ResumeID == 0 || len(m.detail.RawJSON) == 0 {
		return nil, nil
	}
	r := m.detail.Doc()
	var parts []string
	for _, v := range []store.Loose{r.Name, r.Phone1, r.Email, r.Link} {
		if s := textsafe.Line(v.Str()); s != "" {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		parts = append(parts, fmt.Sprintf("#%d", m.detail.ResumeID))
	}
	return action.Notice{Text: m.c.Text.Status.Copied}, tea.SetClipboard(strings.Join(parts, "\n"))
}
