package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"hrdesk/i18n"
	"hrdesk/session"
	"hrdesk/store"
	"hrdesk/textsafe"
)

func vacanciesCommand() *command {
	var asJSON, yes bool
	var turbo bool
	return &command{
		name:    "vacancies",
		args:    "list [--json] | archive ID... | apply FILE",
		summary: "your vacancies: list them, archive some, create and update them from a file",
		help: `list     your vacancies (open, closed, archived) with views and responses; from
         the server when it is reachable, else from the cache
archive  move vacancies to the archive (asks first on a terminal; --yes for scripts)
apply    create and update vacancies in one batch from a TOML or JSON file:
         elements with an id are updates, the others creates. One line per
         element with its result; an invalid element names its field and the
         others still go through (a batch the service refuses whole is sent
         again one element at a time). An element the answer does not cover
         is "unknown": check it with list.

A TOML file:

    turbo = false
    [[vacancy]]
    profession = "Курьер"
    town = 4
    payment_from = 50000
    [[vacancy]]
    id = 46000001
    payment_to = 90000

JSON: {"turbo": false, "vacancies": [{...}, ...]} or just the array.`,
		flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&asJSON, "json", false, "list: print JSON")
			fs.BoolVar(&yes, "yes", false, "archive: do not ask")
			fs.BoolVar(&turbo, "turbo", false, "apply: send the turbo flag (overrides the file's)")
		},
		run: func(ctx context.Context, a *app, args []string) error {
			if len(args) == 0 {
				return usagef(a.text().CLI.Usage, "hrdesk vacancies list|archive|apply")
			}
			if err := a.loadConfig(); err != nil {
				return err
			}
			st, err := a.openStore()
			if err != nil {
				return err
			}
			defer st.Close()
			switch args[0] {
			case "list":
				if len(args) != 1 {
					return usagef(a.text().CLI.NoArguments, "vacancies list")
				}
				return a.listVacancies(ctx, st, asJSON)
			case "archive":
				return a.archiveVacancies(ctx, st, args[1:], yes)
			case "apply":
				if len(args) != 2 {
					return usagef(a.text().CLI.Usage, "hrdesk vacancies apply FILE")
				}
				return a.applyVacancies(ctx, st, args[1], turbo, a.global.set["turbo"])
			}
			return usagef(a.text().CLI.UnknownVacanciesVerb, args[0])
		},
	}
}

// refreshVacancies fetches the user's vacancies into the cache; a failure
// in the command line's words, the cause underneath.
func (a *app) refreshVacancies(ctx context.Context, st *store.Store) error {
	return explain(a.profile().RefreshVacancies(ctx, st), a.explainNetworkError)
}

func (a *app) listVacancies(ctx context.Context, st *store.Store, asJSON bool) error {
	if err := a.refreshVacancies(ctx, st); err != nil {
		fmt.Fprintf(a.Err, "hrdesk: "+a.text().CLI.CachedList+"\n", oneLine(err.Error()))
	}
	vs, err := st.Vacancies(ctx)
	if err != nil {
		return err
	}
	if asJSON {
		out := make([]json.RawMessage, 0, len(vs))
		for _, v := range vs {
			if clean, err := textsafe.JSON(v.RawJSON); err == nil {
				out = append(out, clean)
			}
		}
		b, err := json.MarshalIndent(out, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(a.Out, string(b))
		return err
	}
	t := a.text().CLI
	if len(vs) == 0 {
		fmt.Fprintln(a.Out, t.NoVacancies)
		return nil
	}
	tw := tabwriter.NewWriter(a.Out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, t.VacanciesHead)
	for _, v := range vs {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%d\t%d\t%s\t%s\n", v.ID, vacancyState(t, v), textsafe.Line(v.Profession),
			v.ViewsCount, v.ResumesAll, v.ResumesNew, day(v.DatePublished), day(v.DatePubTo))
	}
	return tw.Flush()
}

func vacancyState(t i18n.CLIText, v store.Vacancy) string {
	switch {
	case v.IsArchive || v.Published == 3:
		return t.VacancyArchived
	case v.Published == 0:
		return t.VacancyClosed
	}
	return t.VacancyOpen
}

func day(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Local().Format("2006-01-02")
}

func (a *app) archiveVacancies(ctx context.Context, st *store.Store, args []string, yes bool) error {
	t := a.text().CLI
	if len(args) == 0 {
		return usagef(t.Usage, "hrdesk vacancies archive ID...")
	}
	ids := make([]int64, 0, len(args))
	for _, s := range args {
		id, err := strconv.ParseInt(s, 10, 64)
		if err != nil || id <= 0 {
			return usagef(t.NotAVacancyID, s)
		}
		ids = append(ids, id)
	}
	if !yes {
		if !isTerminal(a.In) {
			return usageWords(t.ArchiveNeedsYes)
		}
		fmt.Fprintf(a.Err, t.ArchiveAsk, len(ids), strings.Join(args, ", "))
		line, _ := bufio.NewReader(a.In).ReadString('\n')
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "y", "yes", "д", "да":
		default:
			fmt.Fprintln(a.Out, t.NothingArchived)
			return nil
		}
	}
	c, err := a.profile().LoggedInClient()
	if err != nil {
		return err
	}
	refused, err := session.ArchiveVacancies(ctx, c, st, ids)
	if err != nil {
		return a.explainNetworkError(err)
	}
	failed := 0
	for i, id := range ids {
		if refused[i] != nil {
			failed++
			fmt.Fprintf(a.Out, t.NotArchived+"\n", id, session.DescribeBatchError(refused[i]))
			continue
		}
		fmt.Fprintf(a.Out, t.ArchivedOne+"\n", id)
	}
	if failed > 0 {
		return fmt.Errorf(t.NotArchivedCount, failed, len(ids))
	}
	return nil
}
