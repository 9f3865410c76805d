package resumelist

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/common"
	"hrdesk/views/criteria"
)

// column is one column of the list at the current width.
type column struct {
	title string
	width int
	right bool
	cell  func(r store.EntryRow) string
	sort  store.SortField // the order it shows, -1 for none
}

// prefix is the markers before the columns: marked, outbox state or new,
// stale, repeat applicant, a space.
const prefix = 5

// columns lays out the columns that fit: fixed ones drop out right to left
// as the width shrinks, except the one the list is sorted by; name and
// profession share what is left. Searching every folder adds the folder.
func (m *Model) columns() []column {
	t := m.c.Text
	now := m.c.Now()
	avail := m.width - prefix
	fixed := []struct {
		minWidth int
		col      column
	}{
		{40, column{t.Columns.Date, 7, true, func(r store.EntryRow) string { return t.ShortDate(r.LastEventAt, now) }, store.SortByDate}},
		{70, column{t.Columns.Salary, 13, true, func(r store.EntryRow) string {
			if r.Salary <= 0 {
				// Left open by the applicant (0 in the service's answer):
				// said, as the resume pane says it, never a blank cell.
				return t.Values.SalaryByAgreementShort
			}
			return t.Salary(int(r.Salary), r.Currency)
		}, store.SortBySalary}},
		{84, column{t.Columns.Age, 8, true, func(r store.EntryRow) string { return t.Age(r.Age) }, store.SortByAge}},
		{120, column{t.Columns.Town, 16, false, func(r store.EntryRow) string { return r.Town }, -1}},
		{92, column{t.Columns.Vacancy, 22, false, func(r store.EntryRow) string {
			if name := m.vacancyNames[r.VacancyID]; name != "" {
				return name
			}
			if r.VacancyID == 0 {
				return ""
			}
			return fmt.Sprintf("#%d", r.VacancyID)
		}, -1}},
	}
	if m.everywhere {
		fixed = append(fixed, struct {
			minWidth int
			col      column
		}{0, column{t.Narrow.Folder, m.folderWidth(), false, func(r store.EntryRow) string { return m.c.FolderName(r.Folder) }, -1}})
	}
	var right []column
	for _, f := range fixed {
		if m.width >= f.minWidth || f.col.sort == m.query.SortBy {
			right = append(right, f.col)
			avail -= f.col.width + 1
		}
	}
	right, avail = m.makeRoom(right, avail)
	nameW := m.nameWidth(avail)
	profW := max(avail-nameW-1, 1)
	cols := []column{
		{t.Columns.Name, nameW, false, func(r store.EntryRow) string { return displayName(r) }, -1},
		{t.Columns.Profession, profW, false, func(r store.EntryRow) string { return r.Profession }, -1},
	}
	// Right-hand columns read left to right: folder, vacancy, town, age,
	// salary, date.
	for i := len(right) - 1; i >= 0; i-- {
		cols = append(cols, right[i])
	}
	return cols
}

// nameWidth splits avail between name and profession: each has a share
// (2:3); when one column's longest visible cell is cut while the other's
// needs less than its share, the other keeps what it needs (its least at
// least) and hands the rest over, so a long name is not cut beside a
// half-empty Profession column.
func (m *Model) nameWidth(avail int) int {
	key := [4]int{m.pos.Offset, m.rowsVisible(), avail}
	if m.splitSeen && [3]int(m.splitFor[:3]) == [3]int(key[:3]) {
		return m.splitFor[3]
	}
	key[3] = m.measureSplit(avail)
	m.splitFor, m.splitSeen = key, true
	return key[3]
}

