package overview

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/store"
	"hrdesk/views/common"
	"hrdesk/views/spark"
)

// wideWidth is where each funnel stage gets a bar of its own with its
// share, and the waiting ages and user folders their words.
const wideWidth = 120

// Column widths: numbers right-aligned in cells this wide.
const (
	countWidth = 6
	smallWidth = 5
	shareWidth = 4
	agesWidth  = 15
	firstWidth = 7
	// narrowWidth is a compact screen's folder and waiting cells: room for
	// a short head ("рассм.") over figures up to 99999.
	narrowWidth = 6
)

// wideFixed is the wide form's columns beside the title and the bars:
// "  ", the responses' count, three stages' counts and shares, and the
// cells of waiting, near and past the limit.
const wideFixed = 2 + (2 + countWidth) + 3*(3+countWidth+shareWidth) + 3*(1+narrowWidth)

// layout is the columns of one width.
type layout struct {
	wide          bool
	title, bar    int      // title and bar widths
	spark         int      // sparkline cells
	small         int      // the folders' and waiting cells
	ages, first   int      // the compact form's waiting ages and first action cells
	rest          restForm // how the second line says its figures
	maxResponses  int      // the busiest vacancy's responses: the bars' scale
	styled        bool
	days          int
	separatorText string
}

func (m *Model) layout() layout {
	l := layout{wide: m.width >= wideWidth, days: len(m.figures.Days), separatorText: m.c.Styles.Glyphs.Separator, small: narrowWidth}
	if l.wide {
		// "  " title, then four stages of bar+count (+share), waiting, near
		// and past the limit.
		l.bar = min(max((m.width-wideFixed-24)/4, 6), 20)
		l.title = m.width - wideFixed - 4*l.bar
		l.spark = min(l.days, max(m.width-38, 0))
	} else {
		// "  " title, count, bar, then six cells: the heads stay words
		// (the legend explains the short ones) and the bar gives way first.
		fixed := 2 + 1 + countWidth + 1 + 6*(1+l.small)
		l.bar = min(max((m.width-fixed)/4, 4), 20)
		l.title = m.width - fixed - l.bar
	}
	// The compact form's cells: their heads are whole too, the cells take
	// their width.
	t := m.c.Text.Overview
	l.ages = max(agesWidth, lipgloss.Width(t.ShortAges))
	l.first = max(firstWidth, lipgloss.Width(t.ShortFirst))
	if !l.wide {
		l.spark = min(l.days, max(m.width-(2+2*(1+smallWidth)+1+l.ages+1+l.first), 0))
	}
	for _, f := range m.figures.Vacancies { // every vacancy, so a filter keeps the scale
		l.maxResponses = max(l.maxResponses, f.Responses)
	}
	l.rest = m.pickRest(l)
	return l
}

// restForm is how a vacancy's second line says its waiting ages, first
// action and user folders. The forms, from the widest (restForms): the
// ages and the first action in words, or as the compact screen's cells
// under their heads; the user folders with their shares, without, or with
// their names abbreviated by rule (common.Abbrev); all of them whole, or
// none. Issue 28 §4: at 140 columns the words and two user folders did
// not fit, and the folders were cut ("Кадровый резерв 5 …", the second
// not seen).
type restForm struct {
	cells   bool // the ages and first action as cells
	folders bool // the user folders are on the line
	short   int  // the folders: 0 with shares, 1 without, 2 abbreviated
}

// restForms are the forms in the order they are tried.
var restForms = []restForm{
	{false, true, 0}, {false, true, 1}, {false, true, 2},
	{true, true, 0}, {true, true, 1}, {true, true, 2},
	{false, false, 0}, {true, false, 0},
}

// pickRest is the first form (the compact screen's: one with cells) in
// which every vacancy's second line, and the sum's, fits whole.
func (m *Model) pickRest(l layout) restForm {
	l.styled = false
	all := append([]store.VacancyFigures{m.figures.Total}, m.figures.Vacancies...)
	for _, f := range restForms {
		if !l.wide && !f.cells {
			continue
		}
		l.rest = f
		fits := true
		for _, v := range all {
			if lipgloss.Width(m.secondLine(v, l, lipgloss.Style{})) > m.width {
				fits = false
				break
			}
		}
		if fits {
			return f
		}
	}
	return restForm{cells: true}
}

