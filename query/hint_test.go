package query

import (
	"slices"
	"strings"
	"testing"
)

// A field's name being typed is told apart from a word (issue 31 §2:
// `sal` searched as a word emptied the list): the last bare word, negated
// or not, with nothing after it, starting a name in either language; one
// name per field, in the typed spelling first.
func TestUnfinished(t *testing.T) {
	for line, want := range map[string][]string{
		"sal":              {"salary"},
		"s":                {"salary", "source"},
		"водитель зп":      {"зп"},
		"водитель ЗА":      {"зарплата"},
		"-ha":              {"has"},
		"a or возр":        {"возраст"},
		"ed":               {"edu"},
		"ждё":              {"ждёт"},
		"жде":              {"ждет"},
		"жд":               {"ждет"}, // ждет and ждёт tie (typed spelling, length): the first alphabetically
		"salary":           {"salary"},
		"has:comment town": {"town"},
		"sal ":             nil, // a space after it: a word
		`"sal"`:            nil, // quoted: a word
		"salary>":          nil, // no query yet (its mistake is said)
		"salary>=5":        nil,
		"Водитель":         nil,
		"Ф":                nil,
		"new":              nil, // a flag is a term, no field's name
		"sal водитель":     nil, // not the last word
		"":                 nil,
		"-":                nil,
	} {
		word, got := Unfinished(line)
		if !slices.Equal(got, want) {
			t.Errorf("%q: %q, want %q", line, got, want)
		}
		if got != nil && !strings.HasSuffix(line, word) {
			t.Errorf("%q: the word %q is not the line's last", line, word)
		}
	}
}

// The hint says each form the fields take after the name typed, the
// placeholders and closed values in the UI's language.
func TestHint(t *testing.T) {
	for _, c := range []struct {
		names      []string
		lang, want string
	}{
		{[]string{"salary"}, "en", "salary>=N, salary<N, salary:A-B"},
		{[]string{"зп"}, "ru", "зп>=N, зп<N, зп:A-B"},
		{[]string{"has"}, "en", "has:comment|contacts"},
		{[]string{"есть"}, "ru", "есть:комментарий|контакты"},
		{[]string{"folder", "vacancy"}, "ru", `folder:ИМЯ, vacancy:ID, vacancy:"название"`},
		{[]string{"waited"}, "xx", "waited>2d, waited<2d"},
		{[]string{"отклик"}, "ru", "отклик<7д, отклик>=2026-11-01"},
		{[]string{"nothing"}, "en", ""},
	} {
		if got := Hint(c.names, c.lang); got != c.want {
			t.Errorf("%q %s: %q, want %q", c.names, c.lang, got, c.want)
		}
	}
	// Every form a hint shows reads (with its placeholders filled in).
	for _, line := range []string{"salary>=1", "salary<1", "salary:1-2", "vacancy:1", `vacancy:"a"`, "waited>2d", "waited<2д",
		"responded<7d", "responded>=2026-11-01", "has:comment", "есть:контакты", "source:коллега", "edu:учащийся"} {
		if _, err := Parse(line); err != nil {
			t.Errorf("a hint's form %q does not read: %v", line, err)
		}
	}
}

// FuzzUnfinished: any line, no panic; a name found is the line's last
// word, and its hint names it.
func FuzzUnfinished(f *testing.F) {
	for _, s := range []string{"sal", "-ha", "a or возр", `"sal`, "-", "ждё", "x -\"", "зп>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		word, names := Unfinished(line)
		if names == nil {
			return
		}
		if word == "" || !strings.HasSuffix(line, word) {
			t.Errorf("%q: the word %q is not the line's last", line, word)
		}
		if h := Hint(names, "ru"); !strings.HasPrefix(h, names[0]) {
			t.Errorf("%q: the hint %q does not start with %q", line, h, names[0])
		}
	})
}
