// Package comments is the comments pane: the comments on the selected
// resume, which the API also fills with comments on the applicant's other
// resumes, with a cursor for deleting one's own comments.
package comments

import (
	"slices"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/common"
)

// Model is the comments pane.
type Model struct {
	c             *common.Common
	width, height int
	focused       bool

	resumeID int64
	comments []store.Comment
	// list's cursor is a comment; its offset is in lines, as comments
	// take several (ensureVisible).
	list common.List
	// hint is set when the user tried to delete someone else's comment,
	// until the next key.
	hint bool

	// note is the fixed first lines (noteRows of them, the note wrapped
	// rather than cut); lines is the laid-out list below it,
	// starts[i] the first line of comment i. Rebuilt on change, so View
	// only slices.
	note     string
	noteRows int
	hintLine string
	lines    []string
	starts   []int
	blank    string
}

// New builds an empty comments pane.
func New(c *common.Common) *Model { return &Model{c: c} }

// SetSize sets the inner size the root gives the pane (border excluded).
func (m *Model) SetSize(w, h int) {
	m.width, m.height = max(w, 0), max(h, 0)
	m.blank = strings.Repeat(" ", m.width)
	m.build()
}

// SetComments shows the comments of one resume, newest first. The cursor
// stays on the same comment when the same resume is refreshed.
func (m *Model) SetComments(resumeID int64, comments []store.Comment) {
	var keep int64
	same := resumeID == m.resumeID
	if same && m.list.Cursor < len(m.comments) {
		keep = m.comments[m.list.Cursor].ID
	}
	m.resumeID = resumeID
	m.comments = slices.Clone(comments)
	slices.SortStableFunc(m.comments, func(a, b store.Comment) int { return b.Date.Compare(a.Date) })
	m.list.Cursor, m.hint = 0, false
	if same {
		if i := slices.IndexFunc(m.comments, func(c store.Comment) bool { return c.ID == keep }); i >= 0 {
			m.list.Cursor = i
		}
	} else {
		m.list.Offset = 0
	}
	m.build()
}

// ResumeID is the resume whose comments are shown.
func (m *Model) ResumeID() int64 { return m.resumeID }

// Selected returns the comment under the cursor.
func (m *Model) Selected() (store.Comment, bool) {
	if m.list.Cursor < len(m.comments) {
		return m.comments[m.list.Cursor], true
	}
	return store.Comment{}, false
}

// Focus gives the pane the keyboard; the cursor is drawn only then.
func (m *Model) Focus() { m.focused = true; m.build() }

// Blur takes the keyboard away.
func (m *Model) Blur() { m.focused, m.hint = false, false; m.build() }

// Focused reports whether the pane has the keyboard.
func (m *Model) Focused() bool { return m.focused }

// listHeight is the rows under the note, less the hint line when shown.
func (m *Model) listHeight() int {
	h := m.height - m.noteRows
	if m.hint {
		h--
	}
	return max(h, 0)
}

// View returns exactly height lines of exactly width columns.
func (m *Model) View() string {
	if m.width < 1 || m.height < 1 {
		return ""
	}
	var b strings.Builder
	b.Grow((m.width + 16) * m.height)
	b.WriteString(m.note)
	for i := range m.listHeight() {
		b.WriteByte('\n')
		if j := m.list.Offset + i; j < len(m.lines) {
			b.WriteString(m.lines[j])
		} else {
			b.WriteString(m.blank)
		}
	}
	if m.hint && m.height > 1 {
		b.WriteByte('\n')
		b.WriteString(m.hintLine)
	}
	return b.String()
}

// build lays out the note, the comments and the hint.
func (m *Model) build() {
	m.lines, m.starts = m.lines[:0], m.starts[:0]
	if m.width < 1 {
		return
	}
	s, t := m.c.Styles, m.c.Text
	m.hintLine = m.c.Fit(s.Warning.Render(t.Comments.NotOwn), m.width)
	if len(m.comments) == 0 {
		m.setNote(s.Muted, t.Empty.NoComments)
		m.list.Offset = 0
		return
	}
	// The API returns comments on the applicant's other resumes too.
	m.setNote(s.Muted.Italic(true), t.Comments.OtherResumes)
	for i, c := range m.comments {
		if i > 0 {
			m.lines = append(m.lines, m.blank)
		}
		m.starts = append(m.starts, len(m.lines))
		m.lines = append(m.lines, m.header(c, i == m.list.Cursor && m.focused))
		m.lines = append(m.lines, m.wrap(c.Text)...)
	}
	m.ensureVisible()
}

