package cli

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"hrdesk/i18n"
	"hrdesk/store"
	"hrdesk/textsafe"
	"hrdesk/theme"
	"hrdesk/views/spark"
)

// The overview screen's figures on the command line (issue 20 §2): one
// vacancy a row and the total, as a table to paste into a chat, JSON or
// CSV; offline, from the cache alone.

func reportCommand() *command {
	var vacancy int64
	var since, by string
	var asJSON, asCSV bool
	return &command{
		name:    "report",
		summary: "the funnel per vacancy: responses, folders, waiting, per day, time to first action (offline)",
		help: `Reads the cache only. Per vacancy of the configured scope, and in total:
responses (every received resume: sent by the applicant, by subscription,
found, copied) by folder; waiting (in the inbox, nobody acted since the
response) and stale (stale_after); responses per day with the trend against
the same span before; the median time from a response to the recruiter's
first invite, reject, move or letter, over the responses of the window.

--since sets the window: 7d, 30d (the default) or a date (2026-11-01);
the folder counts, waiting and stale are the cache as it is now. The
window's responses are compared, as a cohort, with the same span the
days before (--since 7d: with the 7 days before, to the same hour).

--by recruiter: a row per recruiter of the company (a vacancy's owner),
named by the vacancies' contact person or [recruiters] in config.toml.`,
		flags: func(fs *flag.FlagSet) {
			fs.Int64Var(&vacancy, "vacancy", 0, "only this vacancy id")
			fs.StringVar(&since, "since", "30d", "the window of the per-day figures: Nd or a date (YYYY-MM-DD)")
			fs.BoolVar(&asJSON, "json", false, "print a JSON array (the total last, with \"total\": true)")
			fs.BoolVar(&asCSV, "csv", false, "print CSV, a column per day")
			fs.StringVar(&by, "by", "", "recruiter: a row per recruiter of the company")
		},
		run: func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usagef(a.text().CLI.NoArguments, "report")
			}
			if asJSON && asCSV {
				return usageWords(a.text().CLI.OneFormat)
			}
			if by != "" && by != "recruiter" {
				return usagef(a.text().CLI.Team.By, by)
			}
			now := a.now()
			q, err := reportQuery(a.text().CLI, since, now)
			if err != nil {
				return err
			}
			if err := a.loadConfig(); err != nil {
				return err
			}
			q.Scope, q.VacancyID = a.profile().ListScope(), vacancy
			q.StaleBefore = now.Add(-a.cfg.StaleAfterDuration())
			// Near and past each stage's limit per vacancy, and past it in
			// the window's cohorts ([sla], else stale_after: issue 30 §2).
			q.Limits = store.Limits(a.cfg.Limits())
			st, err := a.openStore()
			if err != nil {
				return err
			}
			defer st.Close()
			o, err := st.Overview(ctx, q)
			if err != nil {
				return err
			}
			if vacancy != 0 && len(o.Vacancies) == 0 && q.Scope == store.ScopeMine {
				// A colleague's vacancy has no responses in the own list:
				// the company's name it, when the cache has them (issue 28 §3).
				q.Scope = store.ScopeAll
				if o, err = st.Overview(ctx, q); err != nil {
					return err
				}
			}
			if vacancy != 0 && len(o.Vacancies) == 0 {
				return fmt.Errorf(a.text().CLI.ReportNoVacancy, vacancy)
			}
			last, err := lastSync(ctx, st)
			if err != nil {
				return err
			}
			old, t := "", a.text().CLI
			if age := now.Sub(last); last.IsZero() || age > 24*time.Hour {
				old = t.NeverSyncedCache
				if !last.IsZero() {
					old = fmt.Sprintf(t.CacheAge, ago(t, age), last.Local().Format("2006-01-02 15:04"))
				}
			}
			// q.Limits, the limits per stage, decide past the limit; the
			// duration is only for a config without any.
			c, err := st.ComparisonFor(ctx, q, o, a.cfg.StaleAfterDuration())
			if err != nil {
				return err
			}
			if by != "" {
				return a.reportByRecruiter(ctx, st, o, c, old, asJSON, asCSV)
			}
			switch {
			case asJSON:
				a.warnOld(old)
				return a.printReportJSON(o, c)
			case asCSV:
				a.warnOld(old)
				return a.printReportCSV(o, c)
			}
			if old != "" {
				fmt.Fprintln(a.Out, old)
			}
			return a.printReport(o, c)
		},
	}
}

// warnOld says on standard error how old the cache is, keeping the data
// on standard output clean for jq and spreadsheets.
func (a *app) warnOld(old string) {
	if old != "" {
		fmt.Fprintln(a.Err, "hrdesk: "+old)
	}
}

// ago is a duration in days, or hours under two days.
func ago(t i18n.CLIText, d time.Duration) string {
	if d < 48*time.Hour {
		return fmt.Sprintf(t.AgoHours, int(d.Hours()))
	}
	return fmt.Sprintf(t.AgoDays, int(d.Hours()/24))
}

