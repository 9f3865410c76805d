package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"hrdesk/budget"
	"hrdesk/pgbudget"
)

// printSharedBudget is `hrdesk status`'s line about the budget shared
// through PostgreSQL (budget_url, issue 21): the shared minute — used,
// left, by how many profiles on how many machines — or why it cannot be
// read. The URL is printed without its password.
func (a *app) printSharedBudget() {
	if a.cfg.BudgetURL == "" {
		return
	}
	cfg := budget.Config{Requests: a.cfg.RequestsPerMinute}.Resolved()
	where := pgbudget.RedactURL(a.cfg.BudgetURL)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	m, err := pgbudget.Read(ctx, a.cfg.BudgetURL, budget.HostKey(a.cfg.BaseURL), cfg)
	var unusable *pgbudget.UnusableError
	switch {
	case errors.As(err, &unusable):
		fmt.Fprintf(a.Out, "shared budget (%s): not in use: %s; each process runs on a quarter of the minute (%d) until it is\n",
			where, oneLine(pgbudget.Redact(unusable.Reason, a.cfg.BudgetURL)), max(1, cfg.Requests/4))
		return
	case err != nil:
		fmt.Fprintf(a.Out, "shared budget (%s): unreachable (%v); each process runs on a quarter of the minute (%d) until it answers\n",
			where, oneLine(pgbudget.Redact(err.Error(), a.cfg.BudgetURL)), max(1, cfg.Requests/4))
		return
	}
	line := fmt.Sprintf("shared budget (%s): %d of %d left this minute, %d sent for %d %s on %d %s",
		where, m.Left(), m.Limit, m.Used, m.Profiles, plural(m.Profiles, "profile", "profiles"), m.Machines, plural(m.Machines, "machine", "machines"))
	if !m.Hold.IsZero() {
		line += "; " + pgbudget.HoldCause(m.Hold, time.Now())
	}
	if m.Impossible > 0 {
		line += fmt.Sprintf("; %d impossible %s (a hold past %s or a turn dated ahead) ignored, dropped at the next request",
			m.Impossible, plural(m.Impossible, "row", "rows"), pgbudget.MaxHold)
	}
	fmt.Fprintln(a.Out, line)
}
