// Package dialogs holds the workstation's modal dialogs. A dialog owns its
// fields and keys and does no I/O: when the recruiter confirms, Update
// returns an action.Action that the root carries out (queueing outbox
// entries, one per resume for bulk actions).
package dialogs

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

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
	inner := innerWidth(c, w)
	lines := []string{st.Title.Render(c.Fit(title, inner)), ""}
	for _, l := range body {
		lines = append(lines, c.Fit(l, inner))
	}
	if hint != "" {
		lines = append(lines, "")
		for _, l := range hintLines(hint, inner) {
			lines = append(lines, st.Hint.Render(c.Fit(l, inner)))
		}
	}
	return st.Box.Width(inner + st.Box.GetHorizontalFrameSize()).Render(strings.Join(lines, "\n"))
}

// innerWidth is the width of a dialog's lines inside its box of width w.
func innerWidth(c *common.Common, w int) int {
	return max(w-c.Styles.Dialog.Box.GetHorizontalFrameSize(), 10)
}

// keyLabel is how help shows a binding's keys ("enter", "j/↓"): hints
// name the keys the recruiter's keymap really has.
func keyLabel(b key.Binding) string { return b.Help().Key }

// boxWidth is the outer width for an available width.
func boxWidth(available int) int { return max(min(available-4, maxWidth), 24) }

// hintSep parts a hint's keys.
const hintSep = " · "

// hintLines lays a hint's keys ("enter apply · esc cancel") out on as many
// lines of w columns as they need, never parting a key from its word: a
// key cut to "es…" is a key nobody can read (issue 19 §2.8, the Russian
// hints at an 80×24 screen).
func hintLines(hint string, w int) []string {
	var out []string
	line := ""
	for _, item := range strings.Split(hint, hintSep) {
		switch {
		case line == "":
			line = item
		case ansi.StringWidth(line+hintSep+item) <= w:
			line += hintSep + item
		default:
			out = append(out, line)
			line = item
		}
	}
	return append(out, line)
}

// splitLines parts s at its newlines (a field's view into the box's lines).
func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}