// setNote wraps the note over at most two lines (fewer when the pane is
// shorter), the second ending with the ellipsis when even two are short.
func (m *Model) setNote(style lipgloss.Style, text string) {
	rows := common.Wrap(text, m.width)
	if len(rows) == 0 {
		rows = []string{""}
	}
	n := min(len(rows), 2, max(m.height-1, 1))
	if len(rows) > n {
		rows = rows[:n]
		rows[n-1] = m.c.Fit(rows[n-1]+" "+m.c.Styles.Glyphs.Ellipsis, m.width)
	}
	for i, r := range rows {
		rows[i] = m.c.Fit(style.Render(r), m.width)
	}
	m.note, m.noteRows = strings.Join(rows, "\n"), len(rows)
}

// header is the author, date and markers of one comment; the cursor row is
// built from plain text so the selection style covers it whole.
func (m *Model) header(c store.Comment, selected bool) string {
	s, t := m.c.Styles, m.c.Text
	author := strings.TrimSpace(textsafe.Line(c.Author))
	if author == "" {
		author = t.Comments.Anonymous
	}
	date := ""
	if !c.Date.IsZero() {
		date = t.DateTime(c.Date, m.c.Now())
	}
	var own, pending string
	if c.Own {
		own = "(" + t.Comments.Own + ")"
	}
	if c.Pending {
		pending = s.Glyphs.Pending + " " + t.Comments.Pending
	}
	// The author gives way first, so the date and the markers stay in
	// sight; whatever is cut ends with the ellipsis.
	rest := ansi.StringWidth(join(" ", date, own, pending))
	if rest > 0 {
		rest++ // the space before it
	}
	if room := m.width - 2 - rest; ansi.StringWidth(author) > room {
		author = m.c.Fit(author, max(room, minAuthor))
	}
	if selected {
		return m.c.Fit(s.List.Selected.Render(m.c.Fit(join(" ", "> "+author, date, own, pending), m.width)), m.width)
	}
	parts := []string{"  " + s.Event.Author.Render(author)}
	if date != "" {
		parts = append(parts, s.Event.Time.Render(date))
	}
	if own != "" {
		parts = append(parts, s.Muted.Render(own))
	}
	if pending != "" {
		parts = append(parts, s.Marker.Pending.Render(pending))
	}
	return m.c.Fit(strings.Join(parts, " "), m.width)
}

// minAuthor is the least of an author's name a cut header keeps.
const minAuthor = 8

// wrap breaks a comment's text into indented lines of the pane width.
func (m *Model) wrap(text string) []string {
	out := common.Wrap(textsafe.Clean(text), max(m.width-4, 1))
	for i, l := range out {
		out[i] = m.c.Fit("    "+m.c.Styles.Event.Text.Render(l), m.width)
	}
	return out
}

// ensureVisible scrolls so the cursor's comment shows, from its header down
// as far as the list height allows.
func (m *Model) ensureVisible() {
	h := m.listHeight()
	if len(m.starts) == 0 || h == 0 {
		m.list.Offset = 0
		return
	}
	start := m.starts[m.list.Cursor]
	end := len(m.lines)
	if m.list.Cursor+1 < len(m.starts) {
		end = m.starts[m.list.Cursor+1] - 1 // without the blank separator
	}
	switch {
	case start < m.list.Offset:
		m.list.Offset = start
	case end > m.list.Offset+h:
		m.list.Offset = min(start, end-h)
	}
	m.list.Offset = max(min(m.list.Offset, len(m.lines)-h), 0)
}

func join(sep string, parts ...string) string {
	out := parts[:0:0]
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}
