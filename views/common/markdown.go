package common

import (
	"strings"

	"charm.land/glamour/v2"
	"github.com/charmbracelet/x/ansi"
)

// The one markdown pipeline of the workstation (resumes, vacancies): text
// from the API is escaped into literal markdown (EscapeLine, EscapeBlock),
// rendered by glamour, and its output stripped of every sequence but plain
// SGR, so every rendered document is equally safe. Rendering takes
// milliseconds: call it in a command, never in View.

// RenderMarkdown renders md with glamour (style is a standard style name,
// never a file) into lines exactly width columns wide that carry only SGR
// sequences. On a glamour error the markdown itself is wrapped, and the
// error returned.
func RenderMarkdown(md, style string, width int) ([]string, error) {
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
		glamour.WithStandardStyle(style),
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
// any line wider than width (a 5,000-character word) and fits every line
// to exactly width columns, closing any style it opens.
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
		l = compactSGR(plainTail(l))
		if ansi.StringWidth(l) > width {
			for _, part := range strings.Split(ansi.Hardwrap(l, width, true), "\n") {
				out = append(out, Fit(part, width, ""))
			}
			continue
		}
		out = append(out, Fit(l, width, ""))
	}
	return out
}

func blank(l string) bool { return strings.TrimSpace(ansi.Strip(l)) == "" }