// View draws exactly height lines of width columns.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	if m.team.on {
		return m.teamView()
	}
	st := m.c.Styles
	t := m.c.Text.Overview
	out := []string{m.stateLine()}
	switch {
	case m.err != nil:
		out = append(out, st.Error.Render(common.Cell("  "+m.err.Error(), m.width, false, st.Glyphs.Ellipsis)))
		return common.Block(out, m.width, m.height)
	case !m.loaded:
		out = append(out, st.List.Empty.Render(common.Cell("  "+st.Glyphs.Ellipsis, m.width, false, "")))
		return common.Block(out, m.width, m.height)
	case len(m.figures.Vacancies) == 0:
		out = append(out, st.List.Empty.Render(common.Cell("  "+t.Empty, m.width, false, st.Glyphs.Ellipsis)))
		return common.Block(out, m.width, m.height)
	}
	l := m.layout()
	l.styled = true
	a, b := m.heads(l)
	out = append(out, st.List.Header.Render(a), st.List.Header.Render(b))
	total := m.figures.Total
	total.Title = t.All
	tl := l
	tl.maxResponses = total.Responses
	a, b = m.vacancyLines(total, tl, st.Bold)
	out = append(out, a, b)
	legend := m.legend(l)
	room := m.height - len(legend)
	for i := m.list.Offset; i < len(m.shown) && len(out)+perVacancy <= room; i++ {
		f := m.shown[i]
		if i == m.list.Cursor && m.focused {
			plain := l
			plain.styled = false
			a, b = m.vacancyLines(f, plain, st.List.Row)
			out = append(out, st.List.Selected.Render(a), st.List.Selected.Render(b))
			continue
		}
		a, b = m.vacancyLines(f, l, st.List.Row)
		out = append(out, a, b)
	}
	if len(legend) > 0 && m.height >= len(out)+len(legend) {
		// At the pane's foot, under however many vacancies show.
		for len(out) < m.height-len(legend) {
			out = append(out, "")
		}
		for _, line := range legend {
			out = append(out, m.c.Styles.Overview.Label.Render(line))
		}
	}
	return common.Block(out, m.width, m.height)
}

// stateLine is the order and how many vacancies show, or the title filter.
func (m *Model) stateLine() string {
	t := m.c.Text.Overview
	sep := m.c.Styles.Glyphs.Separator
	order := fmt.Sprintf(t.Order, [...]string{t.ByWaiting, t.ByResponses, t.ByName}[m.order])
	count := itoa(int64(len(m.figures.Vacancies)))
	if len(m.shown) != len(m.figures.Vacancies) {
		count = fmt.Sprintf(t.Shown, len(m.shown), len(m.figures.Vacancies))
	}
	if m.typing || m.filter.Value() != "" {
		return common.Fit(m.filter.View()+sep+count+sep+order, m.width, m.c.Styles.Glyphs.Ellipsis)
	}
	return m.c.Styles.List.Header.Render(common.Cell(order+sep+count, m.width, false, m.c.Styles.Glyphs.Ellipsis))
}

// heads are the column heads of a vacancy's two lines.
func (m *Model) heads(l layout) (string, string) {
	t := m.c.Text.Overview
	e := m.c.Styles.Glyphs.Ellipsis
	cell := func(s string, w int, right bool) string { return common.Cell(s, w, right, e) }
	var a strings.Builder
	a.WriteString("  " + cell(t.Vacancy, l.title, false))
	if l.wide {
		a.WriteString(" " + cell(t.Responses, l.bar+1+countWidth, false))
		for _, s := range []string{t.Considered, t.Invited, t.Refused} {
			a.WriteString(" " + cell(s, l.bar+2+countWidth+shareWidth, false))
		}
		for _, s := range []string{t.ShortWaiting, t.ShortNear, t.ShortPast} {
			a.WriteString(" " + cell(s, l.small, true))
		}
	} else {
		// The whole word over the count and its bar.
		a.WriteString(" " + cell(t.Responses, countWidth+1+l.bar, false))
		for _, s := range []string{t.ShortConsidered, t.ShortInvited, t.ShortRefused, t.ShortWaiting, t.ShortNear, t.ShortPast} {
			a.WriteString(" " + cell(s, l.small, true))
		}
	}
	b := "  " + cell(fmt.Sprintf(t.PerDay, l.days), l.spark, false) + " " + cell(t.ShortTotal, smallWidth, true) +
		" " + cell(t.ShortTrend, smallWidth, true)
	if l.rest.cells { // in words, the second line names its own figures
		b += " " + cell(t.ShortAges, l.ages, false) + " " + cell(t.ShortFirst, l.first, true)
	}
	return common.Fit(a.String(), m.width, e), common.Fit(b, m.width, e)
}

