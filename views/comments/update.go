package comments

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hrdesk/textsafe"
	"hrdesk/views/action"
	"hrdesk/views/common"
)

var _ common.Pane = (*Model)(nil)

// Update moves the cursor and, when focused, asks to delete the user's own
// comment under it (after confirming); it restyles on a theme change. The
// comment key is the root's, the same in every pane.
func (m *Model) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.BackgroundColorMsg:
		m.build()
	case tea.KeyPressMsg:
		if m.focused {
			return m.handleKey(msg), nil
		}
	}
	return nil, nil
}

func (m *Model) handleKey(msg tea.KeyPressMsg) action.Action {
	k := &m.c.Keys
	m.hint = false
	var out action.Action
	// A page moves by comments, not lines: a comment takes at least two
	// lines and a separator.
	d, nav := common.Move(msg, k, m.listHeight()/3)
	switch {
	case nav:
		m.list.Step(d, len(m.comments))
	case key.Matches(msg, k.DeleteComment):
		c, ok := m.Selected()
		switch {
		case !ok:
		case c.Own:
			t := m.c.Text
			// The question quotes the comment: it names what goes.
			quote := []rune(strings.TrimSpace(textsafe.Line(c.Text)))
			if len(quote) > 60 {
				quote = append(quote[:59], '…')
			}
			out = action.Confirm{Title: t.Dialogs.DeleteComment, Question: t.Dialogs.ConfirmDeleteComment + " «" + string(quote) + "»",
				Yes: t.Buttons.Delete, Then: action.DeleteComment{ResumeID: m.resumeID, CommentID: c.ID}}
		default:
			m.hint = true
		}
	}
	m.build()
	return out
}

// ShortHelp lists the pane's keys for the footer; delete whenever one of
// the comments is the user's own, so the key is found.
func (m *Model) ShortHelp() []key.Binding {
	k := &m.c.Keys
	out := []key.Binding{k.Down, k.Up, k.Comment}
	for _, c := range m.comments {
		if c.Own {
			return append(out, k.DeleteComment)
		}
	}
	return out
}

// FullHelp lists the pane's keys for the help screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := &m.c.Keys
	return [][]key.Binding{{k.Down, k.Up, k.PageDown, k.PageUp, k.Top, k.Bottom}, {k.Comment, k.DeleteComment}}
}
