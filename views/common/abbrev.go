package common

import (
	"strings"
	"unicode"
)

// Abbrev shortens a label by the printer's rule, the same in both
// languages, where a line has no room for it whole: a word longer than
// abbrevLong letters ends after a consonant that a vowel follows, at its
// fourth letter or later, with a period ("Рассматриваемые" → "Рассм.",
// "Входящие" → "Вход.", "Considered" → "Cons.", "Кадровый резерв" →
// "Кадр. резерв"). A word without such a place, or one the cut would save
// fewer than two columns of, stays whole ("Отказ", "Refused"), and so does
// each part of a hyphenated word ("Шорт-лист"): a stub like "Вхо…" is a
// word nobody reads, an abbreviation is one everybody does.
func Abbrev(label string) string {
	var b strings.Builder
	word := []rune{}
	flush := func() {
		b.WriteString(abbrevWord(word))
		word = word[:0]
	}
	for _, r := range label {
		if unicode.IsLetter(r) {
			word = append(word, r)
			continue
		}
		flush()
		b.WriteRune(r)
	}
	flush()
	return b.String()
}

// abbrevLong is the longest word kept whole whatever the room.
const abbrevLong = 5

// abbrevWord is one word (letters only) by Abbrev's rule.
func abbrevWord(w []rune) string {
	if len(w) <= abbrevLong {
		return string(w)
	}
	for cut := 4; cut < len(w)-2; cut++ {
		// The word ends at w[cut-1]: a consonant, with a vowel after it.
		if consonant(w[cut-1]) && vowel(w[cut]) {
			return string(w[:cut]) + "."
		}
	}
	return string(w)
}

func vowel(r rune) bool {
	return strings.ContainsRune("aeiouyAEIOUYаеёиоуыэюяАЕЁИОУЫЭЮЯ", r)
}

// consonant: a letter that is no vowel, nor a sign a word never ends an
// abbreviation with (ь, ъ).
func consonant(r rune) bool {
	return unicode.IsLetter(r) && !vowel(r) && !strings.ContainsRune("ьъЬЪ", r)
}
