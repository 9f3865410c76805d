package cli

import (
	"io"
	"strings"
	"unicode"
)

// The digest as plain text for a terminal or a plain mail: every line
// within 80 columns but a link wider than a line (cut, it would lead
// nowhere).

// digestWidth is the text digest's width in columns.
const digestWidth = 80

func writeDigestText(w io.Writer, d digestDoc) error {
	var b strings.Builder
	wrapTo(&b, d.Title, "", digestWidth)
	for _, n := range d.Notes {
		wrapTo(&b, n, "", digestWidth)
	}
	for _, s := range d.Sections {
		b.WriteString("\n")
		wrapTo(&b, s.Title, "", digestWidth)
		for _, l := range s.Lines {
			wrapTo(&b, l, "  ", digestWidth)
		}
		if s.Table != nil {
			textTable(&b, *s.Table, "  ", digestWidth)
		}
		for _, it := range s.Items {
			b.WriteString("  - " + fitItem(it, digestWidth-4) + "\n")
			if it.Link != "" {
				b.WriteString("    " + it.Link + "\n")
			}
		}
		for _, l := range s.After {
			wrapTo(&b, l, "  ", digestWidth)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// fitItem is the item's line within width: the vacancy's title cut first,
// to no less than 16 columns, then the name, then the line.
func fitItem(it digestItem, width int) string {
	line := it.line()
	for _, cut := range []*string{&it.Vacancy, &it.Name} {
		if over := columns(line) - width; over > 0 && columns(*cut) > 16 {
			*cut = cutColumns(*cut, max(columns(*cut)-over, 16))
			line = it.line()
		}
	}
	return cutColumns(line, width)
}

// textTable lays t out under indent within width: the first column cut to
// what the figures leave, each figure right-aligned under its head.
func textTable(b *strings.Builder, t digestTable, indent string, width int) {
	rows := [][]string{t.Heads}
	for _, r := range t.Rows {
		rows = append(rows, r.Cells)
	}
	widths := make([]int, len(t.Heads))
	for _, r := range rows {
		for i := range min(len(r), len(widths)) {
			widths[i] = max(widths[i], columns(r[i]))
		}
	}
	rest := columns(indent)
	for _, n := range widths[1:] {
		rest += 2 + n
	}
	widths[0] = max(min(widths[0], width-rest), 8)
	for _, r := range rows {
		var line strings.Builder
		line.WriteString(indent)
		for i := range min(len(r), len(widths)) {
			if i == 0 {
				c := cutColumns(r[0], widths[0])
				line.WriteString(c + strings.Repeat(" ", widths[0]-columns(c)))
				continue
			}
			line.WriteString("  " + strings.Repeat(" ", widths[i]-columns(r[i])) + r[i])
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}

// wrapTo writes s in lines of at most width columns, each after indent,
// broken between words (a word wider than a line is cut).
func wrapTo(b *strings.Builder, s, indent string, width int) {
	room := width - columns(indent)
	line := ""
	for _, word := range strings.Fields(s) {
		word = cutColumns(word, room)
		switch {
		case line == "":
			line = word
		case columns(line)+1+columns(word) <= room:
			line += " " + word
		default:
			b.WriteString(indent + line + "\n")
			line = word
		}
	}
	if line != "" {
		b.WriteString(indent + line + "\n")
	}
}

// columns is how many terminal columns s takes: two for the wide letters
// of East Asian scripts, none for combining marks, one for the rest.
func columns(s string) int {
	n := 0
	for _, r := range s {
		n += runeColumns(r)
	}
	return n
}

func runeColumns(r rune) int {
	switch {
	case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
		return 0
	case unicode.In(r, unicode.Han, unicode.Hangul, unicode.Hiragana, unicode.Katakana) ||
		r >= 0xFF01 && r <= 0xFF60 || r >= 0x1F300 && r <= 0x1FAFF:
		return 2
	}
	return 1
}

// cutColumns is s within n columns, its end replaced by "…" when cut.
func cutColumns(s string, n int) string {
	if columns(s) <= n {
		return s
	}
	if n < 1 {
		return ""
	}
	var b strings.Builder
	used := 0
	for _, r := range s {
		w := runeColumns(r)
		if used+w > n-1 {
			break
		}
		b.WriteRune(r)
		used += w
	}
	return b.String() + "…"
}
