package criteria

import "hrdesk/query"

// The chips above the list are the `/` line's query (issue 31 §2): the
// line read onto the filters the line does not hold (a period of the
// last days, the vacancy picker's choice, a saved view's keys) gives the
// set the chips say, and each of the line's other terms but its words is
// a chip as the line writes it (-has:comment, new or stale). Editing the
// line changes the chips; the filter dialog applied writes the line
// (Line); a chip taken off takes its terms off the line
// (WithoutLastChip).

// Term is the kind of a chip of a line's term no filter of the set says.
const Term = Education + 1

// searchWords is a clause's kind when it is the search's words, no chip.
const searchWords = Kind(-1)

// Read is line read onto the filters base: the set the chips say (base,
// and the line's terms a filter says exactly: FromQuery) and the line's
// other terms; ok is false when the line is no query (the set is base).
func Read(base Set, line string) (s Set, rest query.Query, ok bool) {
	q, err := query.Parse(line)
	if err != nil {
		return base, query.Query{}, false
	}
	s, rest = FromQuery(base, q)
	return s, rest, true
}

// TermChips are the chips of rest's terms but its words (a word or
// phrase alone in its clause, not negated: the search, on the line): each
// clause as the line writes it.
func TermChips(rest query.Query) []Chip {
	var out []Chip
	for _, c := range rest.Clauses {
		if isWords(c) {
			continue
		}
		text := query.Query{Clauses: []query.Clause{c}}.String()
		out = append(out, Chip{Kind: Term, Label: text, Short: text})
	}
	return out
}

func isWords(c query.Clause) bool {
	return len(c) == 1 && !c[0].Not && c[0].Field == query.Text
}

// fieldKind is the filter a field's term sets when the set takes it.
var fieldKind = map[query.Field]Kind{query.Responded: Responded, query.Salary: Salary, query.Age: Age,
	query.New: OnlyNew, query.Stale: Stale, query.Vacancy: Vacancy, query.Edu: Education}

// clauseKinds says which chip each clause of q is, read onto base as
// FromQuery reads it: the filter it sets, Term, or searchWords.
func clauseKinds(base Set, q query.Query) []Kind {
	s := base
	out := make([]Kind, len(q.Clauses))
	for i, c := range q.Clauses {
		switch {
		case len(c) == 1 && !c[0].Not && s.take(c[0]):
			out[i] = fieldKind[c[0].Field]
		case isWords(c):
			out[i] = searchWords
		default:
			out[i] = Term
		}
	}
	return out
}

// WithoutLastChip takes the last chip of the line q read onto base off
// the line: its last term of a chip of its own (TermChips: those are
// shown after the set's), else the terms that set the set's last filter.
// It returns the line without them and the chip's kind (Term, or the
// filter, which the caller takes off base too: new and stale may be
// both); false when there is no chip.
func WithoutLastChip(base Set, q query.Query) (query.Query, Kind, bool) {
	ks := clauseKinds(base, q)
	kind, at := Term, -1
	for i, k := range ks {
		if k == Term {
			at = i // the last
		}
	}
	if at < 0 {
		s, _ := FromQuery(base, q)
		set := s.Kinds()
		if len(set) == 0 {
			return q, Term, false
		}
		kind = set[len(set)-1]
	}
	out := query.Query{Typing: q.Typing}
	for i, c := range q.Clauses {
		if i == at || kind != Term && ks[i] == kind {
			if i == len(q.Clauses)-1 {
				out.Typing = false // the word before it is no longer being typed
			}
			continue
		}
		out.Clauses = append(out.Clauses, c)
	}
	if len(out.Clauses) == 0 {
		out.Typing = false
	}
	return out, kind, true
}
