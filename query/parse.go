package query

import (
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// maxTerms bounds a query: a paste of a whole resume is not a query.
const maxTerms = 64

// maxDigits bounds a number: 12 digits hold any salary and any duration.
const maxDigits = 12

// Parse reads a line of the language. A mistake is an *Error at its place;
// nothing of the line is changed or lost by reading it.
func Parse(line string) (Query, error) {
	p := parser{s: line}
	return p.query()
}

type parser struct {
	s string
	i int
}

// item is a term or an `or` between two.
type item struct {
	term Term
	or   bool
	pos  int
}

func (p *parser) fail(pos int, code Code, arg string) *Error {
	return &Error{Pos: pos, Col: utf8.RuneCountInString(p.s[:pos]), Code: code, Arg: arg}
}

func (p *parser) query() (Query, error) {
	var items []item
	for {
		p.skipSpace()
		if p.i >= len(p.s) {
			break
		}
		it, err := p.item()
		if err != nil {
			return Query{}, err
		}
		if len(items) == maxTerms {
			return Query{}, p.fail(it.pos, TooLong, "")
		}
		items = append(items, it)
	}
	q, err := p.clauses(items)
	if err != nil {
		return Query{}, err
	}
	if n := len(items); n > 0 && !items[n-1].or {
		last := items[n-1].term
		q.Typing = last.Field == Text && !last.Not && !last.Quoted && p.i == len(p.s) &&
			!unicode.IsSpace(lastRune(p.s))
	}
	return q, nil
}

// clauses groups items: a term, or terms joined by `or`.
func (p *parser) clauses(items []item) (Query, error) {
	var q Query
	for k := 0; k < len(items); k++ {
		it := items[k]
		if it.or {
			return Query{}, p.fail(it.pos, LoneOr, "")
		}
		c := Clause{it.term}
		for k+1 < len(items) && items[k+1].or {
			if k+2 >= len(items) || items[k+2].or {
				return Query{}, p.fail(items[k+1].pos, LoneOr, "")
			}
			c = append(c, items[k+2].term)
			k += 2
		}
		q.Clauses = append(q.Clauses, c)
	}
	return q, nil
}

func (p *parser) skipSpace() {
	for p.i < len(p.s) {
		r, n := utf8.DecodeRuneInString(p.s[p.i:])
		if !unicode.IsSpace(r) {
			return
		}
		p.i += n
	}
}

// atEnd says the term ends here: the line's end or a space.
func (p *parser) atEnd() bool {
	if p.i >= len(p.s) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(p.s[p.i:])
	return unicode.IsSpace(r)
}

func (p *parser) item() (item, error) {
	start := p.i
	t := Term{Pos: start}
	if p.s[p.i] == '-' {
		t.Not = true
		p.i++
		if p.atEnd() {
			return item{}, p.fail(start, LoneNot, "")
		}
	}
	if p.s[p.i] == '"' {
		text, err := p.quoted()
		if err != nil {
			return item{}, err
		}
		t.Text, t.Quoted = text, true
		return item{term: t, pos: start}, nil
	}
	nameStart := p.i
	name := p.letters()
	if op, ok := p.op(); ok && name != "" {
		f, known := lookup(fieldNames, name)
		if !known {
			return item{}, p.fail(nameStart, UnknownField, name)
		}
		t.Field, t.Op = f, op
		if err := p.value(&t, name); err != nil {
			return item{}, err
		}
		return item{term: t, pos: start}, nil
	}
	p.i = nameStart
	word := p.bare()
	if f, ok := lookup(flagNames, word); ok {
		t.Field = f
		return item{term: t, pos: start}, nil
	}
	if _, ok := lookup(orWords, word); ok && !t.Not {
		return item{or: true, pos: start}, nil
	}
	// A bare word String must quote ("-x", a negated "or") is as if quoted.
	t.Text, t.Quoted = word, needsQuotes(word)
	return item{term: t, pos: start}, nil
}

// letters reads a run of letters: a field's name.
func (p *parser) letters() string {
	start := p.i
	for p.i < len(p.s) {
		r, n := utf8.DecodeRuneInString(p.s[p.i:])
		if !unicode.IsLetter(r) {
			break
		}
		p.i += n
	}
	return p.s[start:p.i]
}

// op reads a comparison, if one is here.
func (p *parser) op() (Op, bool) {
	rest := p.s[p.i:]
	for _, o := range []struct {
		text string
		op   Op
	}{{">=", GE}, {"<=", LE}, {">", GT}, {"<", LT}, {":", Is}} {
		if strings.HasPrefix(rest, o.text) {
			p.i += len(o.text)
			return o.op, true
		}
	}
	return 0, false
}

// bare reads up to a space or a quote.
func (p *parser) bare() string {
	start := p.i
	for p.i < len(p.s) {
		r, n := utf8.DecodeRuneInString(p.s[p.i:])
		if unicode.IsSpace(r) || r == '"' {
			break
		}
		p.i += n
	}
	return p.s[start:p.i]
}

// quoted reads "…" with \" and \\ inside.
func (p *parser) quoted() (string, error) {
	start := p.i
	p.i++
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String(), nil
		case c == '\\' && p.i+1 < len(p.s) && (p.s[p.i+1] == '"' || p.s[p.i+1] == '\\'):
			b.WriteByte(p.s[p.i+1])
			p.i += 2
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	return "", p.fail(start, Unclosed, "")
}

// value reads a field's value after its operator into t.
func (p *parser) value(t *Term, name string) error {
	at := p.i
	var raw string
	quoted := p.i < len(p.s) && p.s[p.i] == '"'
	if quoted {
		var err error
		if raw, err = p.quoted(); err != nil {
			return err
		}
	} else {
		raw = p.bare()
	}
	if raw == "" && !quoted {
		return p.fail(at, MissingValue, name)
	}
	switch t.Field {
	case Salary, Age:
		return p.amount(t, raw, at, name)
	case Waited, Responded:
		return p.duration(t, raw, at, name)
	}
	if t.Op != Is {
		return p.fail(t.Pos, BadOp, name)
	}
	switch t.Field {
	case Vacancy:
		if n, ok := number(raw); ok && !quoted {
			t.N = n
			return nil
		}
		t.Text, t.Quoted = raw, quoted
	case Folder, Town:
		t.Text, t.Quoted = raw, quoted
	default: // source, edu, has: a closed list
		v, ok := lookup(values[t.Field], raw)
		if !ok {
			e := p.fail(at, BadValue, raw)
			e.Choices = valueList[t.Field]
			return e
		}
		t.Text = v
	}
	if t.Text == "" && t.N == 0 {
		return p.fail(at, MissingValue, name)
	}
	return nil
}

// amount reads salary's or age's N or A-B.
func (p *parser) amount(t *Term, raw string, at int, name string) error {
	if t.Op != Is {
		n, ok := number(raw)
		if !ok {
			return p.fail(at, BadNumber, raw)
		}
		t.N = n
		return nil
	}
	lo, hi, found := strings.Cut(raw, "-")
	a, okA := number(lo)
	b, okB := number(hi)
	if !found || !okA || !okB || a > b {
		return p.fail(at, BadRange, raw)
	}
	t.Op, t.N, t.M = Range, a, b
	return nil
}

// duration reads waited's or responded's 2d, 12h, 1w (days when no unit).
func (p *parser) duration(t *Term, raw string, at int, name string) error {
	if t.Op == Is {
		return p.fail(t.Pos, BadOp, name)
	}
	if t.Field == Responded && strings.Count(raw, "-") == 2 {
		day, err := time.Parse(time.DateOnly, raw)
		if err != nil {
			return p.fail(at, BadDate, raw)
		}
		t.N, t.Unit = dayNumber(day), Date
		return nil
	}
	digits := strings.TrimRightFunc(raw, unicode.IsLetter)
	n, ok := number(digits)
	if !ok {
		return p.fail(at, BadDuration, raw)
	}
	t.N, t.Unit = n, Days
	if u := raw[len(digits):]; u != "" {
		unit, ok := lookup(units, u)
		if !ok {
			return p.fail(at, BadDuration, raw)
		}
		t.Unit = unit
	}
	return nil
}

// dayNumber is a calendar day as yyyymmdd (Date's N).
func dayNumber(t time.Time) int64 {
	return int64(t.Year())*10000 + int64(t.Month())*100 + int64(t.Day())
}

// number reads plain decimal digits, at most maxDigits.
func number(s string) (int64, bool) {
	if s == "" || len(s) > maxDigits {
		return 0, false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}
