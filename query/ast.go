// Package query is the one search language of the workstation's `/` line,
// the filter dialog, saved views and `hrdesk search` (issue 31 §2): words
// and "quoted phrases", fields (salary>=N, folder:NAME, …), flags (new,
// stale, …), `-` negating any term, terms ANDed, `or` between two terms.
// Parse reads a line into a Query; String prints it back in its canonical
// form (English field names); Compile turns it into what store runs.
package query

// Field is what a term is about.
type Field int

// The fields of the language; Text is a bare word or a quoted phrase.
const (
	Text Field = iota
	Salary
	Age
	Folder
	Vacancy
	Town
	Source
	Edu
	Has
	Waited
	Responded
	New
	Stale
	Repeat
	Snoozed // put aside until a moment (issue 31 §4); the list then shows them
)

// Op is how a field's term compares.
type Op int

// The comparisons; Is is `:` with a name, Range is `:A-B`.
const (
	Is Op = iota
	Range
	GE
	GT
	LE
	LT
)

// Term is one term of a query.
type Term struct {
	Pos   int // the byte offset of the term in the line parsed (its `-` when negated)
	Not   bool
	Field Field
	Op    Op
	// Text is a Text term's words, a folder's, town's or vacancy title's
	// name, or the canonical value of source, edu and has ("applicant",
	// "higher", "comment").
	Text string
	// Quoted says Text was typed in quotes: a phrase, or a name with spaces.
	Quoted bool
	// N is the number of a comparison or a vacancy's id (Text then empty);
	// Range is N..M inclusive. Waited and Responded count Unit's.
	N, M int64
	Unit Unit
}

// Unit is a duration's unit in waited>2d and responded<7d.
type Unit byte

// Units of a duration.
const (
	Days  Unit = 'd'
	Hours Unit = 'h'
	Weeks Unit = 'w'
	// Date: N is a calendar day as yyyymmdd (responded>=2026-11-01, what
	// the filter dialog's period says), in the profile's time zone.
	Date Unit = 'D'
)

// Clause is terms joined by `or`: any of them holds.
type Clause []Term

// Query is clauses, all of which hold.
type Query struct {
	Clauses []Clause
	// Typing says the line ended inside a bare word, which the full-text
	// search then takes as a prefix (what the `/` line does today).
	Typing bool
}

// Empty says the query has no term: it narrows nothing.
func (q Query) Empty() bool { return len(q.Clauses) == 0 }
