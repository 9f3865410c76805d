package vacancies

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/common"
)

// detail is an open vacancy: its rendered lines and the scroll position.
type detail struct {
	v       store.Vacancy
	gen     int
	width   int // the width and glamour style it is laid out for
	style   string
	lines   []string // nil while rendering
	offset  int
	height  int
	pending bool
}

func (d *detail) setHeight(h int) {
	d.height = h
	d.offset = min(d.offset, max(len(d.lines)-h, 0))
}

// renderedMsg brings a vacancy laid out by glamour.
type renderedMsg struct {
	gen   int
	lines []string
}

// openDetail shows v and renders it off the update loop (glamour takes
// milliseconds: never in View).
func (m *Model) openDetail(v store.Vacancy) tea.Cmd {
	gen := 1
	offset := 0
	if m.detail != nil {
		gen = m.detail.gen + 1
		if m.detail.v.ID == v.ID {
			offset = m.detail.offset
		}
	}
	m.detail = &detail{v: v, gen: gen, height: m.height, offset: offset, pending: true, width: m.width, style: m.c.Styles.Markdown}
	md := m.markdown(v)
	style, width := m.c.Styles.Markdown, max(m.width, 20)
	return func() tea.Msg {
		lines, _ := common.RenderMarkdown(md, style, width)
		return renderedMsg{gen: gen, lines: lines}
	}
}

// markdown builds the vacancy document. Every value is untrusted: escaped
// into literal text, so a vacancy cannot inject links, headings or escapes.
func (m *Model) markdown(v store.Vacancy) string {
	t := m.c.Text.Vacancies
	f := v.Doc()
	var b strings.Builder
	title := f.Profession.Title()
	if title == "" {
		title = v.Profession
	}
	fmt.Fprintf(&b, "# %s\n\n", common.EscapeLine(title))
	var facts []string
	add := func(label, val string) {
		if val != "" {
			facts = append(facts, "**"+common.EscapeLine(label)+":** "+common.EscapeLine(val))
		}
	}
	add(t.State, m.stateName(StateOf(v)))
	add(t.Company, f.FirmName.Title())
	add(t.Salary, m.salary(f))
	add(t.Town, f.Town.Title())
	add(t.Address, f.Address.Title())
	add(t.Schedule, f.TypeOfWork.Title())
	add(t.PlaceOfWork, f.PlaceOfWork.Title())
	add(t.Experience, f.Experience.Title())
	add(t.Education, f.Education.Title())
	add(t.Published, m.day(v.DatePublished))
	add(t.Until, m.day(v.DatePubTo))
	if n := f.DateArchived.Int(); n > 0 && StateOf(v) == Archived {
		add(t.ArchivedOn, m.day(time.Unix(n, 0)))
	}
	add(t.Views, itoa(v.ViewsCount))
	add(t.Responses, fmt.Sprintf("%d (+%d)", v.ResumesAll, v.ResumesNew))
	b.WriteString(strings.Join(facts, "  \n"))
	b.WriteString("\n")
	for _, s := range []struct {
		head string
		body store.Loose
	}{
		{t.Duties, f.Work}, {t.Requirements, f.Candidat}, {t.Conditions, f.Compensation},
	} {
		if body := s.body.Title(); body != "" {
			fmt.Fprintf(&b, "\n## %s\n\n%s\n", common.EscapeLine(s.head), common.EscapeBlock(body))
		}
	}
	var contacts []string
	for _, c := range []store.Loose{f.Contact, f.Phone, f.Email, f.URL} {
		if c := c.Title(); c != "" {
			contacts = append(contacts, common.EscapeLine(c))
		}
	}
	if len(contacts) > 0 {
		fmt.Fprintf(&b, "\n## %s\n\n%s\n", common.EscapeLine(t.Contacts), strings.Join(contacts, "  \n"))
	}
	return b.String()
}

func (m *Model) salary(f store.VacancyDoc) string {
	from, to := f.PaymentFrom.Int(), f.PaymentTo.Int()
	cur := f.Currency.Title()
	switch {
	case from == 0 && to == 0:
		if f.Agreement.True() {
			return m.c.Text.Vacancies.ByAgreement
		}
		return ""
	case to == 0 || to == from:
		return m.c.Text.Salary(int(from), cur)
	case from == 0:
		return "≤ " + m.c.Text.Salary(int(to), cur)
	}
	return m.c.Text.Salary(int(from), cur) + " – " + m.c.Text.Salary(int(to), cur)
}

func itoa(n int) string { return strconv.Itoa(n) }

// textLine is a value from the cache made safe for one table cell.
func textLine(s string) string { return textsafe.Line(s) }
