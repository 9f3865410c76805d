package resumelist

import "hrdesk/views/criteria"

// The chips above the list are its search line's query (issue 31 §2),
// read onto the filters set apart from the line (a period of the last
// days, the vacancy picker's choice, a saved view's keys): the filters
// the line's terms say are chips in words, its other terms but its words
// chips as the line writes them (criteria.Read). They say what the list
// shows: the search run, not one still waiting for the rows loading.

// lineChips are the chips read from a set and a search.
type lineChips struct {
	crit   criteria.Set
	search string
	set    criteria.Set    // the filters the chips say
	terms  []criteria.Chip // the line's other terms
}

// read is the chips of the filters and the search shown, read again only
// when one of them changed: the rows on screen ask at every key.
func (m *Model) read() *lineChips {
	if c := m.chips; c != nil && c.crit == m.crit && c.search == m.query.Search {
		return c
	}
	c := &lineChips{crit: m.crit, search: m.query.Search, set: m.crit}
	if s, rest, ok := criteria.Read(m.crit, m.query.Search); ok {
		c.set, c.terms = s, criteria.TermChips(rest)
	}
	m.chips = c
	return c
}

// chipCount is how many chips there are.
func (m *Model) chipCount() int {
	c := m.read()
	return len(c.set.Kinds()) + len(c.terms)
}

// Criteria are the filters the chips say: those set apart from the line
// and the line's terms a filter says exactly (what the filter dialog
// opens with).
func (m *Model) Criteria() criteria.Set { return m.read().set }

// Filters are the filters set apart from the line.
func (m *Model) Filters() criteria.Set { return m.crit }
