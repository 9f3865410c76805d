package common

import (
	"fmt"
	"hrdesk/problem"
)

// Words says a problem in the UI's language: the kind was decided once
// (problem.Of); only the server's own message or a local error's text is
// passed through.
func (c *Common) Words(p problem.Problem) string {
	t := c.Text
	switch p.Kind {
	case problem.None:
		return ""
	case problem.Offline:
		return t.Status.ServerUnreachable
	case problem.NeedsLogin:
		return t.Status.SessionExpired
	case problem.RateLimited:
		return t.Status.RateLimited
	case problem.ServerDown:
		return t.Status.ServerError
	case problem.Blocked:
		if p.Detail == "" {
			return t.Status.Blocked
		}
		return t.Status.Blocked + ": " + p.Detail
	case problem.WrongCredentials:
		return t.Login.WrongCredentials
	case problem.TooManyAttempts:
		return t.Login.TooManyAttempts
	case problem.Busy:
		return t.Status.Busy
	case problem.Local:
		return fmt.Sprintf(t.Status.LocalFailure, p.Detail)
	case problem.Timeout:
		return t.Status.Timeout
	case problem.Redirected:
		return fmt.Sprintf(t.Status.Redirected, p.Detail)
	case problem.Ambiguous:
		return t.Status.Ambiguous
	case problem.Contacts:
		// The contract's labels in plain words (4.7); the service's own
		// message only for a label this version does not know.
		if p.Label == "" && p.Detail != "" {
			return p.Detail
		}
		return t.Failure(p.Label)
	}
	return p.Detail // Refused: the server's own words
}
