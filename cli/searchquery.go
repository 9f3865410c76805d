package cli

import (
	"context"
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/query"
	"hrdesk/store"
)

// `hrdesk search QUERY` reads its words as the workstation's `/` line does
// (issue 31 §2, docs/QUERY.md): the flags narrow on top, ANDed.

// parseQuery reads the search's words; a mistake is a usage error that
// shows the line with a mark under its place.
func (a *app) parseQuery(line string) (query.Query, error) {
	qr, err := query.Parse(line)
	if err != nil {
		return qr, a.queryMistake(line, err)
	}
	return qr, nil
}

// compileQuery narrows q by the query, its names read as the workstation
// reads them (the configured folders, the own and the company's
// vacancies, stale_after).
func (a *app) compileQuery(ctx context.Context, st *store.Store, qr query.Query, line string, q *store.ListQuery) error {
	if qr.Empty() {
		return nil
	}
	vacancies, err := st.Vacancies(ctx)
	if err != nil {
		return err
	}
	company, err := st.CompanyVacancies(ctx)
	if err != nil {
		return err
	}
	env := query.ProfileEnv(a.cfg.Folders, vacancies, company, a.now(), a.cfg.StaleAfterDuration())
	if err := qr.Compile(line, env, q); err != nil {
		return a.queryMistake(line, err)
	}
	return nil
}

// queryMistake says a query's mistake in the profile's language, under it
// the line and a mark at the place.
func (a *app) queryMistake(line string, err error) error {
	qe, ok := err.(*query.Error)
	if !ok {
		return err
	}
	return usageWords(a.queryMistakeWords(line, qe))
}

// queryMistakeWords are a query's mistake, the line and a mark under it.
func (a *app) queryMistakeWords(line string, qe *query.Error) string {
	pos := min(max(qe.Pos, 0), len(line))
	// The language's code ("en", "ru") is query's name of it.
	return fmt.Sprintf("%s\n  %s\n  %s^", qe.Message(a.lang().String()), line,
		strings.Repeat(" ", ansi.StringWidth(line[:pos])))
}
