package ui

import (
	"context"
	"errors"
	"fmt"
	"hrdesk/problem"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/hostexec"
	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/action"
	"hrdesk/views/dialogs"
)

// rootKey handles the keys that are the root's on every screen, then the
// triage screen's; ok is false when the key is the focused pane's.
func (m *Model) rootKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := m.c.Keys
	if m.mode == modeOutbox && m.outbox.Claims(msg) {
		return nil, false // the screen's own keys come first there
	}
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit(), true
	case key.Matches(msg, k.Help):
		m.back, m.mode = m.mode, modeHelp
		m.help.Open()
		return nil, true
	case key.Matches(msg, k.Sync):
		return m.startSync(), true
	case key.Matches(msg, k.Login):
		return m.openLogin(), true
	case key.Matches(msg, k.ScreenVacancies):
		return m.openScreen(modeVacancies), true
	case key.Matches(msg, k.ScreenSelections):
		return m.openScreen(modeSelections), true
	case key.Matches(msg, k.ScreenOutbox):
		return m.openOutbox(), true
	case key.Matches(msg, k.ScreenOverview):
		return m.openOverview(), true
	}
	for i, b := range []key.Binding{k.FolderInbox, k.FolderConsidered, k.FolderInvited, k.FolderRefused} {
		if key.Matches(msg, b) {
			m.toTriage()
			return m.showFolder(i), true
		}
	}
	for _, v := range m.opts.Views {
		if key.Matches(msg, v.Key) {
			m.toTriage()
			return m.showView(v), true
		}
	}
	if m.mode != modeTriage {
		return nil, false
	}
	return m.triageKey(msg)
}

// triageKey handles the triage screen's own keys: focus, order and
// filter, and the actions on the marked resumes or the one under the
// cursor, whichever pane has the focus.
func (m *Model) triageKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := m.c.Keys
	switch {
	case key.Matches(msg, k.Filter):
		m.setFocus(paneFilter)
		return m.to(paneFilter, m.filter.Open()), true
	case key.Matches(msg, k.NextPane):
		return m.cycleFocus(1), true
	case key.Matches(msg, k.PrevPane):
		return m.cycleFocus(len(triageOrder) - 1), true
	case key.Matches(msg, k.Open) && m.focus == paneFolders:
		m.setFocus(paneList)
		return nil, true
	case key.Matches(msg, k.Open) && m.focus == paneList:
		m.setFocus(paneResume)
		return nil, true
	case key.Matches(msg, k.Back):
		m.setFocus(paneList)
		return nil, true
	case key.Matches(msg, k.Undo):
		return m.undo(), true
	case key.Matches(msg, k.Sort):
		return m.to(paneList, m.list.CycleSort()), true
	case key.Matches(msg, k.SortReverse):
		return m.to(paneList, m.list.ReverseSort()), true
	case key.Matches(msg, k.VacancyFilter):
		return m.loadChoices(choiceVacancy), true
	case key.Matches(msg, k.FilterMenu):
		return m.loadChoices(choiceFilters), true
	case key.Matches(msg, k.RemoveFilter):
		return m.to(paneList, m.list.RemoveLastFilter()), true
	case key.Matches(msg, k.Scope):
		return m.toggleScope(), true
	case key.Matches(msg, k.Copy):
		return m.copyDetail(), true
	}
	return m.actionKey(msg)
}

// cycleFocus moves the focus step places along the triage panes.
func (m *Model) cycleFocus(step int) tea.Cmd {
	i := 0
	for j, id := range triageOrder {
		if id == m.focus {
			i = j
		}
	}
	m.setFocus(triageOrder[(i+step)%len(triageOrder)])
	return m.focusChanged()
}

// actionKey opens the dialog of an action key, or queues what needs no
// dialog; ok is false when msg is none.
func (m *Model) actionKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
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
		return m.do(paneList, action.Later{ResumeIDs: ids}), true
	case key.Matches(msg, k.Move):
		if len(ids) > 0 {
			d := dialogs.NewFolderPicker(m.c, ids, m.folders.Current().ID)
			d.About(about)
			m.openDialog(paneList, d)
		}
	case key.Matches(msg, k.Invite):
		return m.loadTemplates(store.ActionInvite, ids), true
	case key.Matches(msg, k.Reject):
		return m.loadTemplates(store.ActionReject, ids), true
	case key.Matches(msg, k.MailTemplate):
		return m.loadTemplates(store.ActionSendMail, ids), true
	case key.Matches(msg, k.MailAddress):
		if len(ids) > 0 {
			d, cmd := dialogs.NewMailToDialog(m.c, ids)
			d.About(about)
			m.openDialog(paneList, d)
			return m.to(paneDialog, cmd), true
		}
	case key.Matches(msg, k.Comment):
		if id != 0 {
			d, cmd := dialogs.NewCommentDialog(m.c, id)
			d.About(name)
			m.openDialog(m.focus, d)
			return m.to(paneDialog, cmd), true
		}
	case key.Matches(msg, k.BuyContacts):
		if id != 0 {
			return m.do(paneResume, action.Confirm{Title: t.Dialogs.BuyContacts + " — " + name, Question: t.Contacts.CostWarning,
				Yes: t.Buttons.Buy, Then: action.BuyContacts{ResumeID: id}}), true
		}
	case key.Matches(msg, k.OpenContacts):
		if id != 0 {
			return m.do(paneResume, action.Confirm{Title: t.Dialogs.OpenContacts + " — " + name, Question: t.Contacts.OpenHint,
				Yes: t.Buttons.Open, Then: action.OpenContacts{ResumeID: id}}), true
		}
	default:
		return nil, false
	}
	return nil, true
}

// templatesMsg brings a template set for a letter dialog about to open.
type templatesMsg struct {
	kind store.ActionKind
	ids  []int64
	set  store.TemplateSet
	err  error
}

var letterTemplates = map[store.ActionKind]store.TemplateKind{
	store.ActionInvite: store.TemplateInvitation, store.ActionReject: store.TemplateRejection,
	store.ActionSendMail: store.TemplateMail,
}

func (m *Model) loadTemplates(kind store.ActionKind, ids []int64) tea.Cmd {
	if len(ids) == 0 {
		return nil
	}
	st := m.st
	return func() tea.Msg {
		set, err := st.Templates(context.Background(), letterTemplates[kind])
		return templatesMsg{kind: kind, ids: ids, set: set, err: err}
	}
}

// openLetter opens the letter dialog with the templates loaded.
func (m *Model) openLetter(msg templatesMsg) tea.Cmd {
	if msg.err != nil {
		m.status.Note(problem.Problem{Kind: problem.Local, Detail: msg.err.Error()})
		return nil
	}
	d := dialogs.NewLetterDialog(m.c, msg.kind, msg.ids, msg.set, m.opts.Editor)
	d.SetUndoWindow(m.opts.SendDelay)
	if len(msg.ids) == 1 {
		d.About(m.list.Name(msg.ids[0]))
	}
	m.openDialog(paneList, d)
	return m.to(paneDialog, d.Preview())
}

// copyDetail puts the highlighted resume's link, with its contacts when
// they are open, on the clipboard through OSC 52, which reaches the
// recruiter's own machine through SSH and tmux.
func (m *Model) copyDetail() tea.Cmd {
	if m.detail.ResumeID == 0 || len(m.detail.RawJSON) == 0 {
		return nil
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
	m.status.Say(m.c.Text.Status.Copied)
	return tea.SetClipboard(strings.Join(parts, "\n"))
}

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
