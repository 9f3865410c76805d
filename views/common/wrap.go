package common

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Wrap breaks text into lines of at most w columns, at spaces where it
// can (a word wider than w is cut into pieces). Each line of text is a
// paragraph; tabs read as spaces, the space around a paragraph goes, and
// blank paragraphs are dropped. Every pane that shows a paragraph (a
// comment, an event's text, a dialog's question, an outbox message)
// breaks it here, so they break alike.
func Wrap(text string, w int) []string {
	if w <= 0 {
		return nil
	}
	var out []string
	for para := range strings.SplitSeq(text, "\n") {
		para = strings.TrimSpace(strings.ReplaceAll(para, "\t", " "))
		if para == "" {
			continue
		}
		out = append(out, strings.Split(ansi.Wrap(para, w, ""), "\n")...)
	}
	return out
}
