package query

import (
	"errors"
	"strings"
	"testing"
)

// TestParseEveryTerm: each term of issue 31 §2, in either language, reads
// as what it says and prints back in canonical form.
func TestParseEveryTerm(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"водитель", "водитель"},
		{`"водитель погрузчика"`, `"водитель погрузчика"`},
		{"salary>=100000", "salary>=100000"},
		{"зп<80000", "salary<80000"},
		{"ЗП:60000-90000", "salary:60000-90000"},
		{"зарплата<=5", "salary<=5"},
		{"age:25-35", "age:25-35"},
		{"возраст>=40", "age>=40"},
		{"age>30", "age>30"},
		{"folder:considered", "folder:considered"},
		{"папка:рассмотренные", "folder:рассмотренные"},
		{`folder:"Кадровый резерв"`, `folder:"Кадровый резерв"`},
		{"vacancy:42", "vacancy:42"},
		{`вакансия:"водитель B"`, `vacancy:"водитель B"`},
		{`vacancy:"42"`, `vacancy:"42"`},
		{"vacancy:водитель", "vacancy:водитель"},
		{"town:Москва", "town:Москва"},
		{"город:Тверь", "town:Тверь"},
		{"source:applicant", "source:applicant"},
		{"источник:подписка", "source:subscription"},
		{"source:colleague", "source:colleague"},
		{"source:found", "source:found"},
		{"edu:higher", "edu:higher"},
		{"образование:среднее", "edu:secondary"},
		{"new", "new"},
		{"новые", "new"},
		{"stale", "stale"},
		{"has:comment", "has:comment"},
		{"есть:контакты", "has:contacts"},
		{"repeat", "repeat"},
		{"повторные", "repeat"},
		{"snoozed", "snoozed"},
		{"отложено", "snoozed"},
		{"скрыто", "snoozed"},
		{"-скрытые", "-snoozed"},
		{"waited>2d", "waited>2d"},
		{"ждёт>3д", "waited>3d"},
		{"ждет<12ч", "waited<12h"},
		{"responded<7d", "responded<7d"},
		{"отклик<1н", "responded<1w"},
		{"responded>=2026-11-01", "responded>=2026-11-01"},
		{"отклик<=2026-11-20", "responded<=2026-11-20"},
		{"-responded>2026-02-28", "-responded>2026-02-28"},
		{"waited>=2", "waited>=2d"},
		{"-new", "-new"},
		{"-salary>=100000", "-salary>=100000"},
		{`-"кадровый резерв"`, `-"кадровый резерв"`},
		{"-водитель", "-водитель"},
		{"new or stale", "new or stale"},
		{"new ИЛИ folder:invited", "new or folder:invited"},
		{"a   b\tc", "a b c"},
		{`"new"`, `"new"`},
		{`"or"`, `"or"`},
		{`-or`, `-"or"`},
		{`"a \"b\" \\c"`, `"a \"b\" \\c"`},
		{"10:00", "10:00"},
		{"C++", "C++"},
		{"", ""},
	} {
		q, err := Parse(tc.in)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if got := q.String(); got != tc.want {
			t.Errorf("%q printed %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestParseStructure: AND by default, `or` binds two terms into a clause,
// negation is the term's.
func TestParseStructure(t *testing.T) {
	q, err := Parse("водитель -new salary>=1 or age<30 or stale town:Тверь")
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Clauses) != 4 {
		t.Fatalf("clauses %d, want 4: %+v", len(q.Clauses), q.Clauses)
	}
	if c := q.Clauses[0]; len(c) != 1 || c[0].Field != Text || c[0].Text != "водитель" {
		t.Errorf("first clause %+v", c)
	}
	if c := q.Clauses[1]; len(c) != 1 || c[0].Field != New || !c[0].Not {
		t.Errorf("second clause %+v", c)
	}
	c := q.Clauses[2]
	if len(c) != 3 || c[0].Field != Salary || c[0].Op != GE || c[0].N != 1 || c[1].Field != Age || c[1].Op != LT || c[1].N != 30 || c[2].Field != Stale {
		t.Errorf("the or clause %+v", c)
	}
	if c := q.Clauses[3]; len(c) != 1 || c[0].Field != Town || c[0].Text != "Тверь" || c[0].Pos != len("водитель -new salary>=1 or age<30 or stale ") {
		t.Errorf("last clause %+v", c)
	}
	r, err := Parse("salary:100-200")
	if err != nil || r.Clauses[0][0].Op != Range || r.Clauses[0][0].N != 100 || r.Clauses[0][0].M != 200 {
		t.Errorf("range: %+v %v", r, err)
	}
}

// TestParseTyping: the last bare word is still being typed unless a space
// or a quote ended it.
func TestParseTyping(t *testing.T) {
	for in, want := range map[string]bool{"ива": true, "ива ": false, `"ива"`: false, "new": false, "-ива": false, "a salary>1": false, "salary>1 ива": true} {
		q, err := Parse(in)
		if err != nil || q.Typing != want {
			t.Errorf("%q: typing %v (%v), want %v", in, q.Typing, err, want)
		}
	}
}

// TestParseErrors: each mistake says what it is at the byte and rune
// where it is, in both languages.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		in       string
		code     Code
		pos, col int
		en, ru   string
	}{
		{"водитель цвет:red", UnknownField, len("водитель "), 9, `unknown field "цвет"`, `неизвестное поле "цвет"`},
		{"зп>=сто", BadNumber, len("зп>="), 4, `"сто" is not a number`, `"сто" — не число`},
		{"age:30", BadRange, 4, 4, `"30" is not a range (from-to)`, `"30" — не диапазон (от-до)`},
		{"age:40-30", BadRange, 4, 4, `"40-30" is not a range`, `не диапазон`},
		{"salary>=1234567890123", BadNumber, 8, 8, "is not a number", "не число"},
		{"folder>=x", BadOp, 0, 0, "folder cannot be compared", "так не сравнивается"},
		{"waited:2d", BadOp, 0, 0, "waited cannot be compared", "waited так не"},
		{"waited>2y", BadDuration, 7, 7, `"2y" is not a duration`, "не срок"},
		{"responded>=2026-13-01", BadDate, 11, 11, `"2026-13-01" is not a date (2026-11-01)`, "не дата"},
		{"responded:2026-11-01", BadOp, 0, 0, "responded cannot be compared", "так не"},
		{"waited>2026-11-01", BadDuration, 7, 7, "is not a duration", "не срок"},
		{"source:friend", BadValue, 7, 7, `"friend" is not one of: applicant, subscription, found, colleague`, "не одно из"},
		{"edu:phd", BadValue, 4, 4, "higher, incomplete, vocational, secondary, student", "не одно из"},
		{"has:cat", BadValue, 4, 4, "comment, contacts", "не одно из"},
		{"town:", MissingValue, 5, 5, "town needs a value", "у town нет значения"},
		{`folder:""`, MissingValue, 7, 7, "needs a value", "нет значения"},
		{`a "ab`, Unclosed, 2, 2, "a quote is not closed", "кавычка не закрыта"},
		{`folder:"ab`, Unclosed, 7, 7, "quote", "кавычка"},
		{"a - b", LoneNot, 2, 2, "nothing after -", "после - ничего нет"},
		{"a -", LoneNot, 2, 2, "nothing after -", "ничего"},
		{"or a", LoneOr, 0, 0, "or needs a term on each side", "у или нет условия"},
		{"a or", LoneOr, 2, 2, "or needs", "или"},
		{"a или или b", LoneOr, 2, 2, "or needs", "или"},
		{strings.Repeat("a ", maxTerms) + "b", TooLong, 2 * maxTerms, 2 * maxTerms, "too many terms", "слишком много"},
	} {
		_, err := Parse(tc.in)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: %v, want an *Error", tc.in, err)
			continue
		}
		if e.Code != tc.code || e.Pos != tc.pos || e.Col != tc.col {
			t.Errorf("%q: code %d at %d/%d, want %d at %d/%d", tc.in, e.Code, e.Pos, e.Col, tc.code, tc.pos, tc.col)
		}
		if en := e.Message("en"); !strings.Contains(en, tc.en) {
			t.Errorf("%q: %q, want it to say %q", tc.in, en, tc.en)
		}
		if ru := e.Message("ru"); !strings.Contains(ru, tc.ru) {
			t.Errorf("%q: %q, want it to say %q", tc.in, ru, tc.ru)
		}
		if !strings.Contains(e.Error(), tc.en) {
			t.Errorf("%q: Error() %q lacks the English message", tc.in, e.Error())
		}
	}
}

