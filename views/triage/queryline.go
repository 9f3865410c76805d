package triage

import (
	tea "charm.land/bubbletea/v2"

	"hrdesk/query"
	"hrdesk/views/action"
	"hrdesk/views/criteria"
)

// The filter dialog's choices and the `/` line are one query (issue 31
// §2): the dialog opens with the line's terms a filter says exactly
// (salary>=80000, new, edu:higher…) marked as its choices, and applied,
// those terms leave the line for the chips, so nothing is said twice and
// a choice taken off in the dialog is off the line too.

// lineFilters is what the filter dialog took from the line: the line as
// it was, and its text without the terms taken.
type lineFilters struct {
	line, rest string
}

// dialogSet is the filters the dialog opens with: the chips, and the
// line's terms the chips do not say yet; it notes what applying them
// leaves on the line.
func (m *Model) dialogSet() criteria.Set {
	m.fromLine = nil
	set := m.list.Criteria()
	line := m.list.SearchText()
	qr, err := query.Parse(line)
	if err != nil || line == "" || m.filter.Err() != nil {
		return set // a mistaken line is the recruiter's to mend: it is left as typed
	}
	taken, rest := criteria.FromQuery(set, qr)
	if taken == set {
		return set
	}
	text := rest.String()
	if !rest.Typing && text != "" {
		text += " " // no word is being typed: none is a prefix
	}
	m.fromLine = &lineFilters{line: line, rest: text}
	return taken
}

// narrow sets the filters a dialog chose; the filter dialog's also takes
// its terms off the line (dialogSet), when the line is still the same.
func (m *Model) narrowTo(a action.Narrow) tea.Cmd {
	from := m.fromLine
	m.fromLine = nil
	if from == nil || from.line != m.list.SearchText() {
		return to(OnList, m.list.Narrow(a.Set, a.Everywhere))
	}
	m.filter.SetText(from.rest)
	return to(OnList, m.list.NarrowWith(a.Set, a.Everywhere, from.rest))
}
