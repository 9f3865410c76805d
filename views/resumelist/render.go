package resumelist

import (
	"fmt"
	"strings"

	"hrdesk/store"
	"hrdesk/views/common"
)

// column is one column of the list at the current width.
type column struct {
	title string
	width int
	right bool
	cell  func(r store.EntryRow) string
}

// columns lays out the columns that fit: fixed ones drop out right to left
// as the width shrinks; name and profession share what is left.
func (m *Model) columns() []column {
	t := m.c.Text
	now := m.c.Now()
	avail := m.width - 3 // markers
	fixed := []struct {
		minWidth int
		col      column
	}{
		{40, column{t.Columns.Date, 7, true, func(r store.EntryRow) string { return t.Date(r.LastEventAt, now) }}},
		{70, column{t.Columns.Salary, 13, true, func(r store.EntryRow) string {
			if r.Salary == 0 {
				return ""
			}
			return t.Salary(int(r.Salary), r.Currency)
		}}},
		{84, column{t.Columns.Age, 8, true, func(r store.EntryRow) string { return t.Age(r.Age) }}},
		{120, column{t.Columns.Town, 16, false, func(r store.EntryRow) string { return r.Town }}},
		{92, column{t.Columns.Vacancy, 22, false, func(r store.EntryRow) string {
			if name := m.vacancyNames[r.VacancyID]; name != "" {
				return name
			}
			if r.VacancyID == 0 {
				return ""
			}
			return fmt.Sprintf("#%d", r.VacancyID)
		}}},
	}
	var right []column
	for _, f := range fixed {
		if m.width >= f.minWidth {
			right = append(right, f.col)
			avail -= f.col.width + 1
		}
	}
	nameW := max(avail*2/5, 8)
	profW := max(avail-nameW-1, 0)
	cols := []column{
		{t.Columns.Name, nameW, false, func(r store.EntryRow) string { return displayName(r) }},
		{t.Columns.Profession, profW, false, func(r store.EntryRow) string { return r.Profession }},
	}
	// Right-hand columns read left to right: vacancy, town, age, salary, date.
	for i := len(right) - 1; i >= 0; i-- {
		cols = append(cols, right[i])
	}
	return cols
}

func displayName(r store.EntryRow) string {
	if r.DisplayName != "" {
		return r.DisplayName
	}
	return fmt.Sprintf("#%d", r.ResumeID)
}

func (m *Model) header(cols []column) string {
	var b strings.Builder
	b.WriteString("   ")
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(common.Cell(c.title, c.width, c.right, m.c.Styles.Glyphs.Ellipsis))
	}
	return m.c.Styles.List.Header.Render(common.Cell(b.String(), m.width, false, ""))
}

// line formats row i once per width; the cursor is applied in View.
func (m *Model) line(i int, cols []column) (plain string, r store.EntryRow, ok bool) {
	r, ok = m.row(i)
	if !ok {
		return "", r, false
	}
	if s, cached := m.lines[i]; cached {
		return s, r, true
	}
	g := m.c.Styles.Glyphs
	mark := " "
	if m.marked[r.ResumeID] {
		mark = g.Marked
	}
	state := " "
	switch {
	case r.Failed > 0:
		state = g.Failed
	case r.Unknown > 0:
		state = g.Unknown
	case r.Pending > 0:
		state = g.Pending
	case r.IsNew:
		state = g.New
	}
	var b strings.Builder
	b.WriteString(common.Cell(mark, 1, false, "") + common.Cell(state, 1, false, "") + " ")
	for j, c := range cols {
		if j > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(common.Cell(c.cell(r), c.width, c.right, g.Ellipsis))
	}
	s := common.Cell(b.String(), m.width, false, "")
	m.lines[i] = s
	return s, r, true
}

// View renders the header and the visible rows: exactly height lines of width columns.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	st := m.c.Styles.List
	cols := m.columns()
	out := make([]string, 0, m.height)
	out = append(out, m.header(cols))
	if m.known && m.total == 0 {
		msg := m.c.Text.Empty.Folder
		if m.query.Search != "" {
			msg = m.c.Text.Empty.Filter
		}
		out = append(out, st.Empty.Render(common.Cell("  "+msg, m.width, false, "")))
	}
	for i := m.pos.Offset; len(out) < m.height; i++ {
		if m.known && i >= m.total {
			break
		}
		plain, r, ok := m.line(i, cols)
		switch {
		case !ok:
			out = append(out, st.Empty.Render(common.Cell("   "+m.c.Styles.Glyphs.Ellipsis, m.width, false, "")))
		case i == m.pos.Cursor && m.focused:
			out = append(out, st.Selected.Render(plain))
		case i == m.pos.Cursor:
			out = append(out, st.Marked.Render(plain))
		case m.marked[r.ResumeID]:
			out = append(out, st.Marked.Render(plain))
		case r.IsNew:
			out = append(out, st.New.Render(plain))
		default:
			out = append(out, st.Row.Render(plain))
		}
	}
	blank := m.blankLine()
	for len(out) < m.height {
		out = append(out, blank)
	}
	return strings.Join(out, "\n")
}
