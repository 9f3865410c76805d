package overview

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"hrdesk/store"
	"hrdesk/views/common"
)

// teamCell is the width of a figure's cell: room for a head of six
// ("рассм.", "сегодня" is seven) over figures up to 999999.
const teamCell = 7

// teamFirst and teamSecond are the cells of a recruiter's two lines: the
// funnel and waiting; near and past the limit, the waiting by age, the
// first action and the shares answered.
const (
	teamFirst  = 6
	teamSecond = 10
)

// shareCell is the width of a share answered ("100%", "≤7 d"), the last
// three cells of the second line: narrower, so that the ten cells fit the
// 78 columns a pane has at 80 (at teamCell the last was cut to "≤…").
const shareCell = 5

// cellWidth is the width of the i-th cell of a recruiter's second line.
func cellWidth(i int) int {
	if i >= teamSecond-len(store.AnswerDays) {
		return shareCell
	}
	return teamCell
}

// teamFirstWidth and teamSecondWidth are what each line's cells take, a space
// before each.
const (
	teamFirstWidth  = teamFirst * (1 + teamCell)
	teamSecondWidth = (teamSecond-len(store.AnswerDays))*(1+teamCell) + len(store.AnswerDays)*(1+shareCell)
)

// teamWide is where a recruiter takes one line: the name and every cell.
const teamWide = 2 + 20 + teamFirstWidth + teamSecondWidth

// teamNameMost is the most a name's column takes: the figures stay near.
const teamNameMost = 32

// teamPer is the lines a recruiter takes at the pane's width.
func (m *Model) teamPer() int {
	if m.width >= teamWide {
		return 1
	}
	return perVacancy
}

// teamView draws the view by recruiter, exactly the pane's size: the
// state line; the heads; the team summed, then each recruiter, on one
// line from teamWide columns, else two (the funnel and waiting; near and
// past their stage's limit, the waiting by age, the median first action
// and the shares answered within 1, 3, 7 days); at the foot what near and
// past count, and the window against the span before.
func (m *Model) teamView() string {
	st := m.c.Styles
	w := m.c.Text.Overview.Team
	e := st.Glyphs.Ellipsis
	by := m.team.by
	out := []string{st.List.Header.Render(common.Cell(fmt.Sprintf(w.Title, len(by.Recruiters))+st.Glyphs.Separator+
		m.c.Keys.ByRecruiter.Help().Key+" "+w.Back, m.width, false, e))}
	switch {
	case m.team.err != nil:
		out = append(out, st.Error.Render(common.Cell("  "+m.team.err.Error(), m.width, false, e)))
		return common.Block(out, m.width, m.height)
	case !m.team.loaded:
		out = append(out, st.List.Empty.Render(common.Cell("  "+e, m.width, false, "")))
		return common.Block(out, m.width, m.height)
	case len(by.Recruiters) == 0:
		out = append(out, st.List.Empty.Render(common.Cell("  "+w.Empty, m.width, false, e)))
		return common.Block(out, m.width, m.height)
	}
	for _, l := range m.teamLines(w.Recruiter, []string{w.Responses, w.Inbox, w.Considered, w.Invited, w.Refused, w.Waiting},
		[]string{w.Near, w.Past, w.Today, w.Days1to3, w.Days4to7, w.Older, w.First, w.Within1, w.Within3, w.Within7}) {
		out = append(out, st.List.Header.Render(l))
	}
	for _, l := range m.recruiterLines(w.All, by.Overview.Total, by.Comparison.Current.Total) {
		out = append(out, st.Bold.Render(l))
	}
	foot := m.weekLines()
	for i := m.team.offset; i < len(by.Recruiters) && len(out)+m.teamPer() <= m.height-len(foot); i++ {
		r := by.Recruiters[i]
		style := st.List.Row
		if i == m.team.cursor && m.focused {
			style = st.List.Selected
		}
		for _, l := range m.recruiterLines(m.recruiterName(r), r.Figures, r.Current) {
			out = append(out, style.Render(l))
		}
	}
	if m.height >= len(out)+len(foot) {
		for len(out) < m.height-len(foot) {
			out = append(out, "")
		}
		for _, l := range foot {
			out = append(out, st.Overview.Label.Render(l))
		}
	}
	return common.Block(out, m.width, m.height)
}

