package ui

import (
	"context"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/dialogs"
	"hrdesk/views/selections"
	"hrdesk/views/vacancies"
)

// screen is what the body shows: triage (folders, list, resume), the own
// vacancies, or the resume selections. Keys 1–4 always lead back to triage.
type screenID int

const (
	screenTriage screenID = iota
	screenVacancies
	screenSelections
)

type (
	selectionsMsg struct {
		list []store.Selection
		err  error
	}
	// catalogDoneMsg is the outcome of a vacancies or selections call.
	catalogDoneMsg struct {
		info string
		err  error
		form bool // a selection form was saved: close it on success
	}
)

// openScreen switches the body to s, loading what it shows from the cache
// and refreshing it from the server behind.
func (m *Model) openScreen(s screenID) tea.Cmd {
	m.screen = s
	m.info = ""
	switch s {
	case screenVacancies:
		m.vacView.Focus()
		return tea.Batch(m.vacView.SetVacancies(m.vacancies), m.catalogCall(func(ctx context.Context, b Backend) (string, error) {
			return "", b.RefreshVacancies(ctx)
		}, false))
	case screenSelections:
		m.selView.Focus()
		return tea.Batch(m.loadSelections(), m.catalogCall(func(ctx context.Context, b Backend) (string, error) {
			return "", b.RefreshSelections(ctx)
		}, false))
	}
	return nil
}

func (m *Model) loadSelections() tea.Cmd {
	st := m.st
	return func() tea.Msg {
		list, err := st.Selections(context.Background())
		return selectionsMsg{list: list, err: err}
	}
}

// catalogCall runs a server call in a command; the screens reload from the
// cache when it is done, whatever the outcome.
func (m *Model) catalogCall(call func(context.Context, Backend) (string, error), form bool) tea.Cmd {
	b := m.backend
	if b == nil || !b.LoggedIn() {
		return nil
	}
	return func() tea.Msg {
		info, err := call(context.Background(), b)
		return catalogDoneMsg{info: info, err: err, form: form}
	}
}

// screenKey handles a key on the vacancies or selections screen. It
// returns false when the key is the root's (quit, help, sync, 1–6).
func (m *Model) screenKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := m.c.Keys
	if m.screen == screenSelections && m.selView.Editing() {
		return m.selView.Update(msg), true // the form types every key
	}
	if m.screen == screenVacancies && m.vacView.InDetail() && key.Matches(msg, k.Back) {
		return m.vacView.Update(msg), true
	}
	switch {
	case key.Matches(msg, k.Quit, k.Help, k.Sync, k.Login, k.ScreenVacancies, k.ScreenSelections,
		k.FolderInbox, k.FolderConsidered, k.FolderInvited, k.FolderRefused):
		return nil, false
	case key.Matches(msg, k.Back):
		m.screen = screenTriage
		return nil, true
	}
	if m.screen == screenVacancies {
		return m.vacView.Update(msg), true
	}
	return m.selView.Update(msg), true
}

// screenMsg handles what the two screens ask for.
func (m *Model) screenMsg(msg tea.Msg) (tea.Cmd, bool) {
	t := m.c.Text
	switch msg := msg.(type) {
	case selectionsMsg:
		if msg.err == nil {
			m.selections = msg.list
			m.selView.SetSelections(msg.list)
		}
		return nil, true
	case catalogDoneMsg:
		if msg.err != nil {
			p := m.opts.Explain(msg.err)
			if msg.form && !p.Offline && !p.NeedLogin {
				m.selView.FormError(p.Text) // keep what was typed
			} else {
				m.noteBackend(msg.err)
			}
		} else {
			m.problem = ""
			if msg.form {
				m.selView.CloseForm()
			}
			if msg.info != "" {
				m.info = msg.info
			}
		}
		return tea.Batch(m.loadCounts(), m.loadSelections()), true
	case vacancies.ReceivedMsg:
		m.screen = screenTriage
		m.vacIdx = -1
		for i, v := range m.vacancies {
			if v.ID == msg.VacancyID {
				m.vacIdx = i
			}
		}
		m.folderIdx = 0
		q := m.list.Query()
		q.Folder, q.VacancyID = m.folders[0].id, msg.VacancyID
		m.list.ClearMarks()
		m.setFocus(focusList)
		return m.list.SetQuery(q), true
	case vacancies.ArchiveMsg:
		m.pendingArchive = msg.IDs
		m.openDialog(dialogs.NewConfirmDialog(m.c, "archive", 0, t.Vacancies.ArchiveTitle,
			fmt.Sprintf(t.Vacancies.ArchiveConfirm, len(msg.IDs)), t.Buttons.Confirm))
		return nil, true
	case selections.DeleteMsg:
		m.pendingSelection = msg
		m.openDialog(dialogs.NewConfirmDialog(m.c, "delete_selection", 0, t.Selections.DeleteTitle,
			fmt.Sprintf(t.Selections.DeleteConfirm, msg.Name), t.Buttons.Delete))
		return nil, true
	case selections.MailMsg:
		format := t.Selections.MailOff
		if msg.On {
			format = t.Selections.MailOn
		}
		return m.catalogCall(func(ctx context.Context, b Backend) (string, error) {
			return fmt.Sprintf(format, msg.Name), b.SetSelectionMail(ctx, msg.ID, msg.On)
		}, false), true
	case selections.SaveMsg:
		return m.catalogCall(func(ctx context.Context, b Backend) (string, error) {
			return fmt.Sprintf(t.Selections.Saved, msg.Name), b.SaveSelection(ctx, msg.ID, msg.Fields)
		}, true), true
	}
	return nil, false
}

// confirmedCatalog carries out a confirmed archive or delete.
func (m *Model) confirmedCatalog(tag string) tea.Cmd {
	t := m.c.Text
	switch tag {
	case "archive":
		ids := m.pendingArchive
		m.vacView.ClearMarks()
		return m.catalogCall(func(ctx context.Context, b Backend) (string, error) {
			return fmt.Sprintf(t.Vacancies.ArchivedDone, len(ids)), b.ArchiveVacancies(ctx, ids)
		}, false)
	case "delete_selection":
		sel := m.pendingSelection
		return m.catalogCall(func(ctx context.Context, b Backend) (string, error) {
			return fmt.Sprintf(t.Selections.Deleted, sel.Name), b.DeleteSelection(ctx, sel.ID)
		}, false)
	}
	return nil
}

// screenBody draws the vacancies or selections screen in one pane.
func (m *Model) screenBody(w, h int) string {
	if m.screen == screenVacancies {
		return m.box(m.c.Text.Vacancies.Title, m.vacView.View(), w, h, true)
	}
	return m.box(m.c.Text.Selections.Title, m.selView.View(), w, h, true)
}

type screenTab struct {
	s     screenID
	label string
}

// screenTabs are the screens besides triage, with their keys.
func (m *Model) screenTabs() []screenTab {
	k := m.c.Keys
	label := func(b key.Binding, name string) string {
		if keys := b.Keys(); len(keys) > 0 {
			return keys[0] + " " + name
		}
		return name
	}
	return []screenTab{
		{screenVacancies, label(k.ScreenVacancies, m.c.Text.Vacancies.Title)},
		{screenSelections, label(k.ScreenSelections, m.c.Text.Selections.Tab)},
	}
}
