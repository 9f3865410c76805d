// Package dialogs holds the workstation's modal dialogs. A dialog owns its
// fields and keys and does no I/O: when the recruiter confirms, Update
// returns an Action that the root interprets (queueing outbox entries, one
// per resume for bulk actions).
package dialogs

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/store"
	"hrdesk/views/common"
)

// Dialog is one modal dialog; the root sends it every message while it is open.
type Dialog interface {
	// Update returns a non-nil Action when the dialog is done.
	Update(msg tea.Msg) (Action, tea.Cmd)
	// View is the whole box, at most the size given by SetSize.
	View() string
	SetSize(width, height int)
}

// Action is what a closed dialog asks for.
type Action interface{ isAction() }

// Close: cancelled, nothing to do.
type Close struct{}

// Move puts resumes into a folder (an API folder name or a user folder id).
type Move struct {
	ResumeIDs []int64
	Folder    string
}

// AddComment adds a comment to one resume.
type AddComment struct {
	ResumeID int64
	Text     string
}

// Letter invites, rejects or mails by template; TemplateID 0 rejects
// without a letter.
type Letter struct {
	Kind       store.ActionKind // invite, reject, send_mail
	ResumeIDs  []int64
	TemplateID int64
	Subject    string
	Body       string
	SendSMS    bool
}

// MailTo sends resumes to an e-mail address.
type MailTo struct {
	ResumeIDs []int64
	Email     string
	Body      string
}

// Confirmed answers yes to a question asked with Tag.
type Confirmed struct {
	Tag      string
	ResumeID int64
}

func (Close) isAction()      {}
func (Move) isAction()       {}
func (AddComment) isAction() {}
func (Letter) isAction()     {}
func (MailTo) isAction()     {}
func (Confirmed) isAction()  {}

// maxWidth keeps dialogs readable on very wide terminals.
const maxWidth = 84

// frame draws a dialog box of width w around title and body lines.
func frame(c *common.Common, w int, title string, body []string, hint string) string {
	st := c.Styles.Dialog
	inner := max(w-st.Box.GetHorizontalFrameSize(), 10)
	lines := []string{st.Title.Render(fit(title, inner)), ""}
	for _, l := range body {
		lines = append(lines, fit(l, inner))
	}
	if hint != "" {
		lines = append(lines, "", st.Hint.Render(fit(hint, inner)))
	}
	return st.Box.Width(inner + st.Box.GetHorizontalFrameSize()).Render(strings.Join(lines, "\n"))
}

// keyLabel is how help shows a binding's keys ("enter", "j/↓"): hints
// name the keys the recruiter's keymap really has.
func keyLabel(b key.Binding) string { return b.Help().Key }

// boxWidth is the outer width for an available width.
func boxWidth(available int) int { return max(min(available-4, maxWidth), 24) }

// fit cuts or pads a (possibly styled) line to w columns.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if ansi.StringWidth(s) > w {
		s = ansi.Truncate(s, w, "…")
	}
	if pad := w - ansi.StringWidth(s); pad > 0 {
		s += strings.Repeat(" ", pad)
	}
	return s
}

// wrap breaks plain text to width w.
func wrap(s string, w int) []string {
	if w <= 0 {
		return nil
	}
	return strings.Split(lipgloss.Wrap(s, w, " "), "\n")
}
