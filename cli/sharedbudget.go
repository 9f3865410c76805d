package cli

import (
	"context"
	"fmt"

	"hrdesk/i18n"
	"hrdesk/session"
)

// printSharedBudget is `hrdesk status`'s line about the budget shared
// through PostgreSQL (budget_url, issue 21): the shared minute — used,
// left, by how many profiles on how many machines — or why it cannot be
// read. The URL is printed without its password.
func (a *app) printSharedBudget() {
	r, ok := a.profile().ReadSharedBudget(context.Background())
	if !ok {
		return
	}
	words := a.text()
	t := words.CLI.More
	switch {
	case r.Unusable:
		// The reasons are PostgreSQL's and the shared budget's own words.
		fmt.Fprintf(a.Out, t.BudgetNotInUse+"\n", r.Where, oneLine(r.Why), r.Alone)
		return
	case r.Unreachable:
		fmt.Fprintf(a.Out, t.BudgetUnreachable+"\n", r.Where, oneLine(r.Why), r.Alone)
		return
	}
	m, lang := r.Minute, words.Lang
	line := fmt.Sprintf(t.BudgetLine, r.Where, m.Left(), m.Limit, m.Used,
		fmt.Sprintf(i18n.Plural(lang, m.Profiles, t.ProfilesOne, t.ProfilesFew, t.ProfilesMany), m.Profiles),
		fmt.Sprintf(i18n.Plural(lang, m.Machines, t.MachinesOne, t.MachinesFew, t.MachinesMany), m.Machines))
	if !m.Hold.IsZero() {
		line += "; " + fmt.Sprintf(t.BudgetHold, session.When(m.Hold, a.now()))
	}
	if m.Impossible > 0 {
		line += "; " + fmt.Sprintf(i18n.Plural(lang, m.Impossible, t.ImpossibleOne, t.ImpossibleFew, t.ImpossibleMany),
			m.Impossible, session.MaxHold)
	}
	fmt.Fprintln(a.Out, line)
}
