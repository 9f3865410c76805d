package cli

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"hrdesk/i18n"
	"hrdesk/store"
)

// `hrdesk report --by recruiter` (issue 30 §1): a row per recruiter of the
// company, their vacancies' figures summed (store/recruiters.go).

// recruiterRow is one object of `report --by recruiter --json`: the keys
// the issue names, then the window and the span before as cohorts.
type recruiterRow struct {
	RecruiterID int64               `json:"recruiter_id"`
	Name        *string             `json:"name"`
	Responses   int                 `json:"responses"`
	Inbox       int                 `json:"inbox"`
	Considered  int                 `json:"considered"`
	Invited     int                 `json:"invited"`
	Refused     int                 `json:"refused"`
	Waiting     int                 `json:"waiting"`
	NearLimit   int                 `json:"near_limit"`
	PastLimit   int                 `json:"past_limit"`
	MedianHours *float64            `json:"median_first_action_hours"`
	Answered    map[string]*float64 `json:"answered_within_days"`
	Period      periodJSON          `json:"period"`
	Previous    periodJSON          `json:"previous"`
}

// reportByRecruiter prints the overview o by recruiter, in the format asked.
func (a *app) reportByRecruiter(ctx context.Context, st *store.Store, o store.Overview, c store.Comparison, old string, asJSON, asCSV bool) error {
	owners, err := st.VacancyOwners(ctx)
	if err != nil {
		return err
	}
	by := store.SumByRecruiter(o, c, owners)
	names := a.cfg.RecruiterNames()
	switch {
	case asJSON:
		a.warnOld(old)
		return a.printRecruitersJSON(by, names)
	case asCSV:
		a.warnOld(old)
		return a.printRecruitersCSV(by, names)
	}
	if old != "" {
		fmt.Fprintln(a.Out, old)
	}
	a.printRecruiters(by, names)
	a.printComparison(c)
	return nil
}

// recruiterName is what names r: config.toml's [recruiters], else the
// service's word (a vacancy's contact person); "" when neither says.
func recruiterName(r store.RecruiterFigures, names map[int64]string) string {
	if n, ok := names[r.RecruiterID]; ok && r.RecruiterID != 0 {
		return n
	}
	return r.Name
}

