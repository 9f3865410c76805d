package dialogs

import (
	"fmt"

	"hrdesk/store"
	"hrdesk/views/action"
	"hrdesk/views/common"
	"hrdesk/views/criteria"
)

// The filter dialog's vacancy and education rows offer what the cache
// holds, with counts. Counting them over a large cache takes a good part of
// a second (issue 28 §7), so the dialog opens before them: F opens it at
// once and every key after it is the dialog's; the rows offer what is set
// until the counts come.

// NewFiltersDialogCounting is NewFiltersDialog before the counts: the
// vacancy and education rows offer any or what set has (named by names),
// until SetChoices brings the counts read for seq.
func NewFiltersDialogCounting(c *common.Common, set criteria.Set, everywhere bool, folder string,
	names criteria.Names, seq int) *FiltersDialog {
	d := NewFiltersDialog(c, set, everywhere, folder, nil, nil)
	d.counts = [2]*filterCounts{} // none read yet: recount leaves the rows as they are
	d.seq, d.waiting, d.names = seq, [2]bool{true, true}, names
	d.offerSet(set.VacancyID, set.Education)
	return d
}

// Counting says the rows still wait for the counts of the "where" choice
// picked.
func (d *FiltersDialog) Counting() bool { return d.waiting[d.rows[rowWhere].pick] }

// rewhere shows the counts of the "where" choice just picked, or, while
// they are being read, what is picked without counts (not the other
// choice's); counts no one reads leave the rows as they are.
func (d *FiltersDialog) rewhere() {
	if d.waiting[d.rows[rowWhere].pick] {
		d.offerSet(d.pickedID(rowVacancy), d.pickedID(rowEducation))
		return
	}
	d.recount(d.pickedID(rowVacancy), d.pickedID(rowEducation))
}

// SetChoices gives the rows the counts the dialog waits for: where the
// list looks, then, Other, at the other "where" choice (every folder's
// counts take the longer, issue 28 §7). The rows keep what the recruiter picked meanwhile (and, when the
// counts could not be read, what they offer). Counts of another opening
// (an earlier F, its dialog closed) are not this dialog's and are dropped.
func (d *FiltersDialog) SetChoices(c action.FilterChoices) {
	if d.seq == 0 || c.Seq != d.seq {
		return
	}
	if c.Err != nil {
		d.waiting = [2]bool{}
		return
	}
	i := 0 // the folder's; 1: every folder's
	if c.Everywhere != c.Other {
		i = 1
	}
	d.counts[i], d.waiting[i] = &filterCounts{vacancies: c.Vacancies, levels: c.Levels}, false
	if d.rows[rowWhere].pick == i {
		d.recount(d.pickedID(rowVacancy), d.pickedID(rowEducation))
	}
}

// offerSet makes the vacancy and education rows offer any or what is set,
// without counts, while they are read.
func (d *FiltersDialog) offerSet(vacancy, education int64) {
	t := d.c.Text
	n := &t.Narrow
	r := d.rows[rowVacancy]
	r.kind, r.pick, r.options = rowChoice, 0, []filterOption{{n.Any, int64(0)}}
	if vacancy != 0 {
		label := fmt.Sprintf("#%d", vacancy)
		if d.names.Vacancy != nil {
			label = vacancyTitle(store.VacancyCount{VacancyID: vacancy, Title: d.names.Vacancy(vacancy)}, nil)
		}
		r.options, r.pick = append(r.options, filterOption{label, vacancy}), 1
	}
	r = d.rows[rowEducation]
	r.kind, r.pick, r.options = rowChoice, 0, []filterOption{{n.Any, int64(0)}}
	if education != 0 {
		label := criteria.EducationTitle(t, education, "")
		if d.names.Education != nil {
			label = d.names.Education(education)
		}
		r.options, r.pick = append(r.options, filterOption{label, education}), 1
	}
}

// countingNote follows the value of a row whose counts are still being
// read.
func (d *FiltersDialog) countingNote(row int) string {
	if !d.Counting() || (row != rowVacancy && row != rowEducation) {
		return ""
	}
	return "  " + d.c.Styles.Dialog.Hint.Render(d.c.Text.Narrow.Counting+d.c.Styles.Glyphs.Ellipsis)
}
