package keymap

// layoutAlias returns the character the same physical key types in the
// Russian ЙЦУКЕН layout. Recruiters switch layouts all day to write comments;
// without aliases "j" typed as "о" would do nothing. Bubble Tea reports the
// typed text (msg.String() is "о"), so each plain main-screen key also
// matches its Cyrillic twin. Only printable one-character keys have one.
func layoutAlias(k string) (string, bool) {
	const (
		latin    = "qwertyuiop[]asdfghjkl;'zxcvbnm,./`QWERTYUIOP{}ASDFGHJKL:\"ZXCVBNM<>?~"
		cyrillic = "йцукенгшщзхъфывапролджэячсмитьбю.ёЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ,Ё"
	)
	r := []rune(k)
	if len(r) != 1 {
		return "", false
	}
	lat, cyr := []rune(latin), []rune(cyrillic)
	for i, c := range lat {
		if c == r[0] {
			return string(cyr[i]), true
		}
	}
	return "", false
}
