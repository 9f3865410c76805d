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

// isTokenRune mirrors unicode61's token characters: letters, numbers and
// private-use code points, and the combining accents its remove_diacritics
// folds away (a stress mark in "Ива́нов" stays inside the word). Its tables
// are Unicode 6.1's: a mark it does not fold, and the few letters Unicode
// has since made marks, end a word. A word here must never be two of its
// tokens, or the query would be a phrase, which the index (detail = none)
// refuses; TestSearchWordsAreTokens checks every code point. Code points
// it took as unassigned (newer symbols, marks, scripts) it keeps inside a
// word where this splits it: such a word finds nothing rather than fail.
func isTokenRune(r rune) bool {
	if unicode.IsMark(r) {
		return unicode.Is(foldedAccents, r)
	}
	return (unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.Co, r)) && !unicode.Is(markedSince61, r)
}

// foldedAccents are the combining marks unicode61 keeps inside a word.
var foldedAccents = &unicode.RangeTable{R16: []unicode.Range16{
	{Lo: 0x0300, Hi: 0x0304, Stride: 1}, {Lo: 0x0306, Hi: 0x030c, Stride: 1}, {Lo: 0x030f, Hi: 0x0311, Stride: 2},
	{Lo: 0x031b, Hi: 0x031b, Stride: 1}, {Lo: 0x0323, Hi: 0x0328, Stride: 1}, {Lo: 0x032d, Hi: 0x032e, Stride: 1},
	{Lo: 0x0330, Hi: 0x0331, Stride: 1},
}}

// markedSince61 are letters of today's Unicode that unicode61 takes for
// marks, which end a word (New Tai Lue vowels, Vedic signs).
var markedSince61 = &unicode.RangeTable{R16: []unicode.Range16{
	{Lo: 0x19b0, Hi: 0x19c0, Stride: 1}, {Lo: 0x19c8, Hi: 0x19c9, Stride: 1}, {Lo: 0x1cf2, Hi: 0x1cf3, Stride: 1},
}}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}
