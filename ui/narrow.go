package ui

import (
	"context"
	"fmt"
	"hrdesk/problem"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/criteria"
	"hrdesk/views/dialogs"
)

// What narrows the list beyond its folder and text: the filter dialog,
// the vacancy picker and saved views (issue 11).

// choice is the dialog a choicesMsg opens.
type choice int

const (
	choiceFilters choice = iota
	choiceVacancy
)

// choicesMsg brings the counts a filter dialog offers, read from the cache
// for what the list shows.
type choicesMsg struct {
	open      choice
	vacancies []store.VacancyCount
	levels    []store.EducationCount
	err       error
}

// loadChoices counts responses per vacancy (and per education level for
// the filter dialog) in the folder shown, or every folder, then opens it.
func (m *Model) loadChoices(open choice) tea.Cmd {
	st := m.st
	q := m.list.Query()
	return func() tea.Msg {
		ctx := context.Background()
		msg := choicesMsg{open: open}
		if msg.vacancies, msg.err = st.VacancyCounts(ctx, q.Scope, q.Folder); msg.err != nil {
			return msg
		}
		if open == choiceFilters {
			msg.levels, msg.err = st.EducationCounts(ctx, q.Scope, q.Folder)
		}
		return msg
	}
}

// openChoices opens the dialog the counts were loaded for.
func (m *Model) openChoices(msg choicesMsg) tea.Cmd {
	if msg.err != nil {
		m.status.Note(problem.Problem{Kind: problem.Local, Detail: msg.err.Error()})
		return nil
	}
	set, everywhere := m.list.Criteria(), m.list.Everywhere()
	if msg.open == choiceVacancy {
		m.openDialog(paneList, dialogs.NewVacancyPicker(m.c, set, everywhere, msg.vacancies))
		return nil
	}
	m.list.SetEducationTitles(msg.levels)
	m.openDialog(paneList, dialogs.NewFiltersDialog(m.c, set, everywhere, m.folders.Current().Name, msg.vacancies, msg.levels))
	return nil
}

// showView shows a saved view: its folder (the folders pane follows) or
// every folder, its filters and order.
func (m *Model) showView(v criteria.View) tea.Cmd {
	name := m.folders.Name(v.Folder)
	if i, ok := m.folders.IndexOf(v.Folder); ok && !v.Everywhere {
		m.folders.Select(i)
	}
	if f := m.folders.Current(); v.Everywhere || f.ID == v.Folder {
		// Every folder: the folders pane keeps its folder to come back to.
		v.Folder, name = f.ID, f.Name
	}
	m.list.SetFolderStale(m.folders.Stale())
	m.status.Say(fmt.Sprintf(m.c.Text.Narrow.ViewShown, v.Name))
	return m.to(paneList, m.list.ShowView(v, name))
}

// toTriage comes back to the triage screen from a catalog screen.
func (m *Model) toTriage() {
	if m.mode != modeTriage {
		m.setMode(modeTriage)
		m.setFocus(paneList)
	}
}
