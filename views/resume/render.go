package resume

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/glamour/v2"
	"github.com/charmbracelet/x/ansi"
)

// RenderedMsg is a resume laid out by glamour for one pane width, theme and
// language. It carries the resume id so the pane drops a late result for a
// resume that is no longer shown.
type RenderedMsg struct {
	ResumeID int64
	// Err is set when glamour failed; the pane then shows the markdown
	// source as plain text.
	Err   error
	key   cacheKey
	lines []string
}

// renderCmd builds the markdown and renders it off the update loop.
func renderCmd(key cacheKey, in docInput) tea.Cmd {
	return func() tea.Msg {
		lines, err := render(in, key.style, key.width)
		return RenderedMsg{ResumeID: key.resumeID, Err: err, key: key, lines: lines}
	}
}

// render lays out one resume: markdown, glamour, then sanitized lines each
// exactly width columns wide.
func render(in docInput, style string, width int) ([]string, error) {
	md := buildMarkdown(in)
	out, err := glamourRender(md, style, width)
	if err != nil {
		// Escaped markdown is still readable as plain text.
		out = ansi.Wrap(md, width, "")
	}
	return fitLines(keepSGR(out), width), err
}

func glamourRender(md, style string, width int) (string, error) {
	// A renderer per call: TermRenderer keeps a buffer and is not safe for
	// concurrent renders, and building one is cheap next to rendering.
	r, err := glamour.NewTermRenderer(
		glamour.WithStandardStyle(style), // never a file path
		glamour.WithWordWrap(width),
		// Line breaks inside duties and notes are the applicant's layout.
		glamour.WithPreservedNewLines(),
	)
	if err != nil {
		return "", err
	}
	return r.Render(md)
}

// fitLines splits s into lines, drops blank lines at both ends, hard-wraps
// any line wider than width (a 5,000-character word) and pads every line to
// exactly width columns. Lines with SGR sequences end with a reset so no
// style leaks into whatever the root draws next to the pane.
func fitLines(s string, width int) []string {
	if width < 1 {
		return nil
	}
	raw := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for len(raw) > 0 && blank(raw[0]) {
		raw = raw[1:]
	}
	for len(raw) > 0 && blank(raw[len(raw)-1]) {
		raw = raw[:len(raw)-1]
	}
	out := make([]string, 0, len(raw))
	for _, l := range raw {
		l = compactSGR(l)
		if ansi.StringWidth(l) > width {
			for _, part := range strings.Split(ansi.Hardwrap(l, width, true), "\n") {
				out = append(out, pad(part, width))
			}
			continue
		}
		out = append(out, pad(l, width))
	}
	return out
}

func blank(l string) bool { return strings.TrimSpace(ansi.Strip(l)) == "" }

// pad cuts or pads l to exactly width columns.
func pad(l string, width int) string {
	w := ansi.StringWidth(l)
	if w > width {
		l = ansi.Truncate(l, width, "")
		w = ansi.StringWidth(l)
	}
	if strings.Contains(l, "\x1b[") && !strings.HasSuffix(l, "\x1b[m") {
		l += "\x1b[m"
	}
	if w < width {
		l += strings.Repeat(" ", width-w)
	}
	return l
}
