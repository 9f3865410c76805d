package query

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Typing a field's name letter by letter (`sal`, `зп`) is a bare word
// until its operator comes: searched, it found next to nothing and the
// list looked emptied. Unfinished tells the line apart while that word is
// being typed, and Hint says what the field takes.

// Unfinished says the line ends in a field's name being typed: its last
// term a bare word, negated or not, with nothing after it (no space, no
// operator yet), that starts a field's name in either language (s, sal,
// -ha, зп, возр). Word is that word; names are the names it starts, one
// per field, in the order of the fields; nil when it is no such word (or
// the line is no query).
func Unfinished(line string) (word string, names []string) {
	q, err := Parse(line)
	if err != nil || len(q.Clauses) == 0 {
		return "", nil
	}
	c := q.Clauses[len(q.Clauses)-1]
	t := c[len(c)-1]
	if t.Field != Text || t.Pos < 0 || t.Pos >= len(line) {
		return "", nil
	}
	word = line[t.Pos:]
	if t.Not {
		word = word[1:]
	}
	if word == "" || word != t.Text || len(word) > maxName {
		return "", nil // quoted, or followed by a space
	}
	if names = namesStarting(word); names == nil {
		return "", nil
	}
	return word, names
}

// namesStarting are the field names word starts, one per field: the one
// in word's own spelling first (ждё: ждёт), then the shortest (ed: edu).
func namesStarting(word string) []string {
	lower, folded := strings.ToLower(word), fold(word)
	best := map[Field]string{}
	rank := func(name string) [2]int {
		exact := 1
		if strings.HasPrefix(name, lower) {
			exact = 0
		}
		return [2]int{exact, utf8.RuneCountInString(name)}
	}
	for name, f := range fieldNames {
		if !strings.HasPrefix(fold(name), folded) {
			continue
		}
		cur, ok := best[f]
		if !ok || less(rank(name), name, rank(cur), cur) {
			best[f] = name
		}
	}
	if len(best) == 0 {
		return nil
	}
	fields := make([]Field, 0, len(best))
	for f := range best {
		fields = append(fields, f)
	}
	slices.Sort(fields)
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = best[f]
	}
	return out
}

// less orders two names by rank, then alphabetically (the map's order is
// no order).
func less(ra [2]int, a string, rb [2]int, b string) bool {
	if c := slices.Compare(ra[:], rb[:]); c != 0 {
		return c < 0
	}
	return a < b
}

// forms are what each field takes after its name; the words in capitals
// are placeholders, said in the UI's language (placeholders).
var forms = map[Field][]string{
	Salary:    {">=N", "<N", ":A-B"},
	Age:       {">=N", "<N", ":A-B"},
	Folder:    {":NAME"},
	Vacancy:   {":ID", `:"TITLE"`},
	Town:      {":NAME"},
	Source:    {":VALUES"},
	Edu:       {":VALUES"},
	Has:       {":VALUES"},
	Waited:    {">2d", "<2d"},
	Responded: {"<7d", ">=2026-11-01"},
}

var placeholders = map[string]*strings.Replacer{
	"en": strings.NewReplacer(),
	"ru": strings.NewReplacer("NAME", "ИМЯ", "TITLE", "название", "2d", "2д", "7d", "7д"),
}

// valueWords are a closed field's values as a hint says them in Russian
// (the English ones are valueList).
var valueWords = map[Field][]string{
	Source: {"соискатель", "подписка", "найден", "коллега"},
	Edu:    {"высшее", "неоконченное", "специальное", "среднее", "учащийся"},
	Has:    {"комментарий", "контакты"},
}

// Hint says what the fields names (Unfinished's) take, each form after
// the name as typed: "salary>=N, salary<N, salary:A-B"; in lang ("en" or
// "ru"; else English) for the placeholders and a closed field's values.
func Hint(names []string, lang string) string {
	r, ok := placeholders[lang]
	if !ok {
		lang, r = "en", placeholders["en"]
	}
	var parts []string
	for _, name := range names {
		f, ok := lookup(fieldNames, name)
		if !ok {
			continue
		}
		values := valueList[f]
		if lang == "ru" {
			values = valueWords[f]
		}
		for _, form := range forms[f] {
			form = strings.Replace(r.Replace(form), "VALUES", strings.Join(values, "|"), 1)
			parts = append(parts, name+form)
		}
	}
	return strings.Join(parts, ", ")
}
