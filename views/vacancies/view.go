package vacancies

import (
	"fmt"
	"time"

	"hrdesk/store"
	"hrdesk/views/common"
)

func (m *Model) stateName(s State) string {
	t := m.c.Text.Vacancies
	return [...]string{t.All, t.Open, t.Closed, t.Archived}[s]
}

// day is a date in the list's short form; empty for none.
func (m *Model) day(ts time.Time) string {
	if ts.IsZero() {
		return ""
	}
	return m.c.Text.Date(ts, m.c.Now())
}

func (m *Model) columns() []common.Column {
	t := m.c.Text.Vacancies
	cols := []common.Column{
		{Title: t.Profession, Flex: true},
		{Title: t.State, Width: 9},
		{Title: t.Views, Width: 6, Right: true},
		{Title: t.Responses, Width: 6, Right: true},
		{Title: t.New, Width: 5, Right: true},
		{Title: t.Published, Width: 12, Right: true},
		{Title: t.Until, Width: 8, Right: true},
	}
	return common.Layout(cols, m.width, 3, 16)
}

func (m *Model) cells(v store.Vacancy) []string {
	return []string{textLine(v.Profession), m.stateName(StateOf(v)), itoa(v.ViewsCount), itoa(v.ResumesAll),
		itoa(v.ResumesNew), m.day(v.DatePublished), m.day(v.DatePubTo)}
}

// View draws exactly height lines of width columns.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	if m.detail != nil {
		return m.detailView()
	}
	st := m.c.Styles.List
	g := m.c.Styles.Glyphs
	cols := m.columns()
	head := fmt.Sprintf("%s · "+m.c.Text.Vacancies.Count, m.stateName(m.state), len(m.shown))
	out := []string{
		st.Header.Render(common.Cell(head, m.width, false, g.Ellipsis)),
		st.Header.Render(common.Cell("   "+common.Cells(common.Titles(cols), cols, g.Ellipsis), m.width, false, "")),
	}
	if len(m.shown) == 0 {
		out = append(out, st.Empty.Render(common.Cell("  "+m.c.Text.Vacancies.Empty, m.width, false, g.Ellipsis)))
	}
	for i := m.list.Offset; i < len(m.shown) && len(out) < m.height; i++ {
		v := m.shown[i]
		mark := " "
		if m.list.Marks.Has(v.ID) {
			mark = g.Marked
		}
		line := common.Cell(common.Cell(mark, 1, false, "")+"  "+common.Cells(m.cells(v), cols, g.Ellipsis), m.width, false, "")
		switch {
		case i == m.list.Cursor && m.focused:
			line = st.Selected.Render(line)
		case i == m.list.Cursor || m.list.Marks.Has(v.ID):
			line = st.Marked.Render(line)
		case v.ResumesNew > 0:
			line = st.New.Render(line)
		default:
			line = st.Row.Render(line)
		}
		out = append(out, line)
	}
	return common.Block(out, m.width, m.height)
}

func (m *Model) detailView() string {
	d := m.detail
	if d.lines == nil {
		return common.Block([]string{m.c.Styles.List.Empty.Render(common.Cell("  "+m.c.Styles.Glyphs.Ellipsis, m.width, false, ""))}, m.width, m.height)
	}
	end := min(d.offset+m.height, len(d.lines))
	return common.Block(append([]string(nil), d.lines[d.offset:end]...), m.width, m.height)
}