// legend explains the short heads that are not whole words ("рассм. —
// рассматриваются"), wrapped whole at the pane's width; the wide screen
// heads its funnel with the words themselves.
func (m *Model) legend(l layout) []string {
	t := m.c.Text.Overview
	pairs := [][2]string{{t.ShortWaiting, t.Waiting}, {t.ShortNear, t.Near}, {t.ShortPast, t.Past}}
	if !l.wide {
		pairs = append([][2]string{{t.ShortConsidered, t.Considered}, {t.ShortInvited, t.Invited},
			{t.ShortRefused, t.Refused}}, pairs...)
	}
	if m.figures.Total.Snoozed > 0 {
		pairs = append(pairs, [2]string{m.c.Styles.Glyphs.Woken + "N", t.Snoozed})
	}
	var parts []string
	for _, p := range pairs {
		if p[0] != p[1] {
			parts = append(parts, fmt.Sprintf(t.Abbrev, p[0], p[1]))
		}
	}
	return wrapWhole(parts, m.width, m.c.Styles.Glyphs.Ellipsis)
}

// wrapWhole joins parts with " · " into lines of width, each part whole on
// one line (cut only when alone wider than the line), each line indented.
func wrapWhole(parts []string, width int, ellipsis string) []string {
	var lines []string
	line := ""
	for _, part := range parts {
		switch {
		case line == "":
			line = "  " + part
		case ansi.StringWidth(line+" · "+part) <= width:
			line += " · " + part
		default:
			lines, line = append(lines, line), "  "+part
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	for i := range lines {
		lines[i] = common.Fit(lines[i], width, ellipsis)
	}
	return lines
}

// footLines is the lines under the vacancies: the legend's.
func (m *Model) footLines() int {
	// The legend reads only whether the screen is wide: not the whole
	// layout, whose second-line form measures every vacancy.
	return len(m.legend(layout{wide: m.width >= wideWidth}))
}

// vacancyLines are one vacancy's two lines: its name, funnel, waiting,
// near and past their stage's limit; then the sparkline, the window's total and trend, the waiting
// ages and the time to first action.
func (m *Model) vacancyLines(f store.VacancyFigures, l layout, text lipgloss.Style) (string, string) {
	st := m.c.Styles.Overview
	g := m.c.Styles.Glyphs
	paint := func(s lipgloss.Style, v string) string {
		if l.styled {
			return s.Render(v)
		}
		return v
	}
	num := func(n, w int) string { return common.Cell(itoa(int64(n)), w, true, "") }
	var a strings.Builder
	a.WriteString(paint(text, "  ") + m.titleCell(f, l, text, paint))
	if l.wide {
		a.WriteString(" " + paint(st.Responses, bar(g, f.Responses, l.maxResponses, l.bar)) + " " + paint(text, num(f.Responses, countWidth)))
		for i, n := range []int{f.Considered, f.Invited, f.Refused} {
			s := [...]lipgloss.Style{st.Considered, st.Invited, st.Refused}[i]
			a.WriteString(" " + paint(s, bar(g, n, l.maxResponses, l.bar)) + " " + paint(text, num(n, countWidth)) + " " +
				paint(st.Label, common.Cell(share(n, f.Responses), shareWidth, true, "")))
		}
	} else {
		a.WriteString(" " + paint(text, num(f.Responses, countWidth)) + " " + m.funnel(f, l, paint))
		for _, n := range []int{f.Considered, f.Invited, f.Refused} {
			a.WriteString(" " + paint(text, num(n, l.small)))
		}
	}
	waiting := text
	if f.Waiting > 0 {
		waiting = st.Waiting
	}
	nearStyle, pastStyle := text, text
	if f.NearLimit > 0 {
		nearStyle = st.Waiting
	}
	if f.PastLimit > 0 {
		pastStyle = st.Stale
	}
	a.WriteString(" " + paint(waiting, num(f.Waiting, l.small)) + " " + paint(nearStyle, num(f.NearLimit, l.small)) +
		" " + paint(pastStyle, num(f.PastLimit, l.small)))

	return common.Fit(a.String(), m.width, g.Ellipsis), common.Fit(m.secondLine(f, l, text), m.width, g.Ellipsis)
}

// secondLine is a vacancy's second line, uncut: the sparkline, the
// window's total and trend, the waiting ages and the time to first action
// in l's form, and the user folders when l has them.
func (m *Model) secondLine(f store.VacancyFigures, l layout, text lipgloss.Style) string {
	st := m.c.Styles.Overview
	g := m.c.Styles.Glyphs
	t := m.c.Text.Overview
	paint := func(s lipgloss.Style, v string) string {
		if l.styled {
			return s.Render(v)
		}
		return v
	}
	in, trendText, trendStyle := f.InWindow(), spark.Trend(f.InWindow(), f.Before), st.Label
	switch {
	case strings.HasPrefix(trendText, "+"):
		trendStyle = st.Up
	case strings.HasPrefix(trendText, "-"):
		trendStyle = st.Down
	}
	// The snoozed (issue 31 §4) end the sparkline, which gives up their
	// cells so the columns after it stay under their heads at every width.
	snoozed := ""
	if f.Snoozed > 0 {
		snoozed = " " + g.Woken + itoa(int64(f.Snoozed))
	}
	b := "  " + paint(st.Spark, spark.Line(g.Spark, f.PerDay, max(l.spark-ansi.StringWidth(snoozed), 1))) + paint(st.Label, snoozed) +
		" " + paint(text, common.Cell(itoa(int64(in)), smallWidth, true, "")) + " " +
		paint(trendStyle, common.Cell(trendText, smallWidth, true, ""))
	first := t.NoFirstAction
	if l.rest.cells {
		first = "–"
	}
	if f.FirstActions > 0 {
		first = m.duration(f.MedianFirstAction)
	}
	if !l.rest.cells {
		ages := []string{t.AgeToday, t.Age1to3, t.Age4to7, t.AgeOlder}
		parts := make([]string, len(ages))
		for i, n := range f.WaitingByAge {
			parts[i] = ages[i] + " " + itoa(int64(n))
		}
		rest := "  " + t.Waiting + ": " + strings.Join(parts, " · ")
		if f.FirstActions > 0 {
			rest += "  " + fmt.Sprintf(t.FirstAction, first)
		} else {
			rest += "  " + first
		}
		b += paint(st.Label, rest)
	} else {
		ages := make([]string, len(f.WaitingByAge))
		for i, n := range f.WaitingByAge {
			ages[i] = itoa(int64(n))
		}
		b += " " + paint(st.Label, common.Cell(strings.Join(ages, "·"), l.ages, false, g.Ellipsis)) + " " +
			paint(text, common.Cell(first, l.first, true, g.Ellipsis))
	}
	if l.rest.folders {
		b += paint(st.Label, m.userFolders(f, l.rest.short))
	}
	return b
}

// userFolders names the vacancy's responses in user folders: with shares
// (short 0), without (1), with the names abbreviated (2).
func (m *Model) userFolders(f store.VacancyFigures, short int) string {
	ids := make([]string, 0, len(f.Folders))
	for id, n := range f.Folders {
		if n > 0 {
			ids = append(ids, id)
		}
	}
	store.SortUserFolders(ids)
	out := ""
	for _, id := range ids {
		name := m.c.FolderName(id)
		if short == 2 {
			name = common.Abbrev(name)
		}
		out += "  " + name + " " + itoa(int64(f.Folders[id]))
		if short == 0 {
			out += " (" + share(f.Folders[id], f.Responses) + ")"
		}
	}
	return out
}

// funnel is the compact screen's stacked bar: its length the vacancy's
// responses against the widest vacancy's, its parts invited, considered,
// refused and the rest.
func (m *Model) funnel(f store.VacancyFigures, l layout, paint func(lipgloss.Style, string) string) string {
	st := m.c.Styles.Overview
	g := m.c.Styles.Glyphs
	cells := 0
	if l.maxResponses > 0 && f.Responses > 0 {
		cells = max(f.Responses*l.bar/l.maxResponses, 1)
	}
	rest := max(f.Responses-f.Invited-f.Considered-f.Refused, 0)
	parts := split([]int{f.Invited, f.Considered, f.Refused, rest}, cells)
	styles := [...]lipgloss.Style{st.Invited, st.Considered, st.Refused, st.Responses}
	var b strings.Builder
	for i, n := range parts {
		if n > 0 {
			b.WriteString(paint(styles[i], strings.Repeat(g.Funnel[i], n)))
		}
	}
	return b.String() + strings.Repeat(" ", l.bar-cells)
}

// duration is a median time to first action, short.
func (m *Model) duration(d interface{ Minutes() float64 }) string {
	t := m.c.Text.Overview
	minutes := int(d.Minutes() + 0.5)
	switch {
	case minutes < 60:
		return fmt.Sprintf(t.Minutes, minutes)
	case minutes < 48*60:
		return fmt.Sprintf(t.Hours, (minutes+30)/60)
	}
	return fmt.Sprintf(t.Days, (minutes+12*60)/(24*60))
}
