package cli

import (
	"io"
	"strings"
)

// The digest as markdown: a mail that reads as it is and renders as a
// page (headings, tables, a list of links). Every word is escaped as
// CommonMark escapes, with backslashes, which a plain reader skims past:
// no text of the service becomes markup, a link, html or a list.

func writeDigestMarkdown(w io.Writer, d digestDoc) error {
	var b strings.Builder
	b.WriteString("# " + mdText(d.Title) + "\n\n")
	for _, n := range d.Notes {
		b.WriteString(mdText(n) + "\n\n")
	}
	for _, s := range d.Sections {
		b.WriteString("## " + mdText(s.Title) + "\n\n")
		for _, l := range s.Lines {
			b.WriteString(mdText(l) + "\n\n")
		}
		if s.Table != nil {
			mdTable(&b, *s.Table)
		}
		for _, it := range s.Items {
			b.WriteString("- " + mdText(it.line()))
			if it.Link != "" {
				b.WriteString(" <" + it.Link + ">") // siteLink: no space, < or > to end it early
			}
			b.WriteString("\n")
		}
		if len(s.Items) > 0 {
			b.WriteString("\n")
		}
		for _, l := range s.After {
			b.WriteString(mdText(l) + "\n\n")
		}
	}
	_, err := io.WriteString(w, strings.TrimRight(b.String(), "\n")+"\n")
	return err
}

// mdTable is t as a pipe table, the figures right-aligned, the sum's row
// in bold.
func mdTable(b *strings.Builder, t digestTable) {
	row := func(cells []string, bold bool) {
		b.WriteString("|")
		for _, c := range cells {
			c = mdInline(c)
			if bold && c != "" {
				c = "**" + c + "**"
			}
			b.WriteString(" " + c + " |")
		}
		b.WriteString("\n")
	}
	row(t.Heads, false)
	b.WriteString("|")
	for i := range t.Heads {
		if i == 0 {
			b.WriteString(" :--- |")
		} else {
			b.WriteString(" ---: |")
		}
	}
	b.WriteString("\n")
	for _, r := range t.Rows {
		row(r.Cells, r.Total)
	}
	b.WriteString("\n")
}

// mdSpecial are the characters a backslash keeps literal anywhere: inline
// markup (emphasis, code, links and images, html, entities,
// strikethrough), a table's cell border, the backslash itself.
const mdSpecial = "\\`*_[]<>&|~"

// mdInline is text inside a line (a table's cell) with every markdown
// special escaped.
func mdInline(s string) string {
	s = strings.Join(strings.Fields(s), " ") // one line: no break starts a block
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	for _, r := range s {
		if strings.ContainsRune(mdSpecial, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// mdText is mdInline for what starts a block (a paragraph, a list item,
// a heading), whose start must not open another: a list's - + or "1.", a
// heading's # or a setext line's =.
func mdText(s string) string {
	out := mdInline(s)
	if out != "" && strings.ContainsRune("-+=#", rune(out[0])) {
		return "\\" + out
	}
	digits := len(out) - len(strings.TrimLeft(out, "0123456789"))
	if digits > 0 && digits < len(out) && (out[digits] == '.' || out[digits] == ')') {
		out = out[:digits] + "\\" + out[digits:]
	}
	return out
}
