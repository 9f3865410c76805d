package common

import (
	"fmt"

	"hrdesk/views/action"
)

// Words says a problem in the UI's language: the kind was decided once
// (ui.Options.Explain); only the server's own message or a local error's
// text is passed through.
func (c *Common) Words(p action.Problem) string {
	t := c.Text
	switch p.Kind {
	case action.None:
		return ""
	case action.Offline:
		return t.Status.ServerUnreachable
	case action.NeedsLogin:
		return t.Status.SessionExpired
	case action.RateLimited:
		return t.Status.RateLimited
	case action.ServerDown:
		return t.Status.ServerError
	case action.Blocked:
		if p.Detail == "" {
			return t.Status.Blocked
		}
		return t.Status.Blocked + ": " + p.Detail
	case action.WrongCredentials:
		return t.Login.WrongCredentials
	case action.TooManyAttempts:
		return t.Login.TooManyAttempts
	case action.Busy:
		return t.Status.Busy
	case action.Local:
		return fmt.Sprintf(t.Status.LocalFailure, p.Detail)
	}
	return p.Detail // Refused: the server's own words
}
