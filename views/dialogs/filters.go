package dialogs

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hrdesk/config"
	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/common"
	"hrdesk/views/criteria"
)

// FiltersDialog sets every filter of the list at once: where (the folder
// or every folder), the response date, salary and age ranges, new only,
// stale, the vacancy and the education level, the last two with their
// counts from the cache. Ranges and dates are written as in config.toml
// and on the command line (80000-, 2026-11-01..2026-11-20).
type FiltersDialog struct {
	c      *common.Common
	rows   []*filterRow
	focus  int
	width  int
	folder string // the folder's name, for the where row
	// counts are the vacancy and education choices' counts where the list
	// would look: [0] the folder, [1] every folder. The rows show those of
	// the where row's choice, so "All folders" counts every folder.
	counts [2]*filterCounts
	// seq is the number of the counts the vacancy and education rows wait
	// for (0: opened with them), waiting says which "where" choice's are
	// still to come; names names what is set meanwhile.
	seq     int
	waiting [2]bool
	names   criteria.Names
}

// filterCounts are the choices' counts in one place (a folder, or every
// folder).
type filterCounts struct {
	vacancies []store.VacancyCount
	levels    []store.EducationCount
}

type rowKind int

const (
	rowChoice rowKind = iota
	rowText
	rowFlag
)

// filterRow is one line of the dialog.
type filterRow struct {
	label   string
	kind    rowKind
	options []filterOption // rowChoice
	pick    int
	input   textinput.Model // rowText
	on      bool            // rowFlag
	err     string
}

type filterOption struct {
	label string
	value any
}

// Rows of the dialog, in order.
const (
	rowWhere = iota
	rowResponded
	rowDates
	rowSalary
	rowAge
	rowNew
	rowStale
	rowVacancy
	rowEducation
)

// datesOption is the responded choice that reads the dates row.
const datesOption = "dates"

// NewFiltersDialog edits set (and whether every folder is searched) for
// the folder named folder; vacancies and levels are the choices with their
// counts where the list looks (every folder when everywhere), and
// SetCounts gives those of the other "where" choice.
func NewFiltersDialog(c *common.Common, set criteria.Set, everywhere bool, folder string,
	vacancies []store.VacancyCount, levels []store.EducationCount) *FiltersDialog {
	t := c.Text
	n := &t.Narrow
	d := &FiltersDialog{c: c, folder: folder}
	text := func(label, value string) *filterRow {
		in := textinput.New()
		in.Prompt = ""
		in.CharLimit = 40
		in.SetStyles(c.Styles.TextInput())
		in.SetValue(value)
		return &filterRow{label: label, kind: rowText, input: in}
	}
	where := &filterRow{label: n.Where, options: []filterOption{{folder, false}, {n.AllFolders, true}}}
	if everywhere {
		where.pick = 1
	}
	responded := &filterRow{label: n.RespondedLabel, options: []filterOption{{n.Any, config.Responded{}},
		{t.Days(1), config.Responded{Days: 1}}, {t.Days(7), config.Responded{Days: 7}}, {t.Days(30), config.Responded{Days: 30}}}}
	dates := ""
	switch r := set.Responded; {
	case r.IsZero():
	case r.Days == 1, r.Days == 7, r.Days == 30:
		responded.pick = map[int]int{1: 1, 7: 2, 30: 3}[r.Days]
	case r.Days > 0: // a saved view's own period
		responded.options = append(responded.options, filterOption{t.Days(r.Days), r})
		responded.pick = len(responded.options) - 1
	default:
		dates = r.String()
	}
	responded.options = append(responded.options, filterOption{n.Dates, datesOption})
	if dates != "" {
		responded.pick = len(responded.options) - 1
	}
	d.rows = []*filterRow{
		where, responded, text(n.DatesLabel, dates),
		text(n.SalaryLabel, config.FormatRange(set.SalaryFrom, set.SalaryTo)),
		text(n.AgeLabel, config.FormatRange(set.AgeFrom, set.AgeTo)),
		{label: n.NewLabel, kind: rowFlag, on: set.OnlyNew},
		{label: n.StaleLabel, kind: rowFlag, on: set.Stale},
		{label: n.VacancyLabel}, {label: n.EducationLabel},
	}
	d.counts[where.pick] = &filterCounts{vacancies: vacancies, levels: levels}
	d.recount(set.VacancyID, set.Education)
	return d
}

