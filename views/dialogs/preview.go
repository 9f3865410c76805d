package dialogs

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/glamour/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/textsafe"
)

// previewMsg brings a template rendered for the letter dialog.
type previewMsg struct {
	gen   int
	lines []string
}

// previewLines is how much of the rendered template the dialog shows.
const previewLines = 6

// renderPreview renders a template's text with glamour in a command (a few
// milliseconds: never in View). The text was cleaned on its way into the
// cache; the result is stripped of every sequence again, so nothing glamour
// passes through can reach the terminal.
func renderPreview(gen int, text, style string, width int) tea.Cmd {
	return func() tea.Msg {
		out := text
		if r, err := glamour.NewTermRenderer(glamour.WithStandardStyle(style), glamour.WithWordWrap(max(width-2, 10)),
			glamour.WithPreservedNewLines()); err == nil {
			if s, err := r.Render(textsafe.Clean(text)); err == nil {
				out = s
			}
		}
		var lines []string
		for _, l := range strings.Split(textsafe.Clean(ansi.Strip(out)), "\n") {
			if strings.TrimSpace(l) != "" || len(lines) > 0 {
				lines = append(lines, strings.TrimRight(l, " "))
			}
		}
		for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
			lines = lines[:len(lines)-1]
		}
		return previewMsg{gen: gen, lines: lines}
	}
}
