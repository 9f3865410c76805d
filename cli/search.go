package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"hrdesk/config"
	"hrdesk/i18n"
	"hrdesk/store"
	"hrdesk/textsafe"
)

func searchCommand() *command {
	var folder, responded, salary, age string
	var stale, asJSON, onlyNew, pastLimit bool
	var limit int
	var education, vacancy int64
	return &command{
		name:    "search",
		summary: "find cached resumes in every folder by name, profession, skills… (offline)",
		help: `Searches the cache's full-text index and the query's terms, as / in the
workstation does, but in every folder unless --folder (or folder:NAME)
narrows it. Words match by prefix: "иван бух" finds Иванов, a бухгалтер.
Terms such as salary>=80000, town:Москва, -has:comment, new or stale narrow
further (docs/QUERY.md).`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&folder, "folder", "", "only this folder: inbox, considered, invited, refused or a folder id/name")
			fs.BoolVar(&stale, "stale", false, "only stale candidates (Considered or Invited with no event for stale_after)")
			fs.BoolVar(&onlyNew, "new", false, "only new responses")
			fs.BoolVar(&pastLimit, "past-limit", false, pastLimitUsage)
			fs.StringVar(&responded, "responded", "", "when the response came: today, 7d, 30d or FROM..TO (2026-11-01..2026-11-20)")
			fs.StringVar(&salary, "salary", "", "salary range MIN-MAX (either may be left out: 80000-, -120000)")
			fs.StringVar(&age, "age", "", "age range MIN-MAX")
			fs.Int64Var(&education, "education", 0, "education level (the job board's dictionary id)")
			fs.Int64Var(&vacancy, "vacancy", 0, "only responses to this vacancy id")
			fs.BoolVar(&asJSON, "json", false, "print JSON")
			fs.IntVar(&limit, "limit", 50, "print at most this many")
		},
		queryWords: true,
		run: func(ctx context.Context, a *app, args []string) error {
			text := strings.TrimSpace(strings.Join(args, " "))
			qr, err := a.parseQuery(text)
			if err != nil {
				return err
			}
			q := store.ListQuery{Limit: limit, OnlyNew: onlyNew, Education: education, VacancyID: vacancy, Now: a.now()}
			if vacancy < 0 {
				return usagef(a.text().CLI.BadVacancy, vacancy)
			}
			more := a.text().CLI.More
			if q.RespondedFrom, q.RespondedTo, err = parseResponded(more, responded, a.now()); err != nil {
				return err
			}
			if q.SalaryFrom, q.SalaryTo, err = parseRange(more, "--salary", salary); err != nil {
				return err
			}
			var lo, hi int64
			if lo, hi, err = parseRange(more, "--age", age); err != nil {
				return err
			}
			q.AgeFrom, q.AgeTo = int(lo), int(hi)
			filtered := stale || pastLimit || onlyNew || responded != "" || salary != "" || age != "" || education != 0 || vacancy != 0
			if qr.Empty() && !filtered {
				return usageWords(a.text().CLI.SearchNeedsWords)
			}
			if limit < 1 || limit > store.MaxListLimit {
				return usagef(a.text().CLI.BadLimit, store.MaxListLimit)
			}
			if err := a.loadConfig(); err != nil {
				return err
			}
			q.Scope = a.profile().ListScope() // issue 12 §5: the configured scope's entries only
			if folder != "" {
				f, err := a.parseFolder(folder)
				if err != nil {
					return err
				}
				q.Folder = f
			}
			if stale {
				q.StaleBefore = a.now().Add(-a.cfg.StaleAfterDuration())
			}
			if pastLimit {
				q.Due, q.Ascending = a.due(a.now()), true // the needs-me list: oldest first
			}
			st, err := a.openStore()
			if err != nil {
				return err
			}
			defer st.Close()
			if err := a.compileQuery(ctx, st, qr, text, &q); err != nil {
				return err
			}
			rows, err := st.ListEntries(ctx, q)
			if err != nil {
				return err
			}
			total, err := st.CountEntries(ctx, q)
			if err != nil {
				return err
			}
			if asJSON {
				return a.printSearchJSON(rows, total)
			}
			return a.printSearch(rows, total)
		},
	}
}

func (a *app) printSearch(rows []store.EntryRow, total int) error {
	t := a.text()
	if total == 0 {
		fmt.Fprintln(a.Out, t.CLI.NothingMatches)
		return nil
	}
	tw := tabwriter.NewWriter(a.Out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, t.CLI.SearchHead)
	for _, r := range rows {
		name := cell(r.DisplayName, 28)
		if name == "" {
			name = "—" // contacts not bought: the service hides the name
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", r.ResumeID, a.folderWord(r.Folder), name,
			cell(r.Profession, 28), cell(r.Town, 16), r.LastEventAt.Local().Format("2006-01-02"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if total > len(rows) {
		fmt.Fprintf(a.Out, t.CLI.SearchShown+"\n", len(rows), total)
	} else {
		fmt.Fprintf(a.Out, i18n.Plural(t.Lang, total, t.CLI.MatchOne, t.CLI.MatchFew, t.CLI.MatchMany)+"\n", total)
	}
	return nil
}

// searchHit is one line of `search --json`.
type searchHit struct {
	ResumeID   int64     `json:"resume_id"`
	Folder     string    `json:"folder"`
	Name       string    `json:"name"`
	Profession string    `json:"profession"`
	Town       string    `json:"town"`
	VacancyID  *int64    `json:"vacancy_id"` // null: not a response to a vacancy
	IsNew      bool      `json:"is_new"`
	LastEvent  time.Time `json:"last_event"`
}

func (a *app) printSearchJSON(rows []store.EntryRow, total int) error {
	out := struct {
		Total int         `json:"total"`
		Hits  []searchHit `json:"hits"`
	}{Total: total, Hits: []searchHit{}}
	for _, r := range rows {
		hit := searchHit{ResumeID: r.ResumeID, Folder: r.Folder, Name: textsafe.Line(r.DisplayName),
			Profession: textsafe.Line(r.Profession), Town: textsafe.Line(r.Town), IsNew: r.IsNew, LastEvent: r.LastEventAt.UTC()}
		if r.VacancyID != 0 {
			id := r.VacancyID
			hit.VacancyID = &id
		}
		out.Hits = append(out.Hits, hit)
	}
	enc := json.NewEncoder(a.Out)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// cell is a one-line table cell of at most n characters.
func cell(s string, n int) string {
	s = textsafe.Line(s)
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// parseResponded reads --responded: today, Nd, or FROM..TO in dates, the
// words of saved views and of the workstation's filter dialog. A mistake
// is said in the profile's language (config says it in English).
func parseResponded(t i18n.CLIMoreText, s string, now time.Time) (from, to time.Time, err error) {
	r, err := config.ParseResponded(s)
	if err != nil {
		return time.Time{}, time.Time{}, usagef(t.RespondedWords, "--responded", strings.TrimSpace(s))
	}
	from, to = r.Bounds(now)
	return from, to, nil
}

// parseRange reads MIN-MAX, MIN- or -MAX of non-negative whole numbers.
func parseRange(t i18n.CLIMoreText, flag, s string) (lo, hi int64, err error) {
	lo, hi, err = config.ParseRange(s)
	if err != nil {
		return 0, 0, usagef(t.RangeWords, flag, strings.TrimSpace(s))
	}
	return lo, hi, nil
}