// SetCounts gives the vacancy and education counts of the folder
// (everywhere false) or of every folder; the rows show them while the
// where row says so.
func (d *FiltersDialog) SetCounts(everywhere bool, vacancies []store.VacancyCount, levels []store.EducationCount) {
	i := 0
	if everywhere {
		i = 1
	}
	d.counts[i] = &filterCounts{vacancies: vacancies, levels: levels}
	if d.rows[rowWhere].pick == i {
		d.recount(d.pickedID(rowVacancy), d.pickedID(rowEducation))
	}
}

// pickedID is the vacancy or education level a choice row holds (0: any).
func (d *FiltersDialog) pickedID(row int) int64 {
	r := d.rows[row]
	if len(r.options) == 0 {
		return 0
	}
	id, _ := r.options[r.pick].value.(int64)
	return id
}

// recount fills the vacancy and education rows with the counts of the
// where row's choice, keeping vacancy and level picked. Counts not read
// for that choice leave the rows as they are rather than show another
// place's.
func (d *FiltersDialog) recount(vacancy, level int64) {
	c := d.counts[d.rows[rowWhere].pick]
	if c == nil {
		return
	}
	t := d.c.Text
	n := &t.Narrow
	rv := d.rows[rowVacancy]
	rv.kind, rv.pick, rv.options = rowChoice, 0, []filterOption{{n.Any, int64(0)}}
	for _, v := range c.vacancies {
		rv.options = append(rv.options, filterOption{fmt.Sprintf("%s (%d)", vacancyTitle(v, c.vacancies), v.Total), v.VacancyID})
		if v.VacancyID == vacancy {
			rv.pick = len(rv.options) - 1
		}
	}
	if vacancy != 0 && rv.pick == 0 { // set, but nothing here answered it
		rv.options = append(rv.options, filterOption{fmt.Sprintf("#%d (0)", vacancy), vacancy})
		rv.pick = len(rv.options) - 1
	}
	re := d.rows[rowEducation]
	re.kind, re.pick, re.options = rowChoice, 0, []filterOption{{n.Any, int64(0)}}
	for _, l := range c.levels {
		re.options = append(re.options,
			filterOption{fmt.Sprintf("%s (%d)", criteria.EducationTitle(t, l.ID, l.Title), l.Total), l.ID})
		if l.ID == level {
			re.pick = len(re.options) - 1
		}
	}
	if level != 0 && re.pick == 0 {
		re.options = append(re.options,
			filterOption{criteria.EducationTitle(t, level, "") + " (0)", level})
		re.pick = len(re.options) - 1
	}
}

// SetSize implements Dialog.
func (d *FiltersDialog) SetSize(w, h int) {
	d.width = boxWidth(w)
	for _, r := range d.rows {
		if r.kind == rowText {
			r.input.SetWidth(max(d.inner()-d.labelWidth()-6, 8))
		}
	}
}

func (d *FiltersDialog) inner() int {
	return d.width - d.c.Styles.Dialog.Box.GetHorizontalFrameSize()
}

func (d *FiltersDialog) labelWidth() int {
	w := 0
	for _, r := range d.rows {
		w = max(w, len([]rune(r.label)))
	}
	return min(w, max(d.inner()/2, 8))
}

// Update implements Dialog.
func (d *FiltersDialog) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	r := d.rows[d.focus]
	switch msg := msg.(type) {
	case tea.PasteMsg:
		if r.kind == rowText {
			return nil, d.edit(r, msg)
		}
		return nil, nil
	case tea.KeyPressMsg:
		k := d.c.Keys
		switch {
		case key.Matches(msg, k.DialogCancel):
			return action.Close{}, nil
		case key.Matches(msg, k.DialogConfirm, k.DialogSubmit):
			return d.apply()
		case key.Matches(msg, k.DialogNext, k.DialogDown):
			return nil, d.focusRow(d.focus + 1)
		case key.Matches(msg, k.DialogPrev, k.DialogUp):
			return nil, d.focusRow(d.focus - 1)
		}
		switch r.kind {
		case rowChoice:
			switch {
			case key.Matches(msg, k.OptionNext):
				r.pick = (r.pick + 1) % len(r.options)
			case key.Matches(msg, k.OptionPrev):
				r.pick = (r.pick - 1 + len(r.options)) % len(r.options)
			}
			if d.focus == rowWhere {
				d.rewhere()
			}
			if d.focus == rowResponded && r.options[r.pick].value != datesOption {
				d.rows[rowDates].input.SetValue("") // another period replaces the dates
				d.rows[rowDates].err = ""
			}
		case rowFlag:
			if key.Matches(msg, k.OptionNext, k.OptionPrev) {
				r.on = !r.on
			}
		case rowText:
			return nil, d.edit(r, msg)
		}
	}
	return nil, nil
}

