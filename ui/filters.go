package ui

import (
	"encoding/json"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/textsafe"
)

// nextVacancy cycles the vacancy filter: every vacancy, then each own one.
func (m *Model) nextVacancy() tea.Cmd {
	if len(m.vacancies) == 0 {
		return nil
	}
	m.vacIdx++
	if m.vacIdx >= len(m.vacancies) {
		m.vacIdx = -1
	}
	q := m.list.Query()
	q.VacancyID = 0
	if m.vacIdx >= 0 {
		q.VacancyID = m.vacancies[m.vacIdx].ID
	}
	return m.list.SetQuery(q)
}

// listTitle says what the list shows: total, order, vacancy, scope, marks.
func (m *Model) listTitle() string {
	t := m.c.Text
	parts := []string{t.Panes.Resumes}
	if total, ok := m.list.Total(); ok {
		parts = append(parts, fmt.Sprintf(t.Status.Total, total))
	}
	q := m.list.Query()
	order := []string{t.Sort.Date, t.Sort.Salary, t.Sort.Age}[q.SortBy]
	if q.Ascending {
		order += " " + t.Sort.Ascending
	}
	if q.SortBy != store.SortByDate || q.Ascending {
		parts = append(parts, order)
	}
	if m.vacIdx >= 0 && m.vacIdx < len(m.vacancies) {
		v := m.vacancies[m.vacIdx]
		parts = append(parts, fmt.Sprintf("%s (%d)", textsafe.Line(v.Profession), v.ResumesNew))
	}
	if q.Scope == store.ScopeMine {
		parts = append(parts, t.Scope.Mine)
	}
	if n := m.list.MarkedCount(); n > 0 {
		parts = append(parts, fmt.Sprintf(t.Status.Marked, n))
	}
	return strings.Join(parts, " · ")
}

// copyDetail puts the highlighted resume's link, with its contacts when
// they are open, on the clipboard through OSC 52, which reaches the
// recruiter's own machine through SSH and tmux.
func (m *Model) copyDetail() tea.Cmd {
	if m.detailID == 0 || len(m.detail.RawJSON) == 0 {
		return nil
	}
	var r struct {
		Link   string `json:"link"`
		Name   string `json:"name"`
		Phone1 string `json:"phone1"`
		Email  string `json:"email"`
	}
	_ = json.Unmarshal(m.detail.RawJSON, &r)
	var parts []string
	for _, s := range []string{r.Name, r.Phone1, r.Email, r.Link} {
		if s = textsafe.Line(s); s != "" {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		parts = append(parts, fmt.Sprintf("#%d", m.detailID))
	}
	m.info = m.c.Text.Status.Copied
	return tea.SetClipboard(strings.Join(parts, "\n"))
}