// roundTrip checks what Parse accepted prints to a line that reads back to
// the same query, and prints the same again.
func roundTrip(t *testing.T, line string) {
	q, err := Parse(line)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) || e.Pos < 0 || e.Pos > len(line) || e.Message("ru") == "" {
			t.Fatalf("%q: a bad error %v", line, err)
		}
		return
	}
	s := q.String()
	r, err := Parse(s)
	if err != nil {
		t.Fatalf("%q printed %q, which does not parse: %v", line, s, err)
	}
	if r.String() != s || !sameQuery(q, r) {
		t.Fatalf("%q printed %q, which reads back as %q (%+v vs %+v)", line, s, r.String(), q, r)
	}
}

// sameQuery compares two queries but for the terms' places.
func sameQuery(a, b Query) bool {
	if len(a.Clauses) != len(b.Clauses) {
		return false
	}
	for i := range a.Clauses {
		if len(a.Clauses[i]) != len(b.Clauses[i]) {
			return false
		}
		for j := range a.Clauses[i] {
			x, y := a.Clauses[i][j], b.Clauses[i][j]
			x.Pos, y.Pos = 0, 0
			if x != y {
				return false
			}
		}
	}
	return true
}

var seeds = []string{
	"", "водитель", `"водитель погрузчика" зп>=100000`, "age:25-35 -stale or new", `folder:"Кадровый резерв"`,
	`vacancy:"42"`, "vacancy:42", "waited>2d responded<7d", "-has:comment has:contacts repeat",
	`"a \"b\" \\c"`, "source:коллега edu:высшее", "10:00 C++ -or", `-"-x"`, "a:b", "ЗП<=1 или возраст>2",
	`town:"Нижний Новгород"`, "x\"y", "\xff\xfe", "salary:", "or", "- -", `"new" new`, "--x",
	"responded>=2026-11-01 -responded<2026-11-20 or отклик<=0001-01-01", "responded>2026-1-1",
}

func TestRoundTrip(t *testing.T) {
	for _, s := range seeds {
		roundTrip(t, s)
	}
}

// FuzzParse: Parse never panics, an error is at a place in the line, and
// what it accepts round-trips through String.
func FuzzParse(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(roundTrip)
}

// TestParseLongLine: a pasted page is read in time linear in its length
// (a word of a million bytes was folded for each name it was compared with:
// a second), so the / line keeps up with a paste.
func TestParseLongLine(t *testing.T) {
	word := strings.Repeat("Я", 500000) // upper case: each fold is a copy
	allocs := testing.AllocsPerRun(3, func() {
		q, err := Parse(word)
		if err != nil || q.String() != word {
			t.Fatalf("%v", err)
		}
	})
	if allocs > 20 {
		t.Errorf("%.0f allocations to read one long word, want a few", allocs)
	}
}
