package resumelist

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/views/criteria"
)

// The keys that order and narrow the list act from any pane of the triage
// screen, so the root calls these; each returns the loading command.

// SetVacancies gives the own vacancies' titles, for the vacancy column and
// chip.
func (m *Model) SetVacancies(vs []store.Vacancy) {
	m.names++
	m.splitSeen = false // the column beside the name may be another
	m.vacancyNames = make(map[int64]string, len(vs))
	for _, v := range vs {
		m.vacancyNames[v.ID] = v.Profession
	}
	m.lines = map[int]rowText{}
}

// SetEducationTitles gives the education titles resumes in the cache give,
// for levels the contract's dictionary does not list.
func (m *Model) SetEducationTitles(counts []store.EducationCount) {
	m.names++
	if m.educationNames == nil {
		m.educationNames = make(map[int64]string, len(counts))
	}
	for _, c := range counts { // added to: the filter dialog's counts come in two
		m.educationNames[c.ID] = c.Title
	}
}

// SetStaleAfter is how long a candidate may wait without an event.
func (m *Model) SetStaleAfter(d time.Duration) { m.staleAfter = d }

// SetFolderStale is how many stale candidates the folder shown has.
func (m *Model) SetFolderStale(n int) { m.folderStale = n }

// narrow shows q in the folder (or every folder) with the filters set;
// the cursor goes to the top.
func (m *Model) narrow(q store.ListQuery) tea.Cmd {
	q.Folder = m.folder
	if m.everywhere {
		q.Folder = ""
	}
	m.crit.Apply(&q, m.c.Now(), m.staleAfter)
	m.applyNeedsMe(&q)
	return m.SetQuery(q)
}

// ShowFolder shows another folder, named name in the title; marks are
// forgotten, and so is searching every folder: a folder was asked for.
func (m *Model) ShowFolder(folder, name string) tea.Cmd {
	m.folder, m.folderName, m.everywhere = folder, name, false
	m.ClearMarks()
	return m.narrow(m.query)
}

// ShowView shows a saved view: its folder (named name) or every folder,
// its filters and its order, and search: its query (the caller has
// checked it, CheckSearch), else what the caller keeps of the line.
func (m *Model) ShowView(v criteria.View, name, search string) tea.Cmd {
	m.folder, m.folderName, m.everywhere = v.Folder, name, v.Everywhere
	m.crit, m.needsMe = v.Set, false
	m.ClearMarks()
	q := m.query
	q.SortBy, q.Ascending = v.SortBy, v.Ascending
	m.hasTyped = false // search replaces what waited too
	q.Search = search
	return m.narrow(q)
}

// SearchIn narrows the list to text, in every folder or the folder shown.
func (m *Model) SearchIn(text string, everywhere bool) tea.Cmd {
	m.hasTyped = false // text is the newest
	m.query.Search = text
	if everywhere != m.everywhere {
		m.ClearMarks()
	}
	m.everywhere = everywhere
	return m.narrow(m.query)
}

// Narrow sets the filters, and whether every folder is shown, at once.
func (m *Model) Narrow(s criteria.Set, everywhere bool) tea.Cmd {
	if s == m.crit && everywhere == m.everywhere {
		return nil
	}
	if everywhere != m.everywhere {
		m.ClearMarks()
	}
	m.crit, m.everywhere = s, everywhere
	return m.narrow(m.query)
}

// NarrowWith is Narrow with another search text, in the same query (the
// filter dialog wrote its choices on the line, a chip left it).
func (m *Model) NarrowWith(s criteria.Set, everywhere bool, search string) tea.Cmd {
	if everywhere != m.everywhere {
		m.ClearMarks()
	}
	m.crit, m.everywhere = s, everywhere
	m.hasTyped = false
	m.query.Search = search
	return m.narrow(m.query)
}

// Everywhere says the list searches every folder.
func (m *Model) Everywhere() bool { return m.everywhere }

// SetEverywhere searches every folder (on) or the folder shown.
func (m *Model) SetEverywhere(on bool) tea.Cmd {
	if on == m.everywhere {
		return nil
	}
	m.everywhere = on
	m.ClearMarks()
	return m.narrow(m.query)
}

// SetCriteria narrows the list by s.
func (m *Model) SetCriteria(s criteria.Set) tea.Cmd {
	if s == m.crit {
		return nil
	}
	m.crit = s
	return m.narrow(m.query)
}

// RemoveLastFilter takes the last filter set apart from the line off;
// nil when there is none (the line's chips are the line's: the triage
// screen takes them off it).
func (m *Model) RemoveLastFilter() tea.Cmd {
	kinds := m.crit.Kinds()
	if len(kinds) == 0 {
		return nil
	}
	return m.SetCriteria(m.crit.Without(kinds[len(kinds)-1]))
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

// SetScopeLabel names whose responses the list shows, in its title ("" to
// say nothing: the profile's own scope).
func (m *Model) SetScopeLabel(label string) { m.scopeLabel = label }

// Where names what the list shows: the folder, or every folder.
func (m *Model) Where() string {
	switch {
	case m.needsMe:
		return m.c.Text.Narrow.NeedsMe
	case m.everywhere:
		return m.c.Text.Narrow.AllFolders
	case m.folderName != "":
		return m.folderName
	}
	return m.c.Text.Panes.Resumes
}

// Title says what the list shows: the folder, total, stale candidates,
// scope, marks. The order is in the header, the filters in the chips.
func (m *Model) Title() string {
	t := m.c.Text
	parts := []string{m.Where()}
	if total, ok := m.Total(); ok {
		parts = append(parts, t.Resumes(total))
	}
	// The folder's stale count, while the list is the whole folder: beside
	// a filtered count it would read as part of it.
	if m.folderStale > 0 && !m.everywhere && len(m.crit.Kinds()) == 0 && m.query.Search == "" {
		parts = append(parts, fmt.Sprintf(t.Narrow.StaleCount, m.folderStale))
	}
	if m.scopeLabel != "" {
		parts = append(parts, m.scopeLabel)
	}
	if n := m.MarkedCount(); n > 0 {
		parts = append(parts, fmt.Sprintf(t.Status.Marked, n))
	}
	return strings.Join(parts, " · ")
}

// Narrowing is what narrows the list while the filter line is open: the
// folder or every folder, the number of matches, how many chips.
func (m *Model) Narrowing() string {
	t := m.c.Text
	parts := []string{m.Where()}
	if total, ok := m.Total(); ok && m.totalFresh && !m.hasTyped {
		parts = append(parts, t.Matches(total))
	} else {
		parts = append(parts, m.c.Styles.Glyphs.Ellipsis)
	}
	if n := m.chipCount(); n > 0 {
		parts = append(parts, t.MoreFilters(n))
	}
	return strings.Join(parts, " · ")
}

// ChipNames names what the filters set as the chips do (the filter dialog
// names them so while it counts the choices).
func (m *Model) ChipNames() criteria.Names { return m.chipNames() }

// chipNames gives chips their titles from the cache and the dictionary.
func (m *Model) chipNames() criteria.Names {
	return criteria.Names{
		Vacancy: func(id int64) string { return m.vacancyNames[id] },
		Education: func(id int64) string {
			return criteria.EducationTitle(m.c.Text, id, m.educationNames[id])
		},
	}
}
