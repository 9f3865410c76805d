package cli

import (
	"errors"
	"fmt"
	"strings"

	"hrdesk/problem"
)

// explainLoginError turns a failed login into what to do about it.
func (a *app) explainLoginError(err error) error {
	p := problem.Of(err)
	switch {
	case p.Kind == problem.TooManyAttempts:
		return errors.New("too many attempts: the server allows 10 wrong passwords an hour for one login; wait and try again")
	case p.Kind == problem.WrongCredentials:
		return errors.New(withServiceWords("wrong login or password", p.Detail))
	case p.Label == "invalid_client":
		return errors.New("the server does not accept this application (client id or secret); check --client-id and --secret")
	case p.Label == "code_expired":
		return errors.New("the authorization code has expired; run `hrdesk login --oauth` again and paste the new code at once")
	}
	return a.explainNetworkError(err)
}

// withServiceWords adds the service's own words to ours, unless they say
// the same ("wrong login or password (wrong login or password)").
func withServiceWords(ours, theirs string) string {
	if theirs == "" || strings.EqualFold(strings.Trim(theirs, ". "), ours) {
		return ours
	}
	return ours + " (the service says: " + theirs + ")"
}

// explainNetworkError names the next step for the usual failures, in the
// command line's words for problem.Of's kinds.
func (a *app) explainNetworkError(err error) error {
	p := problem.Of(err)
	switch p.Kind {
	case problem.None:
		return nil
	case problem.NeedsLogin:
		return errors.New("the session has expired or was ended: run `hrdesk login`")
	case problem.RateLimited:
		return errors.New("the server is limiting requests (120 a minute); try again in a minute")
	case problem.Offline:
		return fmt.Errorf("cannot reach %s (%v); check --base-url and your network — the cache still works offline", a.cfg.BaseURL, oneLine(err.Error()))
	case problem.Timeout:
		return fmt.Errorf("%s did not answer in time; try again — the cache still works offline", a.cfg.BaseURL)
	case problem.Blocked:
		return fmt.Errorf("your employer account is blocked: %s", p.Detail)
	case problem.Redirected:
		return fmt.Errorf("%s answered with a redirect to %s, and hrdesk follows none (it would carry your login there); check --base-url", a.cfg.BaseURL, p.Detail)
	}
	return err
}