func (a *app) printRecruitersJSON(by store.ByRecruiter, names map[int64]string) error {
	rows := make([]recruiterRow, 0, len(by.Recruiters))
	for _, r := range by.Recruiters {
		f := r.Figures
		row := recruiterRow{RecruiterID: r.RecruiterID, Responses: f.Responses, Inbox: f.Inbox, Considered: f.Considered,
			Invited: f.Invited, Refused: f.Refused, Waiting: f.Waiting, NearLimit: f.NearLimit, PastLimit: f.PastLimit, MedianHours: medianHours(f.FirstActions, f.MedianFirstAction),
			Answered: answeredShares(r.Current), Period: toPeriodJSON(by.Comparison.Current, r.Current),
			Previous: toPeriodJSON(by.Comparison.Previous, r.Previous)}
		if n := recruiterName(r, names); n != "" {
			row.Name = &n
		}
		rows = append(rows, row)
	}
	enc := json.NewEncoder(a.Out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(rows)
}

// recruiterCSVHead are `report --by recruiter --csv`'s columns.
var recruiterCSVHead = []string{"recruiter_id", "name", "responses", "inbox", "considered", "invited", "refused", "waiting",
	"waiting_today", "waiting_1_3_days", "waiting_4_7_days", "waiting_older", "median_first_action_hours",
	"answered_within_1_day", "answered_within_3_days", "answered_within_7_days",
	"period_responses", "period_considered", "period_invited", "period_refused", "period_waiting", "period_past_limit",
	"previous_responses", "previous_considered", "previous_invited", "previous_refused", "previous_waiting", "previous_past_limit",
	"previous_median_first_action_hours", "previous_answered_within_3_days", "near_limit", "past_limit"}

func (a *app) printRecruitersCSV(by store.ByRecruiter, names map[int64]string) error {
	w := csv.NewWriter(a.unfiltered()) // values cleaned one by one, as export's
	if err := w.Write(recruiterCSVHead); err != nil {
		return err
	}
	num := func(p *float64) string {
		if p == nil {
			return ""
		}
		return strconv.FormatFloat(*p, 'f', -1, 64)
	}
	for _, r := range by.Recruiters {
		f, cur, prev := r.Figures, r.Current, r.Previous
		row := []string{strconv.FormatInt(r.RecruiterID, 10), csvText(recruiterName(r, names))}
		for _, n := range []int{f.Responses, f.Inbox, f.Considered, f.Invited, f.Refused, f.Waiting,
			f.WaitingByAge[0], f.WaitingByAge[1], f.WaitingByAge[2], f.WaitingByAge[3]} {
			row = append(row, strconv.Itoa(n))
		}
		row = append(row, num(medianHours(f.FirstActions, f.MedianFirstAction)))
		shares := answeredShares(cur)
		for _, d := range store.AnswerDays {
			row = append(row, num(shares[strconv.Itoa(d)]))
		}
		for _, p := range []store.PeriodFigures{cur, prev} {
			for _, n := range []int{p.Responses, p.Considered, p.Invited, p.Refused, p.Waiting, p.PastLimit} {
				row = append(row, strconv.Itoa(n))
			}
		}
		row = append(row, num(medianHours(prev.FirstActions, prev.MedianFirstAction)), num(answeredShares(prev)["3"]),
			strconv.Itoa(f.NearLimit), strconv.Itoa(f.PastLimit))
		if err := w.Write(row); err != nil {
			return err
		}
	}
	w.Flush()
	return w.Error()
}

// printRecruiters is the table: a recruiter a row, the total last.
func (a *app) printRecruiters(by store.ByRecruiter, names map[int64]string) {
	t := a.text().CLI
	heads := strings.Split(t.Team.RecruiterHeads, "\t")
	if len(heads) != 18 {
		heads = strings.Split(i18n.For(i18n.EN).CLI.Team.RecruiterHeads, "\t")
	}
	label := func(r store.RecruiterFigures) string {
		switch n := recruiterName(r, names); {
		case n != "":
			return n
		case r.RecruiterID == 0:
			return t.Team.NoOwner
		default:
			return fmt.Sprintf(t.Team.Recruiter, r.RecruiterID)
		}
	}
	table := [][]string{heads}
	row := func(id, name string, f store.VacancyFigures, cur store.PeriodFigures) {
		cells := []string{id, name}
		for _, n := range []int{f.Responses, f.Inbox, f.Considered, f.Invited, f.Refused, f.Waiting, f.NearLimit, f.PastLimit,
			f.WaitingByAge[0], f.WaitingByAge[1], f.WaitingByAge[2], f.WaitingByAge[3]} {
			cells = append(cells, strconv.Itoa(n))
		}
		first := "–"
		if f.FirstActions > 0 {
			first = hoursText(t.More, f.MedianFirstAction)
		}
		cells = append(cells, first)
		for i := range store.AnswerDays {
			share := "–"
			if s, ok := cur.AnsweredShare(i); ok {
				share = strconv.Itoa(int(s*100+0.5)) + "%"
			}
			cells = append(cells, share)
		}
		table = append(table, cells)
	}
	for _, r := range by.Recruiters {
		id := ""
		if r.RecruiterID != 0 {
			id = strconv.FormatInt(r.RecruiterID, 10)
		}
		row(id, label(r), r.Figures, r.Current)
	}
	row("", t.Total, by.Overview.Total, by.Comparison.Current.Total)
	a.printTable(table, 24)
	if days := by.Overview.Days; len(days) > 0 {
		fmt.Fprintf(a.Out, t.Window+"\n", days[0].Format("2006-01-02"), days[len(days)-1].Format("2006-01-02"))
	}
}

// printTable prints rows in columns: the first two left-aligned (the
// second cut at most runes), the rest right-aligned, each as wide as its
// widest cell.
func (a *app) printTable(rows [][]string, most int) {
	var widths []int
	for _, r := range rows {
		for i, c := range r {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	if len(widths) > 1 {
		widths[1] = min(widths[1], most)
	}
	for _, r := range rows {
		var b strings.Builder
		for i, c := range r {
			switch {
			case i == 0:
				fmt.Fprintf(&b, "%-*s", widths[i], c)
			case i == 1:
				fmt.Fprintf(&b, " %-*s", widths[i], cell(c, widths[i]))
			default:
				fmt.Fprintf(&b, " %*s", widths[i], c)
			}
		}
		fmt.Fprintln(a.Out, strings.TrimRight(b.String(), " "))
	}
}
