package dialogs

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/views/action"
	"hrdesk/views/common"
	"hrdesk/views/criteria"
)

// VacancyPicker narrows the list to the responses to one vacancy: each
// with its title and how many responses (and new ones) the folder shown
// has, counted from the cache; the first line is every vacancy.
type VacancyPicker struct {
	c          *common.Common
	set        criteria.Set
	everywhere bool
	counts     []store.VacancyCount
	list       common.List // row 0: every vacancy
	width      int
	height     int
}

// NewVacancyPicker picks among counts for the list narrowed by set; the
// cursor starts on the vacancy set, if any.
func NewVacancyPicker(c *common.Common, set criteria.Set, everywhere bool, counts []store.VacancyCount) *VacancyPicker {
	p := &VacancyPicker{c: c, set: set, everywhere: everywhere, counts: counts}
	for i, v := range counts {
		if v.VacancyID == set.VacancyID {
			p.list.Cursor = i + 1
		}
	}
	return p
}

// SetSize implements Dialog.
func (p *VacancyPicker) SetSize(w, h int) {
	p.width, p.height = boxWidth(w), h
	p.list.Clamp(len(p.counts)+1, p.rows())
}

// rows is how many choices fit: the box's frame, title, blank, blank and
// hint take the rest.
func (p *VacancyPicker) rows() int {
	return max(p.height-p.c.Styles.Dialog.Box.GetVerticalFrameSize()-4, 3)
}

// Update implements Dialog.
func (p *VacancyPicker) Update(msg tea.Msg) (action.Action, tea.Cmd) {
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	k := p.c.Keys
	if p.list.Navigate(km, &k, len(p.counts)+1, p.rows()) {
		return nil, nil
	}
	switch {
	case key.Matches(km, k.DialogCancel):
		return action.Close{}, nil
	case key.Matches(km, k.DialogConfirm):
		s := p.set
		s.VacancyID = 0
		if p.list.Cursor > 0 {
			s.VacancyID = p.counts[p.list.Cursor-1].VacancyID
		}
		return action.Narrow{Set: s, Everywhere: p.everywhere}, nil
	}
	return nil, nil
}

// View implements Dialog.
func (p *VacancyPicker) View() string {
	st := p.c.Styles
	t := p.c.Text
	inner := p.width - st.Dialog.Box.GetHorizontalFrameSize()
	type line struct{ title, count string }
	lines := []line{{title: t.Values.AllVacancies}}
	for _, v := range p.counts {
		lines = append(lines, line{vacancyTitle(v, p.counts), fmt.Sprintf(t.Narrow.VacancyCount, v.Total, v.New)})
	}
	rows := p.rows()
	var body []string
	for i := p.list.Offset; i < len(lines) && i < p.list.Offset+rows; i++ {
		l := lines[i]
		countW := ansi.StringWidth(l.count)
		text := " " + common.Fit(l.title, max(inner-countW-3, 4), st.Glyphs.Ellipsis) + " " + l.count
		if i == p.list.Cursor {
			text = st.List.Selected.Render(common.Fit(text, inner, ""))
		}
		body = append(body, text)
	}
	if len(p.counts) == 0 {
		body = append(body, "", st.Muted.Render(t.Narrow.NoVacancies))
	}
	k := p.c.Keys
	hint := keyLabel(k.DialogConfirm) + " · " + keyLabel(k.Down) + "/" + keyLabel(k.Up) + " · " + keyLabel(k.DialogCancel)
	return frame(p.c, p.width, t.Narrow.VacancyTitle, body, hint)
}

// vacancyTitle names a vacancy by its title from the cache; two vacancies
// of one title (the same post in two towns) get their ids too, and one
// the cache does not hold is its id.
func vacancyTitle(v store.VacancyCount, all []store.VacancyCount) string {
	title := textsafe.Line(v.Title)
	if title == "" {
		return fmt.Sprintf("#%d", v.VacancyID)
	}
	for _, o := range all {
		if o.VacancyID != v.VacancyID && textsafe.Line(o.Title) == title {
			return fmt.Sprintf("%s #%d", title, v.VacancyID)
		}
	}
	return title
}