// measureSplit is nameWidth measured from the visible rows.
func (m *Model) measureSplit(avail int) int {
	share := max(avail*2/5, minName)
	needName, needProf := 0, 0
	for i := m.pos.Offset; i < m.pos.Offset+m.rowsVisible(); i++ {
		if r, ok := m.row(i); ok {
			needName = max(needName, ansi.StringWidth(textsafe.Line(displayName(r))))
			needProf = max(needProf, ansi.StringWidth(textsafe.Line(r.Profession)))
		}
	}
	if needName == 0 && needProf == 0 { // nothing loaded yet: the shares
		return share
	}
	t := m.c.Text.Columns
	needName = max(needName, ansi.StringWidth(t.Name), minName)
	needProf = max(needProf, ansi.StringWidth(t.Profession), minProfession)
	profShare := avail - share - 1
	switch {
	case needName > share && needProf < profShare: // the name takes the profession's spare room
		return min(needName, avail-1-needProf)
	case needProf > profShare && needName < share: // and the other way round
		return needName
	}
	return share // both fit their shares (the columns stay put), or neither does
}

// minName and minProfession are the narrowest the name and profession
// columns get while another column can give way: the rows are read by them.
const (
	minName       = 10
	minProfession = 10
	// minFolder is the narrowest the folder column gets for them.
	minFolder = 10
)

// makeRoom gives name and profession their least width (avail is what the
// right-hand columns left, right those columns, first the most important):
// the folder column of a search over every folder narrows to its least,
// then the least important columns go, the sorted one last.
func (m *Model) makeRoom(right []column, avail int) ([]column, int) {
	const need = minName + 1 + minProfession
	folder := m.c.Text.Narrow.Folder
	for i := range right {
		if avail >= need {
			break
		}
		if c := &right[i]; c.title == folder {
			least := max(ansi.StringWidth(folder), minFolder)
			cut := min(c.width-least, need-avail)
			if cut > 0 {
				c.width -= cut
				avail += cut
			}
		}
	}
	for pass := range 2 {
		for i := len(right) - 1; i >= 0 && avail < need; i-- {
			c := right[i]
			if c.title == folder || (pass == 0 && c.sort == m.query.SortBy) {
				continue
			}
			right = append(right[:i:i], right[i+1:]...)
			avail += c.width + 1
		}
	}
	return right, avail
}

// folderWidth fits the longest folder name, within reason.
func (m *Model) folderWidth() int {
	t := m.c.Text
	w := ansi.StringWidth(t.Narrow.Folder)
	for _, id := range store.Folders {
		w = max(w, ansi.StringWidth(t.Folder(id)))
	}
	for _, f := range m.c.UserFolders {
		w = max(w, ansi.StringWidth(f.Name))
	}
	return min(w, 15)
}

func displayName(r store.EntryRow) string {
	if r.DisplayName != "" {
		return r.DisplayName
	}
	return fmt.Sprintf("#%d", r.ResumeID)
}

func (m *Model) header(cols []column) string {
	g := m.c.Styles.Glyphs
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", prefix))
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		title := c.title
		if c.sort == m.query.SortBy {
			// The order the list is in, on the column it orders.
			arrow := g.SortDown
			if m.query.Ascending {
				arrow = g.SortUp
			}
			title = common.Fit(title, max(c.width-1, 0), g.Ellipsis)
			title = strings.TrimRight(title, " ") + arrow
		}
		b.WriteString(common.Cell(title, c.width, c.right, g.Ellipsis))
	}
	return m.c.Styles.List.Header.Render(common.Cell(b.String(), m.width, false, ""))
}

// chips is the line of filters above the header, with the keys that add
// and remove them when there is room. When the chips are too many for the
// line, the longest labels are cut (with the ellipsis) before any chip is
// lost: a filter narrowing the list that nobody sees is a list that looks
// short for no reason (the vacancy chip, whose title is long, went first).
func (m *Model) chips() string {
	st := m.c.Styles.List
	var labels []string
	for _, c := range m.crit.Chips(m.c.Text, m.c.Now(), m.chipNames()) {
		labels = append(labels, c.Label)
	}
	labels = shareWidth(labels, m.width-3*len(labels)+1, chipLeast, m.c.Styles.Glyphs.Ellipsis)
	parts := make([]string, len(labels))
	for i, l := range labels {
		parts[i] = st.Chip.Render("[" + l + "]")
	}
	line := strings.Join(parts, " ")
	k := m.c.Keys
	hint := fmt.Sprintf(m.c.Text.Narrow.ChipsHint, k.FilterMenu.Help().Key, k.RemoveFilter.Help().Key)
	if ansi.StringWidth(line)+2+ansi.StringWidth(hint) <= m.width {
		line += "  " + m.c.Styles.Muted.Render(hint)
	}
	return m.c.Fit(line, m.width)
}

