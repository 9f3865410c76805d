package resume

import (
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/common"
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
		lines, err := common.RenderMarkdown(buildMarkdown(in), key.style, key.width)
		return RenderedMsg{ResumeID: key.resumeID, Err: err, key: key, lines: lines}
	}
}