// reportQuery reads --since: Nd (N days up to today) or a first date.
func reportQuery(t i18n.CLIText, since string, now time.Time) (store.OverviewQuery, error) {
	q := store.OverviewQuery{Now: now, Location: now.Location()}
	s := strings.TrimSpace(since)
	if n, err := strconv.Atoi(strings.TrimSuffix(s, "d")); err == nil && strings.HasSuffix(s, "d") {
		if n < 1 || n > 3660 {
			return q, usagef(t.SinceRange, s)
		}
		q.Days = n
		return q, nil
	}
	d, err := time.ParseInLocation(time.DateOnly, s, now.Location())
	if err != nil || d.After(now) {
		return q, usagef(t.SinceWords, s)
	}
	q.Since = d
	return q, nil
}

// reportRow is one object of `report --json`.
type reportRow struct {
	VacancyID    *int64         `json:"vacancy_id"`
	Title        string         `json:"title"`
	Total        bool           `json:"total,omitempty"`
	Responses    int            `json:"responses"`
	Inbox        int            `json:"inbox"`
	Considered   int            `json:"considered"`
	Invited      int            `json:"invited"`
	Refused      int            `json:"refused"`
	Folders      map[string]int `json:"folders"`
	Waiting      int            `json:"waiting"`
	WaitingByAge map[string]int `json:"waiting_by_age"`
	Stale        int            `json:"stale"`
	NearLimit    int            `json:"near_limit"`
	PastLimit    int            `json:"past_limit"`
	InWindow     int            `json:"responses_in_window"`
	Before       int            `json:"responses_before_window"`
	Trend        *float64       `json:"trend_percent"`
	FirstActions int            `json:"first_actions"`
	MedianHours  *float64       `json:"median_first_action_hours"`
	PerDay       []reportDay    `json:"per_day"`
	// Period and Previous: the window's responses as a cohort, and the
	// same span's before (issue 30 §3).
	Period   periodJSON `json:"period"`
	Previous periodJSON `json:"previous"`
}

type reportDay struct {
	Date      string `json:"date"`
	Responses int    `json:"responses"`
}

func toReportRow(o store.Overview, f store.VacancyFigures, total bool) reportRow {
	r := reportRow{Title: textsafe.Line(f.Title), Total: total, Responses: f.Responses, Inbox: f.Inbox, Considered: f.Considered,
		Invited: f.Invited, Refused: f.Refused, Folders: map[string]int{}, Waiting: f.Waiting, Stale: f.Stale,
		NearLimit: f.NearLimit, PastLimit: f.PastLimit,
		InWindow: f.InWindow(), Before: f.Before, FirstActions: f.FirstActions,
		WaitingByAge: map[string]int{"today": f.WaitingByAge[0], "1_3_days": f.WaitingByAge[1], "4_7_days": f.WaitingByAge[2], "older": f.WaitingByAge[3]}}
	if !total {
		id := f.VacancyID
		r.VacancyID = &id
	}
	for k, n := range f.Folders {
		r.Folders[k] = n
	}
	if f.Before > 0 {
		p := math.Round(float64(f.InWindow()-f.Before)*1000/float64(f.Before)) / 10
		r.Trend = &p
	}
	if f.FirstActions > 0 {
		h := math.Round(f.MedianFirstAction.Hours()*10) / 10
		r.MedianHours = &h
	}
	for i, d := range o.Days {
		r.PerDay = append(r.PerDay, reportDay{Date: d.Format(time.DateOnly), Responses: f.PerDay[i]})
	}
	return r
}