// chipLeast is the narrowest a chip's label is cut to.
const chipLeast = 6

// shareWidth cuts the widest of texts, one column at a time and none below
// least, until together they take at most w columns.
func shareWidth(texts []string, w, least int, ellipsis string) []string {
	widths := make([]int, len(texts))
	total := 0
	for i, t := range texts {
		widths[i] = ansi.StringWidth(t)
		total += widths[i]
	}
	for total > w {
		widest := 0
		for i := range widths {
			if widths[i] > widths[widest] {
				widest = i
			}
		}
		if widths[widest] <= least {
			break
		}
		widths[widest]--
		total--
	}
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = t
		if ansi.StringWidth(t) > widths[i] {
			out[i] = ansi.Truncate(t, widths[i], ellipsis)
		}
	}
	return out
}

// rowText is one row formatted: plain, for the cursor's style, and styled
// as it shows without the cursor (marked, new or plain). Styling every
// visible row on every frame cost more than the rest of a keystroke.
type rowText struct{ plain, styled string }

// line formats row i once per width; the cursor is applied in View.
func (m *Model) line(i int, cols []column) (text rowText, r store.EntryRow, ok bool) {
	r, ok = m.row(i)
	if !ok {
		return rowText{}, r, false
	}
	if t, cached := m.lines[i]; cached {
		return t, r, true
	}
	g := m.c.Styles.Glyphs
	mark := " "
	if m.pos.Marks.Has(r.ResumeID) {
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
	stale, repeat := " ", " "
	if criteria.IsStale(r, criteria.StaleBefore(m.c.Now(), m.staleAfter)) {
		stale = g.Stale
	}
	if m.repeats[r.ResumeID] > 0 {
		repeat = g.Repeat
	}
	var b strings.Builder
	for _, marker := range []string{mark, state, stale, repeat} {
		b.WriteString(common.Cell(marker, 1, false, ""))
	}
	b.WriteByte(' ')
	for j, c := range cols {
		if j > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(common.Cell(c.cell(r), c.width, c.right, g.Ellipsis))
	}
	text.plain = common.Cell(b.String(), m.width, false, "")
	st := m.c.Styles.List
	switch {
	case m.pos.Marks.Has(r.ResumeID):
		text.styled = st.Marked.Render(text.plain)
	case r.IsNew:
		text.styled = st.New.Render(text.plain)
	default:
		text.styled = st.Row.Render(text.plain)
	}
	m.lines[i] = text
	return text, r, true
}

// View renders the header and the visible rows: exactly height lines of width columns.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	st := m.c.Styles.List
	cols := m.columns()
	if cols[0].width != m.split { // the visible rows moved the name/profession split
		m.lines, m.split = map[int]rowText{}, cols[0].width
	}
	out := make([]string, 0, m.height)
	if m.headLines() > 1 {
		out = append(out, m.chips())
	}
	out = append(out, m.header(cols))
	if m.known && m.total == 0 {
		msg := m.c.Text.Empty.Folder
		if m.query.Search != "" || len(m.crit.Kinds()) > 0 {
			msg = m.c.Text.Empty.Filter
		}
		out = append(out, st.Empty.Render(common.Cell("  "+msg, m.width, false, "")))
	}
	for i := m.pos.Offset; len(out) < m.height; i++ {
		if m.known && i >= m.total {
			break
		}
		text, _, ok := m.line(i, cols)
		switch {
		case !ok:
			out = append(out, st.Empty.Render(common.Cell(strings.Repeat(" ", prefix)+m.c.Styles.Glyphs.Ellipsis, m.width, false, "")))
		case i == m.pos.Cursor && m.focused:
			out = append(out, st.Selected.Render(text.plain))
		case i == m.pos.Cursor:
			out = append(out, st.Marked.Render(text.plain))
		default:
			out = append(out, text.styled)
		}
	}
	blank := m.blankLine()
	for len(out) < m.height {
		out = append(out, blank)
	}
	return strings.Join(out, "\n")
}
