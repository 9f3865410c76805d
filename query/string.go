package query

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// String is the query in canonical form: English field names, `or`
// between a clause's terms, one space between terms; Parse reads it back
// to the same query.
func (q Query) String() string {
	var b strings.Builder
	for i, c := range q.Clauses {
		if i > 0 {
			b.WriteByte(' ')
		}
		for j, t := range c {
			if j > 0 {
				b.WriteString(" or ")
			}
			b.WriteString(t.String())
		}
	}
	return b.String()
}

// String is the term in canonical form.
func (t Term) String() string {
	var b strings.Builder
	if t.Not {
		b.WriteByte('-')
	}
	switch t.Field {
	case Text:
		if t.Quoted || needsQuotes(t.Text) {
			b.WriteString(quote(t.Text))
		} else {
			b.WriteString(t.Text)
		}
		return b.String()
	case New, Stale, Repeat, Snoozed:
		b.WriteString(canonical[t.Field])
		return b.String()
	}
	b.WriteString(canonical[t.Field])
	b.WriteString(opText[t.Op])
	switch t.Field {
	case Salary, Age:
		b.WriteString(strconv.FormatInt(t.N, 10))
		if t.Op == Range {
			b.WriteByte('-')
			b.WriteString(strconv.FormatInt(t.M, 10))
		}
	case Waited, Responded:
		if t.Unit == Date {
			fmt.Fprintf(&b, "%04d-%02d-%02d", t.N/10000, t.N/100%100, t.N%100)
			break
		}
		b.WriteString(strconv.FormatInt(t.N, 10))
		b.WriteByte(byte(t.Unit))
	case Vacancy:
		if t.Text == "" {
			b.WriteString(strconv.FormatInt(t.N, 10))
			break
		}
		b.WriteString(value(t.Text, t.Quoted || isDigits(t.Text)))
	default:
		b.WriteString(value(t.Text, t.Quoted))
	}
	return b.String()
}

var opText = map[Op]string{Is: ":", Range: ":", GE: ">=", GT: ">", LE: "<=", LT: "<"}

// value is a field's value, quoted when it must be to read back the same.
func value(s string, quoted bool) string {
	if quoted || s == "" || strings.ContainsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '"' }) {
		return quote(s)
	}
	return s
}

// needsQuotes says a bare word would not read back as that word: it would
// be a flag, `or`, a negation, a field or several words.
func needsQuotes(w string) bool {
	if w == "" || w[0] == '-' || strings.ContainsFunc(w, func(r rune) bool { return unicode.IsSpace(r) || r == '"' }) {
		return true
	}
	if _, ok := lookup(flagNames, w); ok {
		return true
	}
	if _, ok := lookup(orWords, w); ok {
		return true
	}
	// Letters then an operator read as a field.
	i := 0
	for i < len(w) {
		r, n := utf8.DecodeRuneInString(w[i:])
		if !unicode.IsLetter(r) {
			break
		}
		i += n
	}
	return i > 0 && strings.ContainsAny(w[i:min(i+1, len(w))], ":<>")
}

func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

func isDigits(s string) bool {
	_, ok := number(s)
	return ok || (s != "" && strings.Trim(s, "0123456789") == "")
}
