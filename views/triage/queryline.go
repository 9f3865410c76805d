package triage

import (
	tea "charm.land/bubbletea/v2"

	"hrdesk/query"
	"hrdesk/views/action"
	"hrdesk/views/criteria"
)

// The filter dialog's choices, the chips above the list and the `/` line
// are one query (issue 31 §2). The dialog opens with the line's terms a
// filter says exactly (salary>=80000, new, edu:higher…) marked as its
// choices; applied, it writes the line anew: its choices as terms, then
// the line's other terms and words (salary>=60000 folder:inbox водитель).
// The chips are drawn from the line (resumelist's chips.go), so editing
// the line changes them, and a chip taken off takes its terms off the
// line. What the language cannot say (the last N days, an education level
// with no word) stays a filter of the list apart from the line.

// lineFilters is what the filter dialog read from the line: the line as
// it was, and its terms no filter says.
type lineFilters struct {
	line string
	rest query.Query
}

// dialogSet is the filters the dialog opens with: the chips, the line's
// terms among them; it notes the line's other terms, which applying the
// dialog keeps on the line after its choices.
func (m *Model) dialogSet() criteria.Set {
	m.fromLine = nil
	base, line := m.list.Filters(), m.filter.Text()
	if m.filter.Err() != nil {
		return base // a mistaken line is the recruiter's to mend: it is left as typed
	}
	set, rest, ok := criteria.Read(base, line)
	if !ok {
		return base
	}
	m.fromLine = &lineFilters{line: line, rest: rest}
	return set
}

// vacancySet is the filters the vacancy picker opens with. When the line
// says the vacancy (vacancy:501), it is read from the line and the choice
// is written back there; else the choice is a filter apart, and the line
// stays as the recruiter typed it.
func (m *Model) vacancySet() criteria.Set {
	apart := m.list.Filters()
	if set := m.dialogSet(); m.fromLine != nil && apart.VacancyID == 0 && set.VacancyID != 0 {
		return set
	}
	m.fromLine = nil
	return apart
}

// narrowTo sets the filters a dialog chose. The filter dialog's are
// written on the line (dialogSet), when the line is still the same, and
// so is the vacancy picker's when the line said the vacancy; the others,
// and any under a mistaken line, are the list's apart.
func (m *Model) narrowTo(a action.Narrow) tea.Cmd {
	from := m.fromLine
	m.fromLine = nil
	if from == nil || from.line != m.filter.Text() || m.filter.Err() != nil {
		return to(OnList, m.list.Narrow(a.Set, a.Everywhere))
	}
	return m.writeLine(a.Set.Unsaid(), criteria.Line(a.Set, from.rest), a.Everywhere)
}

// writeLine puts line on the filter line and shows it, with apart the
// filters set apart from it.
func (m *Model) writeLine(apart criteria.Set, line string, everywhere bool) tea.Cmd {
	s := m.filter.SetText(line)
	if s.Invalid {
		// Not a line hrdesk writes (its mistake is said under it): the
		// list keeps its search, with the filters apart.
		return to(OnList, m.list.Narrow(apart, everywhere))
	}
	if s.Text == m.list.SearchText() && apart == m.list.Filters() && everywhere == m.list.Everywhere() {
		return nil // the same query: the list and its cursor stay
	}
	return to(OnList, m.list.NarrowWith(apart, everywhere, s.Text))
}

// removeLastChip takes the last chip off: its terms off the line, the
// filter off those set apart from it, or both (new, stale). Under a
// mistaken line only the latter: the line is the recruiter's to mend.
func (m *Model) removeLastChip() tea.Cmd {
	base := m.list.Filters()
	q, err := query.Parse(m.filter.Text())
	if err != nil || m.filter.Err() != nil {
		return to(OnList, m.list.RemoveLastFilter())
	}
	rest, kind, ok := criteria.WithoutLastChip(base, q)
	if !ok {
		return nil
	}
	apart := base.Without(kind)
	if len(rest.Clauses) == len(q.Clauses) {
		return to(OnList, m.list.SetCriteria(apart)) // the filter was not the line's
	}
	return m.writeLine(apart, criteria.Line(criteria.Set{}, rest), m.list.Everywhere())
}
