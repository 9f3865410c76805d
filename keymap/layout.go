package keymap

import (
	"slices"
	"strings"
	"unicode"
)

// The keys of the Latin QWERTY layout and what the same physical keys type
// in the Russian ЙЦУКЕН layout, position by position.
const (
	latinKeys    = "qwertyuiop[]asdfghjkl;'zxcvbnm,./`QWERTYUIOP{}ASDFGHJKL:\"ZXCVBNM<>?~"
	cyrillicKeys = "йцукенгшщзхъфывапролджэячсмитьбю.ёЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ,Ё"
	shiftedSigns = "{}:\"<>?~"
)

var toCyrillic, toLatin = layoutMaps()

func layoutMaps() (toCyr, toLat map[rune]rune) {
	lat, cyr := []rune(latinKeys), []rune(cyrillicKeys)
	toCyr, toLat = make(map[rune]rune, len(lat)), make(map[rune]rune, len(cyr))
	for i := range lat {
		toCyr[lat[i]], toLat[cyr[i]] = cyr[i], lat[i]
	}
	return toCyr, toLat
}

// layoutAlias returns the character the same physical key types in the
// Russian ЙЦУКЕН layout. Recruiters switch layouts all day to write comments;
// without aliases "j" typed as "о" would do nothing. Bubble Tea reports the
// typed text (msg.String() is "о"), so each plain main-screen key also
// matches its Cyrillic twin. Only printable one-character keys have one.
func layoutAlias(k string) (string, bool) {
	r := []rune(k)
	if len(r) != 1 {
		return "", false
	}
	c, ok := toCyrillic[r[0]]
	if !ok {
		return "", false
	}
	return string(c), true
}

// OtherLayout is s as its keys type it in the other layout, word by word:
// a word with a Cyrillic letter was Latin typed in the Russian layout
// ("штм" is "inv"), another word Russian typed in the Latin one ("ghbu" is
// "приг"). Keys of neither layout stay, and so do the Latin layout's
// shifted signs inside a word: "<" is "Б" at a word's start (a name), but
// in "pg>=5" the recruiter typed it as itself ("зп>=5"). ok is false when
// nothing changed.
// The palette and the query line read what is typed this way as well.
func OtherLayout(s string) (string, bool) {
	out := []rune(s)
	changed := false
	for start := 0; start < len(out); {
		end := start
		for end < len(out) && !unicode.IsSpace(out[end]) {
			end++
		}
		m := toCyrillic
		if slices.ContainsFunc(out[start:end], isCyrillic) { // not "." or ",": both layouts type them
			m = toLatin
		}
		for i := start; i < end; i++ {
			if i > start && strings.ContainsRune(shiftedSigns, out[i]) {
				continue
			}
			if o, ok := m[out[i]]; ok {
				out[i], changed = o, true
			}
		}
		start = end + 1
	}
	return string(out), changed
}

func isCyrillic(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }
