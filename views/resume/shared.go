package resume

import "github.com/charmbracelet/x/ansi"

// Helpers other detail panes share (the vacancy view): the same escaping
// of untrusted text into markdown and the same glamour pipeline, so every
// rendered document in the workstation is equally safe.

// EscapeLine makes untrusted text literal inside one markdown line.
func EscapeLine(s string) string { return esc(s) }

// EscapeBlock is EscapeLine for multi-line text, keeping its line breaks.
func EscapeBlock(s string) string { return escBlock(s) }

// RenderLines renders markdown with glamour (style is a standard style
// name) into lines exactly width columns wide, keeping only SGR sequences.
// On a glamour error the markdown itself is wrapped, and the error returned.
func RenderLines(md, style string, width int) ([]string, error) {
	out, err := glamourRender(md, style, width)
	if err != nil {
		out = ansi.Wrap(md, width, "")
	}
	return fitLines(keepSGR(out), width), err
}
