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
	t := a.text().CLI
	switch {
	case p.Kind == problem.TooManyAttempts:
		return errors.New(t.TooManyAttempts)
	case p.Kind == problem.WrongCredentials:
		return errors.New(withServiceWords(t.ServiceSays, t.WrongCredentials, p.Detail))
	case p.Label == "invalid_client":
		return errors.New(t.BadClient)
	case p.Label == "code_expired":
		return errors.New(t.CodeExpired)
	}
	return a.explainNetworkError(err)
}

// withServiceWords adds the service's own words to ours (says: "%s (the
// service says: %s)"), unless they say the same ("wrong login or password
// (wrong login or password)").
func withServiceWords(says, ours, theirs string) string {
	if theirs == "" || strings.EqualFold(strings.Trim(theirs, ". "), ours) {
		return ours
	}
	return fmt.Sprintf(says, ours, theirs)
}

// explainNetworkError names the next step for the usual failures, in the
// command line's words for problem.Of's kinds.
func (a *app) explainNetworkError(err error) error {
	p := problem.Of(err)
	t := a.text().CLI
	switch p.Kind {
	case problem.None:
		return nil
	case problem.NeedsLogin:
		return errors.New(t.NeedsLogin)
	case problem.RateLimited:
		return errors.New(t.RateLimited)
	case problem.Offline:
		return fmt.Errorf(t.Offline, a.cfg.BaseURL, oneLine(err.Error()))
	case problem.Timeout:
		return fmt.Errorf(t.Timeout, a.cfg.BaseURL)
	case problem.Blocked:
		return fmt.Errorf(t.Blocked, p.Detail)
	case problem.Redirected:
		return fmt.Errorf(t.Redirected, a.cfg.BaseURL, p.Detail)
	case problem.ServerDown:
		return &explained{msg: fmt.Sprintf(t.More.ServerDown, a.cfg.BaseURL), cause: err}
	case problem.Busy:
		return &explained{msg: t.More.Busy, cause: err}
	case problem.Refused:
		if p.Detail != "" {
			return &explained{msg: fmt.Sprintf(t.More.Refused, p.Detail), cause: err}
		}
	case problem.Ambiguous:
		return &explained{msg: t.More.Lost, cause: err}
	}
	return err
}
