package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"hrdesk/i18n"
	"hrdesk/ratebudget"
	"hrdesk/ratebudget/pgshare"
)

// printSharedBudget is `hrdesk status`'s line about the budget shared
// through PostgreSQL (budget_url, issue 21): the shared minute — used,
// left, by how many profiles on how many machines — or why it cannot be
// read. The URL is printed without its password.
func (a *app) printSharedBudget() {
	if a.cfg.BudgetURL == "" {
		return
	}
	cfg := ratebudget.Config{Requests: a.cfg.RequestsPerMinute}.Resolved()
	where := pgshare.RedactURL(a.cfg.BudgetURL)
	ctx, cancel := context.WithTimeout(context.Background(), pgshare.Wait(a.cfg.BudgetURL, 2*time.Second))
	defer cancel()
	m, err := pgshare.Read(ctx, a.cfg.BudgetURL, ratebudget.HostKey(a.cfg.BaseURL), cfg)
	words := a.text()
	t := words.CLI.More
	var unusable *pgshare.UnusableError
	switch {
	case errors.As(err, &unusable):
		// The reasons are PostgreSQL's and pgshare's own words.
		fmt.Fprintf(a.Out, t.BudgetNotInUse+"\n",
			where, oneLine(pgshare.Redact(unusable.Reason, a.cfg.BudgetURL)), max(1, cfg.Requests/4))
		return
	case err != nil:
		fmt.Fprintf(a.Out, t.BudgetUnreachable+"\n",
			where, oneLine(pgshare.Redact(err.Error(), a.cfg.BudgetURL)), max(1, cfg.Requests/4))
		return
	}
	lang := words.Lang
	line := fmt.Sprintf(t.BudgetLine, where, m.Left(), m.Limit, m.Used,
		fmt.Sprintf(i18n.Plural(lang, m.Profiles, t.ProfilesOne, t.ProfilesFew, t.ProfilesMany), m.Profiles),
		fmt.Sprintf(i18n.Plural(lang, m.Machines, t.MachinesOne, t.MachinesFew, t.MachinesMany), m.Machines))
	if !m.Hold.IsZero() {
		line += "; " + fmt.Sprintf(t.BudgetHold, pgshare.When(m.Hold, a.now()))
	}
	if m.Impossible > 0 {
		line += "; " + fmt.Sprintf(i18n.Plural(lang, m.Impossible, t.ImpossibleOne, t.ImpossibleFew, t.ImpossibleMany),
			m.Impossible, pgshare.MaxHold)
	}
	fmt.Fprintln(a.Out, line)
}
