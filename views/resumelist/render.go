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
		{92, column{t.Columns.Vacancy, 22, false, m.vacancyCell, -1}},
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
	second := m.secondColumn()
	nameW := m.nameWidth(avail, second)
	second.width = max(avail-nameW-1, 1)
	cols := []column{
		{t.Columns.Name, nameW, false, func(r store.EntryRow) string { return displayName(r) }, -1},
		second,
	}
	// Right-hand columns read left to right: folder, vacancy, town, age,
	// salary, date.
	for i := len(right) - 1; i >= 0; i-- {
		cols = append(cols, right[i])
	}
	return cols
}

// vacancyInstead is the list's width below which the vacancy column
// takes the profession's place (issue 28 §4): beside the resume (120 and
// 140 columns) there is no room for both, and the resume beside names
// the profession; which vacancy a response is to, nothing else says.
const vacancyInstead = 70

// secondColumn is the column beside the name: the profession, or, on a
// list too narrow for the vacancy column, the vacancy: when there are
// vacancies to tell apart (more than one of the profile's) and the list
// is not narrowed to one.
func (m *Model) secondColumn() column {
	t := m.c.Text.Columns
	if m.width < vacancyInstead && m.Criteria().VacancyID == 0 && len(m.vacancyNames) > 1 {
		return column{t.Vacancy, 0, false, m.vacancyCell, -1}
	}
	return column{t.Profession, 0, false, func(r store.EntryRow) string { return r.Profession }, -1}
}

// vacancyCell names a row's vacancy: its title, else its id.
func (m *Model) vacancyCell(r store.EntryRow) string {
	if name := m.vacancyNames[r.VacancyID]; name != "" {
		return name
	}
	if r.VacancyID == 0 {
		return ""
	}
	return fmt.Sprintf("#%d", r.VacancyID)
}

// nameWidth splits avail between name and profession: each has a share
// (2:3); when one column's longest visible cell is cut while the other's
// needs less than its share, the other keeps what it needs (its least at
// least) and hands the rest over, so a long name is not cut beside a
// half-empty Profession column.
func (m *Model) nameWidth(avail int, second column) int {
	key := [4]int{m.pos.Offset, m.rowsVisible(), avail}
	if m.splitSeen && [3]int(m.splitFor[:3]) == [3]int(key[:3]) {
		return m.splitFor[3]
	}
	key[3] = m.measureSplit(avail, second)
	m.splitFor, m.splitSeen = key, true
	return key[3]
}

// measureSplit is nameWidth measured from the visible rows.
func (m *Model) measureSplit(avail int, second column) int {
	share := max(avail*2/5, minName)
	needName, needProf := 0, 0
	for i := m.pos.Offset; i < m.pos.Offset+m.rowsVisible(); i++ {
		if r, ok := m.row(i); ok {
			needName = max(needName, ansi.StringWidth(textsafe.Line(displayName(r))))
			needProf = max(needProf, ansi.StringWidth(textsafe.Line(second.cell(r))))
		}
	}
	if needName == 0 && needProf == 0 { // nothing loaded yet: the shares
		return share
	}
	needName = max(needName, ansi.StringWidth(m.c.Text.Columns.Name), minName)
	needProf = max(needProf, ansi.StringWidth(second.title), minProfession)
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

// chipLines are the filters above the header, each chip whole where the
// width allows it (issue 28 §4: "[responde…] [salary 80…]" at 120
// columns with the resume open), by rule, one step at a time:
//
//  1. the chips in words, with the keys that add and remove them;
//  2. without the keys (the footer and help name them);
//  3. the chips by their values alone where the value says what it is
//     ("[7 days]", the vacancy's title), the others in words;
//  4. those on two lines;
//  5. on one line, the longest labels cut (with the ellipsis) before any
//     chip is lost: a filter narrowing the list that nobody sees is a list
//     that looks short for no reason.
func (m *Model) chipLines() []string {
	read := m.read()
	chips := append(read.set.Chips(m.c.Text, m.c.Now(), m.chipNames()), read.terms...)
	if len(chips) == 0 || m.width <= 0 {
		return nil
	}
	long, short := make([]string, len(chips)), make([]string, len(chips))
	for i, c := range chips {
		long[i], short[i] = c.Label, c.Short
	}
	k := m.c.Keys
	hint := fmt.Sprintf(m.c.Text.Narrow.ChipsHint, k.FilterMenu.Help().Key, k.RemoveFilter.Help().Key)
	switch {
	case chipsWidth(long)+2+ansi.StringWidth(hint) <= m.width:
		return []string{m.c.Fit(m.chipLine(long)+"  "+m.c.Styles.Muted.Render(hint), m.width)}
	case chipsWidth(long) <= m.width:
		return []string{m.c.Fit(m.chipLine(long), m.width)}
	case chipsWidth(short) <= m.width:
		return []string{m.c.Fit(m.chipLine(short), m.width)}
	}
	// A label wider than the line itself (a long vacancy title) is cut to
	// it: the chip still shows whole on a line of its own.
	one := make([]string, len(short))
	for i, l := range short {
		one[i] = l
		if ansi.StringWidth(l) > m.width-2 {
			one[i] = ansi.Truncate(l, max(m.width-2, 1), m.c.Styles.Glyphs.Ellipsis)
		}
	}
	if rows := chipRows(one, m.width); len(rows) <= maxChipLines {
		out := make([]string, len(rows))
		for i, r := range rows {
			out[i] = m.c.Fit(m.chipLine(r), m.width)
		}
		return out
	}
	return []string{m.c.Fit(m.chipLine(shareWidth(short, m.width-3*len(short)+1, chipLeast, m.c.Styles.Glyphs.Ellipsis)), m.width)}
}

// maxChipLines is the most lines the chips take above the list.
const maxChipLines = 2

// chipLine is labels as chips, one space apart.
func (m *Model) chipLine(labels []string) string {
	parts := make([]string, len(labels))
	for i, l := range labels {
		parts[i] = m.c.Styles.List.Chip.Render("[" + l + "]")
	}
	return strings.Join(parts, " ")
}

// chipsWidth is the width of labels as chips on one line.
func chipsWidth(labels []string) int {
	w := len(labels) - 1
	for _, l := range labels {
		w += ansi.StringWidth(l) + 2
	}
	return w
}

// chipRows lays labels out as chips on lines of w columns, in order, a
// chip wider than a line on a line of its own.
func chipRows(labels []string, w int) [][]string {
	var rows [][]string
	var row []string
	for _, l := range labels {
		if len(row) > 0 && chipsWidth(append(row[:len(row):len(row)], l)) > w {
			rows = append(rows, row)
			row = nil
		}
		row = append(row, l)
	}
	return append(rows, row)
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
	repeat := " "
	stale := m.limitMark(r, criteria.IsStale(r, criteria.StaleBefore(m.c.Now(), m.staleAfter)))
	if r.Woken { // back from a snooze: what asks for the recruiter now
		stale = g.Woken
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
	out = append(out, m.chipLines()...)
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