// edit types into a text row; typing dates picks the dates period.
func (d *FiltersDialog) edit(r *filterRow, msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	r.input, cmd = r.input.Update(msg)
	r.err = ""
	if r == d.rows[rowDates] && strings.TrimSpace(r.input.Value()) != "" {
		resp := d.rows[rowResponded]
		resp.pick = len(resp.options) - 1
	}
	return cmd
}

func (d *FiltersDialog) focusRow(i int) tea.Cmd {
	d.focus = (i + len(d.rows)) % len(d.rows)
	var cmd tea.Cmd
	for j, r := range d.rows {
		switch {
		case r.kind != rowText:
		case j == d.focus:
			cmd = r.input.Focus()
		default:
			r.input.Blur()
		}
	}
	return cmd
}

// apply reads the rows into filters; a row that does not read keeps the
// dialog open with the focus on it.
func (d *FiltersDialog) apply() (action.Action, tea.Cmd) {
	n := &d.c.Text.Narrow
	var s criteria.Set
	var bad []int
	switch v := d.rows[rowResponded].options[d.rows[rowResponded].pick].value.(type) {
	case config.Responded:
		s.Responded = v
	default: // the dates row
		r, err := config.ParseResponded(d.rows[rowDates].input.Value())
		if err != nil || r.Days > 0 {
			d.rows[rowDates].err = n.BadDates
			bad = append(bad, rowDates)
		}
		s.Responded = r
	}
	var err error
	if s.SalaryFrom, s.SalaryTo, err = config.ParseRange(d.rows[rowSalary].input.Value()); err != nil {
		d.rows[rowSalary].err = n.BadRange
		bad = append(bad, rowSalary)
	}
	if s.AgeFrom, s.AgeTo, err = config.ParseRange(d.rows[rowAge].input.Value()); err != nil {
		d.rows[rowAge].err = n.BadRange
		bad = append(bad, rowAge)
	}
	if len(bad) > 0 {
		return nil, d.focusRow(bad[0])
	}
	s.OnlyNew, s.Stale = d.rows[rowNew].on, d.rows[rowStale].on
	s.VacancyID = d.rows[rowVacancy].options[d.rows[rowVacancy].pick].value.(int64)
	s.Education = d.rows[rowEducation].options[d.rows[rowEducation].pick].value.(int64)
	everywhere := d.rows[rowWhere].options[d.rows[rowWhere].pick].value.(bool)
	return action.Narrow{Set: s, Everywhere: everywhere}, nil
}

// View implements Dialog.
func (d *FiltersDialog) View() string {
	st := d.c.Styles
	g := st.Glyphs
	lw := d.labelWidth()
	var body []string
	for i, r := range d.rows {
		mark := "  "
		if i == d.focus {
			mark = "> "
		}
		var val string
		switch r.kind {
		case rowChoice:
			val = "‹ " + r.options[r.pick].label + " ›" + d.countingNote(i)
		case rowFlag:
			val = "[ ]"
			if r.on {
				val = "[x]"
			}
		default:
			val = r.input.View()
		}
		label := common.Cell(r.label, lw, false, g.Ellipsis)
		if i == d.focus {
			label = st.Bold.Render(label)
		} else {
			label = st.Dialog.Label.Render(label)
		}
		body = append(body, mark+label+"  "+val)
		if r.err != "" {
			body = append(body, st.Dialog.Error.Render(strings.Repeat(" ", lw+4)+r.err))
		}
	}
	k := d.c.Keys
	hint := fmt.Sprintf(d.c.Text.Narrow.DialogHint, keyLabel(k.DialogConfirm), keyLabel(k.DialogNext)+"/"+keyLabel(k.DialogDown),
		keyLabel(k.OptionPrev)+"/"+keyLabel(k.OptionNext), keyLabel(k.DialogCancel))
	return frame(d.c, d.width, d.c.Text.Narrow.Title, body, hint)
}
