package session

import (
	"context"
	"time"

	"hrdesk/ratebudget"
	"hrdesk/ratebudget/record"
	"hrdesk/tokenfile"
)

// What a process holds for every profile it serves, and what a profile
// keeps in its data directory for its other processes: the front ends
// (`hrdesk status`, `hrdesk logout`) read them here, not in the files'
// packages.

// Hosts is the request budget of each service host, one per process
// (Profile.Hosts).
type Hosts = ratebudget.Registry

// NewHosts makes a process's budgets, none yet.
func NewHosts() *Hosts { return ratebudget.NewRegistry() }

// Recorders note each profile's requests in its data directory
// (Profile.Spent).
type Recorders = record.Recorders

// NewRecorders makes a process's records of requests, none yet.
func NewRecorders() *Recorders { return record.NewRecorders() }

// Requests are when the profile's requests of the last while went, oldest
// first, as every process of the profile noted them (requests.json); none
// when nothing was noted yet.
func (p *Profile) Requests() ([]time.Time, error) { return record.Read(p.Config.RequestsFile()) }

// LearnedLimit is the newest limit the budget learned from the service's
// refusals, noted in requests.json, and when; zero when none.
func (p *Profile) LearnedLimit() (limit int, at time.Time, err error) {
	return record.ReadLearned(p.Config.RequestsFile())
}

// StoredLogin is the login kept in the profile's token.json; ErrNoToken
// when nobody has logged in.
func (p *Profile) StoredLogin() (Token, error) { return tokenfile.Load(p.Config.TokenFile()) }

// Logout ends the stored login on the service and forgets it here: the
// file goes whatever the service says, whose failure is serverErr, for the
// front end to word; err is ErrNoToken when there was no login, or why the
// login could not be read, used or forgotten.
func (p *Profile) Logout(ctx context.Context) (serverErr, err error) {
	tok, err := p.StoredLogin()
	if err != nil {
		return nil, err
	}
	c, err := p.Client(&tok)
	if err != nil {
		return nil, err
	}
	serverErr = c.InvalidateToken(ctx)
	if err := tokenfile.Remove(p.Config.TokenFile()); err != nil {
		return nil, err
	}
	return serverErr, nil
}