// recruiterName is what names r on screen: config.toml's [recruiters],
// the service's word, else the id.
func (m *Model) recruiterName(r store.RecruiterFigures) string {
	w := m.c.Text.Overview.Team
	switch {
	case r.RecruiterID != 0 && m.team.names[r.RecruiterID] != "":
		return m.team.names[r.RecruiterID]
	case r.Name != "":
		return r.Name
	case r.RecruiterID == 0:
		return w.NoOwner
	}
	return fmt.Sprintf(w.Someone, r.RecruiterID)
}

// recruiterLines are one recruiter's (or the team's) lines.
func (m *Model) recruiterLines(name string, f store.VacancyFigures, cur store.PeriodFigures) []string {
	first := []string{}
	for _, n := range []int{f.Responses, f.Inbox, f.Considered, f.Invited, f.Refused, f.Waiting} {
		first = append(first, itoa(int64(n)))
	}
	second := []string{itoa(int64(f.NearLimit)), itoa(int64(f.PastLimit))}
	for _, n := range f.WaitingByAge {
		second = append(second, itoa(int64(n)))
	}
	act := "–"
	if f.FirstActions > 0 {
		act = m.duration(f.MedianFirstAction)
	}
	second = append(second, act)
	for i := range store.AnswerDays {
		second = append(second, percent(cur, i))
	}
	return m.teamLines(name, first, second)
}

// teamLines lays out a name and its cells, right-aligned: on one line
// from teamWide columns, else the first cells beside the name and the
// second ones on a line of their own.
func (m *Model) teamLines(name string, first, second []string) []string {
	e := m.c.Styles.Glyphs.Ellipsis
	cells := func(b *strings.Builder, cs []string, width func(int) int) {
		for i, c := range cs {
			b.WriteString(" " + common.Cell(c, width(i), true, e))
		}
	}
	same := func(int) int { return teamCell }
	rest := teamFirstWidth
	if m.teamPer() == 1 {
		rest += teamSecondWidth
	}
	var a, b strings.Builder
	a.WriteString("  " + common.Cell(name, min(max(m.width-2-rest, 4), teamNameMost), false, e))
	cells(&a, first, same)
	if m.teamPer() == 1 {
		cells(&a, second, cellWidth)
		return []string{common.Fit(a.String(), m.width, e)}
	}
	// Indented as the names when there is room.
	b.WriteString(strings.Repeat(" ", max(min(m.width-teamSecondWidth, 2), 0)))
	cells(&b, second, cellWidth)
	return []string{common.Fit(a.String(), m.width, e), common.Fit(b.String(), m.width, e)}
}

// percent is a share answered within store.AnswerDays[i] days, "–" when
// none was due.
func percent(p store.PeriodFigures, i int) string {
	s, ok := p.AnsweredShare(i)
	if !ok {
		return "–"
	}
	return strconv.Itoa(int(math.Round(s*100))) + "%"
}

// weekLines are the foot: what near and past count, then the window's
// cohort against the span before, its parts wrapped whole at the pane's
// width.
func (m *Model) weekLines() []string {
	w := m.c.Text.Overview.Team
	c := m.team.by.Comparison
	cur, prev := c.Current.Total, c.Previous.Total
	change := func(now, before int) string { return fmt.Sprintf(w.Change, now, signedInt(now-before)) }
	answered := percent(cur, 1)
	if s, ok := cur.AnsweredShare(1); ok {
		if p, ok := prev.AnsweredShare(1); ok {
			answered += " (" + signedInt(int(math.Round(s*100))-int(math.Round(p*100))) + ")"
		}
	}
	lines := wrapWhole(strings.Split(w.Limits, " · "), m.width, m.c.Styles.Glyphs.Ellipsis)
	text := fmt.Sprintf(w.Week, len(m.team.by.Overview.Days), change(cur.Responses, prev.Responses), change(cur.Invited, prev.Invited),
		change(cur.Refused, prev.Refused), change(cur.Waiting, prev.Waiting), change(cur.PastLimit, prev.PastLimit), answered)
	return append(lines, wrapWhole(strings.Split(text, " · "), m.width, m.c.Styles.Glyphs.Ellipsis)...)
}

// signedInt is a change with its sign, "=" for none.
func signedInt(n int) string {
	switch {
	case n > 0:
		return "+" + itoa(int64(n))
	case n < 0:
		return "−" + itoa(int64(-n))
	}
	return "="
}
