package outbox

import (
	"fmt"
	"strings"

	"hrdesk/problem"
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

// stateName is an action's state in the table, in the words `hrdesk
// outbox` uses too; a letter in its undo window counts down.
func (m *Model) stateName(e store.OutboxEntry) string {
	return m.c.Text.Outbox.StateName(string(e.State), e.NotBefore, m.c.Now())
}

// message is the action's message in the UI's language: the service's own
// words as they are, hrdesk's record of trouble (problem.Note) in words
// (issue 28 §6). service says which.
func (m *Model) message(e store.OutboxEntry) (text string, service bool) {
	code, whole := problem.ReadNote(e.Error)
	return m.c.Text.Outbox.RowMessage(string(e.State), code, whole)
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
	msg, _ := m.message(e)
	cells := []string{m.stateName(e), name(e), m.what(e), m.c.Text.ShortDate(e.CreatedAt, m.c.Now()), msg}
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
	switch msg, service := m.message(e); {
	case service:
		text += "\n" + fmt.Sprintf(t.Server, msg)
	case msg != "":
		text += "\n" + msg
	}
	if e.State == store.StateUnknown {
		k := m.c.Keys
		text += "\n" + fmt.Sprintf(t.UnknownWhy, k.OutboxRetry.Help().Key, k.OutboxDismiss.Help().Key)
	}
	return fitParagraphs(strings.Split(text, "\n"), m.width, detailLines, m.c)
}

// fitParagraphs wraps paras into at most n lines of width w, each
// paragraph at least one line: the last paragraphs get their lines first
// (what to do about an unknown outcome, then the server's message), and
// a paragraph given fewer lines than it needs ends with the ellipsis. The
// words that say which key does what are never the ones cut (issue 19
// §2.8: "r sends it again…", the key to give up lost).
func fitParagraphs(paras []string, w, n int, c *common.Common) []string {
	wrapped := make([][]string, len(paras))
	room := make([]int, len(paras))
	left := n
	for i, p := range paras {
		wrapped[i] = common.Wrap(textsafe.Line(p), w)
		if len(wrapped[i]) > 0 && left > 0 {
			room[i], left = 1, left-1
		}
	}
	for i := len(paras) - 1; i >= 0 && left > 0; i-- {
		more := min(len(wrapped[i])-room[i], left)
		if more > 0 {
			room[i] += more
			left -= more
		}
	}
	ellipsis := c.Styles.Glyphs.Ellipsis
	var lines []string
	for i, ls := range wrapped {
		if len(ls) > room[i] {
			ls = ls[:room[i]]
			if room[i] > 0 {
				ls[room[i]-1] = common.Fit(ls[room[i]-1]+" "+ellipsis, w, ellipsis)
			}
		}
		for _, l := range ls {
			lines = append(lines, c.Fit(l, w))
		}
	}
	return lines
}
