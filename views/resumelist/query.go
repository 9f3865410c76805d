package resumelist

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/textsafe"
)

// The keys that order and narrow the list act from any pane of the triage
// screen, so the root calls these; each returns the loading command.

// SetVacancies gives the own vacancies: their titles for the vacancy
// column and the list title, and the order v cycles through them.
func (m *Model) SetVacancies(vs []store.Vacancy) {
	m.vacancies = vs
	m.vacancyNames = make(map[int64]string, len(vs))
	for _, v := range vs {
		m.vacancyNames[v.ID] = v.Profession
	}
	m.lines = map[int]string{}
}

// ShowFolder shows another folder, named name in the title; marks are
// forgotten.
func (m *Model) ShowFolder(folder, name string) tea.Cmd {
	q := m.query
	q.Folder, m.folderName = folder, name
	m.ClearMarks()
	return m.SetQuery(q)
}

// ShowVacancy shows one vacancy's received resumes in folder (named name).
func (m *Model) ShowVacancy(folder, name string, vacancyID int64) tea.Cmd {
	q := m.query
	q.Folder, q.VacancyID, m.folderName = folder, vacancyID, name
	m.ClearMarks()
	return m.SetQuery(q)
}

// Search narrows the list to what the filter line holds.
func (m *Model) Search(text string) tea.Cmd {
	q := m.query
	q.Search = text
	return m.SetQuery(q)
}

// CycleSort orders by date, salary, then age.
func (m *Model) CycleSort() tea.Cmd {
	q := m.query
	q.SortBy = (q.SortBy + 1) % 3
	return m.SetQuery(q)
}

// ReverseSort turns the order around.
func (m *Model) ReverseSort() tea.Cmd {
	q := m.query
	q.Ascending = !q.Ascending
	return m.SetQuery(q)
}

// ToggleScope switches between the user's own resumes and the company's.
func (m *Model) ToggleScope() tea.Cmd {
	q := m.query
	if q.Scope == store.ScopeMine {
		q.Scope = store.ScopeAll
	} else {
		q.Scope = store.ScopeMine
	}
	return m.SetQuery(q)
}

// CycleVacancy narrows to every vacancy, then each own one in turn.
func (m *Model) CycleVacancy() tea.Cmd {
	if len(m.vacancies) == 0 {
		return nil
	}
	q := m.query
	next := 0
	for i, v := range m.vacancies {
		if v.ID == q.VacancyID && q.VacancyID != 0 {
			next = i + 1
		}
	}
	q.VacancyID = 0
	if next < len(m.vacancies) && (m.query.VacancyID != 0 || next == 0) {
		q.VacancyID = m.vacancies[next].ID
	}
	return m.SetQuery(q)
}

// Title says what the list shows: the folder, total, order, vacancy,
// scope, marks.
func (m *Model) Title() string {
	t := m.c.Text
	parts := []string{t.Panes.Resumes}
	if m.folderName != "" {
		parts[0] = m.folderName
	}
	if total, ok := m.Total(); ok {
		parts = append(parts, t.Resumes(total))
	}
	q := m.query
	order := []string{t.Sort.Date, t.Sort.Salary, t.Sort.Age}[q.SortBy]
	if q.Ascending {
		order += " " + t.Sort.Ascending
	}
	if q.SortBy != store.SortByDate || q.Ascending {
		parts = append(parts, order)
	}
	for _, v := range m.vacancies {
		if q.VacancyID != 0 && v.ID == q.VacancyID {
			parts = append(parts, fmt.Sprintf("%s (%d)", textsafe.Line(v.Profession), v.ResumesNew))
		}
	}
	if q.Scope == store.ScopeMine {
		parts = append(parts, t.Scope.Mine)
	}
	if n := m.MarkedCount(); n > 0 {
		parts = append(parts, fmt.Sprintf(t.Status.Marked, n))
	}
	return strings.Join(parts, " · ")
}
