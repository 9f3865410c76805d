package keymap

import "unicode"

// The keys of the Latin QWERTY layout and what the same physical keys type
// in the Russian ЙЦУКЕН layout, position by position.
const (
	latinKeys    = "qwertyuiop[]asdfghjkl;'zxcvbnm,./`QWERTYUIOP{}ASDFGHJKL:\"ZXCVBNM<>?~"
	cyrillicKeys = "йцукенгшщзхъфывапролджэячсмитьбю.ёЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ,Ё"
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

// OtherLayout is s as its keys type it in the other layout: text with a
// Cyrillic letter was Latin typed in the Russian layout ("штм" is "inv"),
// other text Russian typed in the Latin one ("ghbu" is "приг"). Keys of
// neither layout stay. ok is false when nothing changed: s has no key to
// read again. The palette and the query line search it as well.
func OtherLayout(s string) (string, bool) {
	m := toCyrillic
	for _, r := range s {
		if unicode.Is(unicode.Cyrillic, r) { // not "." or ",": both layouts type them
			m = toLatin
			break
		}
	}
	out := []rune(s)
	changed := false
	for i, r := range out {
		if o, ok := m[r]; ok {
			out[i], changed = o, true
		}
	}
	return string(out), changed
}
