package comments

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"hrdesk/views/common"
)

// AddCommentRequestMsg asks the root to open the add-comment dialog for a
// resume.
type AddCommentRequestMsg struct {
	ResumeID int64
}

// DeleteCommentRequestMsg asks the root to confirm and queue deleting one
// of the user's own comments. CommentID is negative for a local comment the
// server has not confirmed yet.
type DeleteCommentRequestMsg struct {
	ResumeID  int64
	CommentID int64
}

// Update moves the cursor and turns the comment keys into requests for the
// root, when focused; it restyles on a theme change.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.BackgroundColorMsg:
		m.build()
	case tea.KeyPressMsg:
		if m.focused {
			return m.handleKey(msg)
		}
	}
	return nil
}

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := &m.c.Keys
	m.hint = false
	var cmd tea.Cmd
	// A page moves by comments, not lines: a comment takes at least two
	// lines and a separator.
	d, nav := common.Move(msg, k, m.listHeight()/3)
	switch {
	case nav:
		m.cursor += d
	case key.Matches(msg, k.Comment):
		if m.resumeID != 0 {
			id := m.resumeID
			cmd = func() tea.Msg { return AddCommentRequestMsg{ResumeID: id} }
		}
	case key.Matches(msg, k.DeleteComment):
		c, ok := m.Selected()
		switch {
		case !ok:
		case c.Own:
			req := DeleteCommentRequestMsg{ResumeID: m.resumeID, CommentID: c.ID}
			cmd = func() tea.Msg { return req }
		default:
			m.hint = true
		}
	}
	m.cursor = max(min(m.cursor, len(m.comments)-1), 0) // top and bottom move past either end
	m.build()
	return cmd
}

// ShortHelp lists the pane's keys for the footer; delete only when the
// comment under the cursor is the user's own.
func (m *Model) ShortHelp() []key.Binding {
	k := &m.c.Keys
	out := []key.Binding{k.Down, k.Up, k.Comment}
	if c, ok := m.Selected(); ok && c.Own {
		out = append(out, k.DeleteComment)
	}
	return out
}

// FullHelp lists the pane's keys for the help screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := &m.c.Keys
	return [][]key.Binding{{k.Down, k.Up, k.PageDown, k.PageUp, k.Top, k.Bottom}, {k.Comment, k.DeleteComment}}
}
