package filter

import (
	"fmt"

	"hrdesk/keymap"
	"hrdesk/query"
)

// A query typed in the wrong keyboard layout is no query: "salary>=50000"
// typed in the Russian layout is the word "ыфдфкнЮ=50000", found nowhere,
// and "зп>=5" typed in the Latin one is the unknown field "pg". The line
// says what its keys read in the other layout when that is a query of
// fields and what was typed is not; the text stays as typed (a word that
// reads as a field in the other layout is rare, not impossible).

// otherLayout is text read in the other keyboard layout (keymap's one
// mapping) when that is a query with a field's term and text, as typed,
// has none; "" when not.
func otherLayout(text string) string {
	if q, err := query.Parse(text); err == nil && hasField(q) {
		return ""
	}
	other, ok := keymap.OtherLayout(text)
	if !ok {
		return ""
	}
	if q, err := query.Parse(other); err != nil || !hasField(q) {
		return ""
	}
	return other
}

func hasField(q query.Query) bool {
	for _, c := range q.Clauses {
		for _, t := range c {
			if t.Field != query.Text {
				return true
			}
		}
	}
	return false
}

// layoutSays is what the line says of its text read in the other layout,
// "" when nothing.
func (m *Model) layoutSays(text string) string {
	if other := otherLayout(text); other != "" {
		return fmt.Sprintf(m.c.Text.Narrow.OtherLayout, other)
	}
	return ""
}
