package selections

import (
	"fmt"
	"strings"

	"hrdesk/store"
	"hrdesk/views/common"
)

func (m *Model) columns() []common.Column {
	t := m.c.Text.Selections
	return common.Layout([]common.Column{
		{Title: t.Name, Flex: true},
		{Title: t.Mail, Width: 6},
		{Title: t.Period, Width: 10},
		{Title: t.Keywords, Flex: true},
	}, m.width, 3, 14)
}

func (m *Model) cells(s store.Selection) []string {
	t := m.c.Text.Selections
	r := s.Doc()
	mail := t.Off
	if s.Status == 1 {
		mail = t.On
	}
	// Our own name for a known period (the server's title is in the
	// account's language), the server's title for any other.
	period := ""
	id := r.Period.Key()
	for i, days := range []string{"1", "3", "7", "14", "30", "60", "0"} {
		if id == days {
			period = t.Periods[i]
		}
	}
	if r.Period.IsObject() && period == "" {
		period = r.Period.Title()
	}
	var kws []string
	for _, k := range r.Keywords {
		if v := k.Keys.Key(); v != "" {
			kws = append(kws, v)
		}
	}
	if len(kws) == 0 {
		kws = append(kws, r.Keyword.Key())
	}
	return []string{s.Name, mail, period, strings.Join(kws, ", ")}
}

// View draws exactly height lines of width columns.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	if m.form != nil {
		return common.Block(m.form.view(m, m.height), m.width, m.height)
	}
	st := m.c.Styles.List
	g := m.c.Styles.Glyphs
	cols := m.columns()
	out := []string{
		st.Header.Render(common.Cell(fmt.Sprintf(m.c.Text.Selections.Count, len(m.all)), m.width, false, g.Ellipsis)),
		st.Header.Render(common.Cell("   "+common.Cells(common.Titles(cols), cols, g.Ellipsis), m.width, false, "")),
	}
	if len(m.all) == 0 {
		out = append(out, st.Empty.Render(common.Cell("  "+m.c.Text.Selections.Empty, m.width, false, g.Ellipsis)))
	}
	for i := m.list.Offset; i < len(m.all) && len(out) < m.height; i++ {
		line := common.Cell("   "+common.Cells(m.rowCells[i], cols, g.Ellipsis), m.width, false, "")
		switch {
		case i == m.list.Cursor && m.focused:
			line = st.Selected.Render(line)
		case i == m.list.Cursor:
			line = st.Marked.Render(line)
		default:
			line = st.Row.Render(line)
		}
		out = append(out, line)
	}
	return common.Block(out, m.width, m.height)
}
