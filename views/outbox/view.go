package outbox

import (
	"fmt"
	"strings"
	"time"

	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/common"
)

func (m *Model) columns() []common.Column {
	t := m.c.Text.Outbox
	cols := []common.Column{
		{Title: t.State, Width: 10},
		{Title: t.Resume, Flex: true},
		{Title: t.Action, Flex: true},
		{Title: t.Queued, Width: 7, Right: true},
		{Title: t.Message, Flex: true},
	}
	return common.Layout(cols, m.width, 2, 10)
}

// stateName is an action's state in the table; a letter in its undo
// window counts down.
func (m *Model) stateName(e store.OutboxEntry) string {
	t := m.c.Text.Outbox
	switch e.State {
	case store.StatePending:
		if left := e.NotBefore.Sub(m.c.Now()); left > 0 {
			return fmt.Sprintf(t.StateHeld, int((left+time.Second-1)/time.Second))
		}
		return t.StateWaiting
	case store.StateInFlight:
		return t.StateSending
	case store.StateFailed:
		return t.StateRefused
	case store.StateUnknown:
		return t.StateUnknown
	}
	return string(e.State)
}

// name is the applicant as the list shows them.
func name(e store.OutboxEntry) string {
	if e.DisplayName != "" {
		return e.DisplayName
	}
	return fmt.Sprintf("#%d", e.ResumeID)
}

// what says what an action does, in a few words.
func (m *Model) what(e store.OutboxEntry) string {
	t := m.c.Text.Outbox
	p := e.Payload
	withSubject := func(kind string) string {
		if p.Subject != "" {
			return kind + ": " + p.Subject
		}
		return kind
	}
	switch e.Kind {
	case store.ActionMove:
		return "→ " + m.c.FolderName(e.NewFolder)
	case store.ActionLater:
		return fmt.Sprintf(t.Later, m.c.FolderName(e.NewFolder))
	case store.ActionInvite:
		return withSubject(t.Invite)
	case store.ActionReject:
		if p.TemplateID == 0 {
			return t.RejectSilent
		}
		return withSubject(t.Reject)
	case store.ActionSendMail:
		return withSubject(t.Mail)
	case store.ActionMailTo:
		return fmt.Sprintf(t.MailTo, p.Email)
	case store.ActionCommentAdd:
		return fmt.Sprintf(t.Comment, p.Text)
	case store.ActionCommentDelete:
		return t.DeleteComment
	}
	return string(e.Kind)
}

// head is the screen's first line: how many actions are in which state
// (the box around the screen names it).
func (m *Model) head() string {
	t := m.c.Text.Outbox
	var waiting, sending, refused, unknown int
	for _, e := range m.entries {
		switch e.State {
		case store.StatePending:
			waiting++
		case store.StateInFlight:
			sending++
		case store.StateFailed:
			refused++
		case store.StateUnknown:
			unknown++
		}
	}
	var parts []string
	for _, c := range []struct {
		n      int
		format string
	}{{waiting, t.Waiting}, {sending, t.Sending}, {refused, t.Refused}, {unknown, t.Unknown}} {
		if c.n > 0 {
			parts = append(parts, fmt.Sprintf(c.format, c.n))
		}
	}
	return strings.Join(parts, " · ")
}

// View draws exactly height lines of width columns.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	st := m.c.Styles
	g := st.Glyphs
	cols := m.columns()
	head := m.head()
	if len(m.entries) == 0 && m.loaded {
		head = m.c.Text.Outbox.Empty
	}
	out := []string{
		st.List.Header.Render(common.Cell(head, m.width, false, g.Ellipsis)),
		st.List.Header.Render(common.Cell("  "+common.Cells(common.Titles(cols), cols, g.Ellipsis), m.width, false, "")),
	}
	for i := m.list.Offset; i < len(m.entries) && len(out) < 2+m.rows(); i++ {
		out = append(out, m.row(i, cols))
	}
	for len(out) < 2+m.rows() {
		out = append(out, "")
	}
	out = append(out, st.Muted.Render(strings.Repeat("─", m.width)))
	out = append(out, m.detail()...)
	return common.Block(out, m.width, m.height)
}

func (m *Model) row(i int, cols []common.Column) string {
	st := m.c.Styles
	g := st.Glyphs
	e := m.entries[i]
	mark := " "
	if m.list.Marks.Has(e.ID) {
		mark = g.Marked
	}
	cells := []string{m.stateName(e), name(e), m.what(e), m.c.Text.ShortDate(e.CreatedAt, m.c.Now()), e.Error}
	line := common.Cell(common.Cell(mark, 1, false, "")+" "+common.Cells(cells, cols, g.Ellipsis), m.width, false, "")
	switch {
	case i == m.list.Cursor && m.focused:
		return st.List.Selected.Render(line)
	case i == m.list.Cursor || m.list.Marks.Has(e.ID):
		return st.List.Marked.Render(line)
	case e.State == store.StateFailed:
		return st.Marker.Failed.Render(line)
	case e.State == store.StateUnknown:
		return st.Marker.Unknown.Render(line)
	}
	return st.List.Row.Render(line)
}

// detail is the highlighted action in full: who and what, then the
// server's message (or what an unknown outcome means), wrapped.
func (m *Model) detail() []string {
	e, ok := m.Selected()
	if !ok {
		return nil
	}
	t := m.c.Text.Outbox
	text := name(e) + " — " + m.what(e)
	if e.Attempts > 0 {
		text += " · " + fmt.Sprintf(t.Attempts, e.Attempts)
	}
	if e.Error != "" {
		text += "\n" + fmt.Sprintf(t.Server, e.Error)
	}
	if e.State == store.StateUnknown {
		k := m.c.Keys
		text += "\n" + fmt.Sprintf(t.UnknownWhy, k.OutboxRetry.Help().Key, k.OutboxDismiss.Help().Key)
	}
	var lines []string
	for para := range strings.SplitSeq(text, "\n") {
		lines = append(lines, common.Wrap(textsafe.Line(para), m.width)...)
	}
	if len(lines) > detailLines {
		lines = lines[:detailLines]
		lines[detailLines-1] = common.Fit(lines[detailLines-1]+" "+m.c.Styles.Glyphs.Ellipsis, m.width, m.c.Styles.Glyphs.Ellipsis)
	}
	for i := range lines {
		lines[i] = common.Fit(lines[i], m.width, m.c.Styles.Glyphs.Ellipsis)
	}
	return lines
}
