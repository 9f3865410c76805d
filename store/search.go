package store

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxSearchTerms bounds the query a paste of a whole resume can build.
const maxSearchTerms = 16

// SearchQuery turns what a user typed into a safe FTS5 MATCH expression:
// words (runs of letters, digits and marks, as the unicode61 tokenizer
// splits them) each quoted, all required, and the last one a prefix while
// the user is still typing it (no trailing space). FTS5 operators in the
// input (AND, OR, NOT, NEAR, quotes, *, -, :, ^, parentheses) become plain
// words or separators, so user text can never be a syntax error. An input
// without any word gives "".
func SearchQuery(input string) string {
	input = yoReplacer.Replace(input)
	words := strings.FieldsFunc(input, func(r rune) bool { return !isTokenRune(r) })
	if len(words) == 0 {
		return ""
	}
	if len(words) > maxSearchTerms {
		words = words[:maxSearchTerms]
	}
	typing := len(input) > 0 && isTokenRune(lastRune(input))
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		// Only token runes remain, so no quote needs escaping.
		b.WriteByte('"')
		b.WriteString(w)
		b.WriteByte('"')
		if typing && i == len(words)-1 {
			b.WriteByte('*')
		}
	}
	return b.String()
}

// yoReplacer folds ё into е as the search documents do (yoToYe).
var yoReplacer = strings.NewReplacer("ё", "е", "Ё", "Е")

// isTokenRune mirrors unicode61's token characters: letters, numbers,
// marks and private-use code points.
func isTokenRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r) || unicode.Is(unicode.Co, r)
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}
