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
	d := newFiltersDialog(c, set, everywhere, folder)
	d.counting, d.names = seq, names
	d.fillChoices(nil, nil, set.VacancyID, set.Education)
	return d
}

// Counting says the rows still wait for their counts.
func (d *FiltersDialog) Counting() bool { return d.counting != 0 }

// SetChoices gives the rows the counts the dialog waits for; the rows keep
// what the recruiter picked meanwhile (and, when the counts could not be
// read, what they offer). Counts of another opening (an
// earlier F, its dialog closed) are not this dialog's and are dropped.
func (d *FiltersDialog) SetChoices(c action.FilterChoices) {
	if d.counting == 0 || c.Seq != d.counting {
		return
	}
	d.counting = 0
	if c.Err != nil {
		return // the rows keep what they offer, without counts
	}
	vacancy := d.rows[rowVacancy].options[d.rows[rowVacancy].pick].value.(int64)
	education := d.rows[rowEducation].options[d.rows[rowEducation].pick].value.(int64)
	d.fillChoices(c.Vacancies, c.Levels, vacancy, education)
}

// fillChoices makes the vacancy and education rows' options, picking
// vacancy and education; one the counts do not name is offered with 0
// (nothing here answered it), or while counting with no number.
func (d *FiltersDialog) fillChoices(vacancies []store.VacancyCount, levels []store.EducationCount, vacancy, education int64) {
	t := d.c.Text
	n := &t.Narrow
	r := d.rows[rowVacancy]
	r.kind, r.pick = rowChoice, 0
	r.options = []filterOption{{n.Any, int64(0)}}
	for _, v := range vacancies {
		r.options = append(r.options, filterOption{fmt.Sprintf("%s (%d)", vacancyTitle(v, vacancies), v.Total), v.VacancyID})
		if v.VacancyID == vacancy {
			r.pick = len(r.options) - 1
		}
	}
	if vacancy != 0 && r.pick == 0 {
		label := fmt.Sprintf("#%d (0)", vacancy)
		if d.counting != 0 {
			label = fmt.Sprintf("#%d", vacancy)
			if d.names.Vacancy != nil {
				label = vacancyTitle(store.VacancyCount{VacancyID: vacancy, Title: d.names.Vacancy(vacancy)}, nil)
			}
		}
		r.options = append(r.options, filterOption{label, vacancy})
		r.pick = len(r.options) - 1
	}
	r = d.rows[rowEducation]
	r.kind, r.pick = rowChoice, 0
	r.options = []filterOption{{n.Any, int64(0)}}
	for _, l := range levels {
		r.options = append(r.options,
			filterOption{fmt.Sprintf("%s (%d)", criteria.EducationTitle(t, l.ID, l.Title), l.Total), l.ID})
		if l.ID == education {
			r.pick = len(r.options) - 1
		}
	}
	if education != 0 && r.pick == 0 {
		label := criteria.EducationTitle(t, education, "") + " (0)"
		if d.counting != 0 {
			label = criteria.EducationTitle(t, education, "")
			if d.names.Education != nil {
				label = d.names.Education(education)
			}
		}
		r.options = append(r.options, filterOption{label, education})
		r.pick = len(r.options) - 1
	}
}

// countingNote follows the value of a row whose counts are still being
// read.
func (d *FiltersDialog) countingNote(row int) string {
	if d.counting == 0 || (row != rowVacancy && row != rowEducation) {
		return ""
	}
	return "  " + d.c.Styles.Dialog.Hint.Render(d.c.Text.Narrow.Counting+d.c.Styles.Glyphs.Ellipsis)
}
