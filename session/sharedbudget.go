package session

import (
	"context"
	"errors"
	"time"

	"hrdesk/ratebudget"
	"hrdesk/ratebudget/pgshare"
)

// SharedMinute is the shared window of the service's host as the budget's
// database holds it (used, left, by how many profiles on how many
// machines, a hold, the impossible rows ignored).
type SharedMinute = pgshare.Minute

// SharedReading is what `hrdesk status` found reading the budget shared
// through PostgreSQL (budget_url, issue 21), for the front end to word.
type SharedReading struct {
	// Where is budget_url without its password.
	Where string
	// Alone is the requests a window each process takes on its own while
	// the shared budget is not in use.
	Alone int
	// Minute is the shared window, when it was read (neither Unusable
	// nor Unreachable).
	Minute SharedMinute
	// Unusable: the database answered but its budget cannot be used (a
	// table made by a newer hrdesk, …); Unreachable: it could not be
	// asked. Why says why, the password taken out: PostgreSQL's or the
	// budget's own words.
	Unusable, Unreachable bool
	Why                   string
}

// ReadSharedBudget reads the profile's shared budget, waiting for the
// database no longer than its connect_timeout (else 2 s); ok is false when
// the profile shares none (no budget_url).
func (p *Profile) ReadSharedBudget(ctx context.Context) (r SharedReading, ok bool) {
	url := p.Config.BudgetURL
	if url == "" {
		return r, false
	}
	cfg := ratebudget.Config{Requests: p.Config.RequestsPerMinute}.Resolved()
	r.Where, r.Alone = pgshare.RedactURL(url), max(1, cfg.Requests/4)
	ctx, cancel := context.WithTimeout(ctx, pgshare.Wait(url, 2*time.Second))
	defer cancel()
	m, err := pgshare.Read(ctx, url, ratebudget.HostKey(p.Config.BaseURL), cfg)
	var unusable *pgshare.UnusableError
	switch {
	case errors.As(err, &unusable):
		r.Unusable, r.Why = true, pgshare.Redact(unusable.Reason, url)
	case err != nil:
		r.Unreachable, r.Why = true, pgshare.Redact(err.Error(), url)
	default:
		r.Minute = m
	}
	return r, true
}