func (a *app) printReportJSON(o store.Overview, c store.Comparison) error {
	rows := make([]reportRow, 0, len(o.Vacancies)+1)
	for _, f := range o.Vacancies {
		r := toReportRow(o, f, false)
		r.Period = toPeriodJSON(c.Current, c.Current.ByVacancy[f.VacancyID])
		r.Previous = toPeriodJSON(c.Previous, c.Previous.ByVacancy[f.VacancyID])
		rows = append(rows, r)
	}
	total := o.Total
	total.Title = "Total"
	r := toReportRow(o, total, true)
	r.Period, r.Previous = toPeriodJSON(c.Current, c.Current.Total), toPeriodJSON(c.Previous, c.Previous.Total)
	rows = append(rows, r)
	enc := json.NewEncoder(a.Out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(rows)
}

// printReportCSV is `report --csv`: a row a vacancy and the total; user
// folders headed by name; the window's cohort and the span before's
// (period_…, previous_…: issue 30 §3) before a column per day.
func (a *app) printReportCSV(o store.Overview, c store.Comparison) error {
	folders := userFolderIDs(o)
	head := []string{"vacancy_id", "title", "responses", "inbox", "considered", "invited", "refused"}
	for _, id := range folders {
		head = append(head, csvText(a.folderName(id))) // by name, as status names it (issue 30 §4)
	}
	head = append(head, "waiting", "stale", "near_limit", "past_limit", "responses_in_window", "responses_before_window", "median_first_action_hours")
	head = append(head, periodCSVHead("period_")...)
	head = append(head, periodCSVHead("previous_")...)
	for _, d := range o.Days {
		head = append(head, d.Format(time.DateOnly))
	}
	w := csv.NewWriter(a.unfiltered()) // values cleaned one by one, as export's
	if err := w.Write(head); err != nil {
		return err
	}
	row := func(id string, f store.VacancyFigures, cur, prev store.PeriodFigures) []string {
		r := []string{id, csvText(f.Title)}
		for _, n := range []int{f.Responses, f.Inbox, f.Considered, f.Invited, f.Refused} {
			r = append(r, strconv.Itoa(n))
		}
		for _, fid := range folders {
			r = append(r, strconv.Itoa(f.Folders[fid]))
		}
		median := ""
		if f.FirstActions > 0 {
			median = strconv.FormatFloat(math.Round(f.MedianFirstAction.Hours()*10)/10, 'f', -1, 64)
		}
		r = append(r, strconv.Itoa(f.Waiting), strconv.Itoa(f.Stale), strconv.Itoa(f.NearLimit), strconv.Itoa(f.PastLimit), strconv.Itoa(f.InWindow()), strconv.Itoa(f.Before), median)
		r = append(r, periodCSV(cur)...)
		r = append(r, periodCSV(prev)...)
		for _, n := range f.PerDay {
			r = append(r, strconv.Itoa(n))
		}
		return r
	}
	for _, f := range o.Vacancies {
		if err := w.Write(row(strconv.FormatInt(f.VacancyID, 10), f, c.Current.ByVacancy[f.VacancyID], c.Previous.ByVacancy[f.VacancyID])); err != nil {
			return err
		}
	}
	total := o.Total
	total.Title = "Total"
	if err := w.Write(row("", total, c.Current.Total, c.Previous.Total)); err != nil {
		return err
	}
	w.Flush()
	return w.Error()
}

// userFolderIDs are the user folders any vacancy has responses in.
func userFolderIDs(o store.Overview) []string {
	var ids []string
	for id := range o.Total.Folders {
		ids = append(ids, id)
	}
	store.SortUserFolders(ids)
	return ids
}

// printReport is the table a lead pastes into a chat: numbers right-aligned,
// a sparkline of the window's days.
func (a *app) printReport(o store.Overview, c store.Comparison) error {
	ramp := theme.New(true).Glyphs.Spark
	days := min(len(o.Days), 30) // the sparkline's cells
	t := a.text().CLI
	heads := strings.Split(t.ReportHeads, "\t")
	if len(heads) != 13 {
		heads = strings.Split(i18n.For(i18n.EN).CLI.ReportHeads, "\t")
	}
	titleW := len([]rune(heads[1]))
	for _, f := range o.Vacancies {
		titleW = max(titleW, len([]rune(a.reportTitle(t.More, f))))
	}
	titleW = min(titleW, 32)
	line := func(id, title string, cells []string, sparkline, trend, first string) {
		fmt.Fprintf(a.Out, "%-9s %-*s", id, titleW, cell(title, titleW))
		for _, c := range cells {
			fmt.Fprintf(a.Out, " %6s", c)
		}
		fmt.Fprintf(a.Out, "  %-*s %5s %7s\n", days, sparkline, trend, first)
	}
	line(heads[0], heads[1], heads[2:11], fmt.Sprintf(t.PerDay, len(o.Days)), heads[11], heads[12])
	row := func(id string, f store.VacancyFigures) {
		first := "–"
		if f.FirstActions > 0 {
			first = hoursText(t.More, f.MedianFirstAction)
		}
		line(id, a.reportTitle(t.More, f), []string{strconv.Itoa(f.Responses), strconv.Itoa(f.Inbox), strconv.Itoa(f.Considered),
			strconv.Itoa(f.Invited), strconv.Itoa(f.Refused), strconv.Itoa(f.Waiting), strconv.Itoa(f.NearLimit), strconv.Itoa(f.PastLimit),
			strconv.Itoa(f.InWindow())},
			spark.Line(ramp, f.PerDay, days), spark.Trend(f.InWindow(), f.Before), first)
	}
	for _, f := range o.Vacancies {
		row(strconv.FormatInt(f.VacancyID, 10), f)
	}
	total := o.Total
	total.Title = t.Total
	row("", total)
	if len(o.Days) > 0 {
		fmt.Fprintf(a.Out, t.Window+"\n", o.Days[0].Format(time.DateOnly), o.Days[len(o.Days)-1].Format(time.DateOnly))
	}
	a.printComparison(c)
	return nil
}

func (a *app) reportTitle(t i18n.CLIMoreText, f store.VacancyFigures) string {
	if f.Title == "" && f.VacancyID == 0 {
		return t.NoVacancy
	}
	return textsafe.Line(f.Title)
}

// hoursText is a median in hours, or minutes under one, in the profile's
// units.
func hoursText(t i18n.CLIMoreText, d time.Duration) string {
	if d < time.Hour {
		return fmt.Sprintf(t.Minutes, int(d.Minutes()))
	}
	return fmt.Sprintf(t.Hours, strconv.FormatFloat(math.Round(d.Hours()*10)/10, 'f', -1, 64))
}
