package vacancies

import (
	"encoding/json"
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

// fields is a vacancy object from the cache, read loosely: the API sends
// numbers as strings and objects as null at will.
type fields map[string]any

func (f fields) str(k string) string {
	switch v := f[k].(type) {
	case string:
		return strings.TrimSpace(v)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case map[string]any:
		if t, ok := v["title"].(string); ok {
			return strings.TrimSpace(t)
		}
	}
	return ""
}

func (f fields) num(k string) int64 {
	switch v := f[k].(type) {
	case float64:
		return int64(v)
	case string:
		n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		return n
	}
	return 0
}

// markdown builds the vacancy document. Every value is untrusted: escaped
// into literal text, so a vacancy cannot inject links, headings or escapes.
func (m *Model) markdown(v store.Vacancy) string {
	t := m.c.Text.Vacancies
	f := fields{}
	_ = json.Unmarshal(v.RawJSON, &f)
	var b strings.Builder
	title := f.str("profession")
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
	add(t.Company, f.str("firm_name"))
	add(t.Salary, m.salary(f))
	add(t.Town, f.str("town"))
	add(t.Address, f.str("address"))
	add(t.Schedule, f.str("type_of_work"))
	add(t.PlaceOfWork, f.str("place_of_work"))
	add(t.Experience, f.str("experience"))
	add(t.Education, f.str("education"))
	add(t.Published, m.day(v.DatePublished))
	add(t.Until, m.day(v.DatePubTo))
	if n := f.num("date_archived"); n > 0 && StateOf(v) == Archived {
		add(t.ArchivedOn, m.day(time.Unix(n, 0)))
	}
	add(t.Views, itoa(v.ViewsCount))
	add(t.Responses, fmt.Sprintf("%d (+%d)", v.ResumesAll, v.ResumesNew))
	b.WriteString(strings.Join(facts, "  \n"))
	b.WriteString("\n")
	for _, s := range []struct{ head, key string }{
		{t.Duties, "work"}, {t.Requirements, "candidat"}, {t.Conditions, "compensation"},
	} {
		if body := f.str(s.key); body != "" {
			fmt.Fprintf(&b, "\n## %s\n\n%s\n", common.EscapeLine(s.head), common.EscapeBlock(body))
		}
	}
	var contacts []string
	for _, k := range []string{"contact", "phone", "email", "url"} {
		if c := f.str(k); c != "" {
			contacts = append(contacts, common.EscapeLine(c))
		}
	}
	if len(contacts) > 0 {
		fmt.Fprintf(&b, "\n## %s\n\n%s\n", common.EscapeLine(t.Contacts), strings.Join(contacts, "  \n"))
	}
	return b.String()
}

func (m *Model) salary(f fields) string {
	from, to := f.num("payment_from"), f.num("payment_to")
	cur := f.str("currency")
	switch {
	case from == 0 && to == 0:
		if f.num("agreement") == 1 || f["agreement"] == true {
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
