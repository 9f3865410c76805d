// Package dialogs holds the workstation's modal dialogs. A dialog owns its
// fields and keys and does no I/O: when the recruiter confirms, Update
// returns an action.Action that the root carries out (queueing outbox
// entries, one per resume for bulk actions).
package dialogs

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/views/action"
	"hrdesk/views/common"
)

// Dialog is one modal dialog; the root gives it the keys while it is open
// and the results of its own commands.
type Dialog interface {
	// Update returns a non-nil action.Action when the dialog is done:
	// action.Close when cancelled.
	Update(msg tea.Msg) (action.Action, tea.Cmd)
	// View is the whole box, at most the size given by SetSize.
	View() string
	SetSize(width, height int)
}

// maxWidth keeps dialogs readable on very wide terminals.
const maxWidth = 84

// frame draws a dialog box of width w around title and body lines.
func frame(c *common.Common, w int, title string, body []string, hint string) string {
	st := c.Styles.Dialog
	inner := max(w-st.Box.GetHorizontalFrameSize(), 10)
	lines := []string{st.Title.Render(common.Fit(title, inner, "…")), ""}
	for _, l := range body {
		lines = append(lines, common.Fit(l, inner, "…"))
	}
	if hint != "" {
		lines = append(lines, "", st.Hint.Render(common.Fit(hint, inner, "…")))
	}
	return st.Box.Width(inner + st.Box.GetHorizontalFrameSize()).Render(strings.Join(lines, "\n"))
}

// keyLabel is how help shows a binding's keys ("enter", "j/↓"): hints
// name the keys the recruiter's keymap really has.
func keyLabel(b key.Binding) string { return b.Help().Key }

// boxWidth is the outer width for an available width.
func boxWidth(available int) int { return max(min(available-4, maxWidth), 24) }
