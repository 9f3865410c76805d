package problem

import (
	"strings"

	"hrdesk/textsafe"
)

// Code names a kind in a few ASCII letters no language owns: what the
// outbox keeps (Note) and what each face turns into its own words.
func (k Kind) Code() string {
	if int(k) >= 0 && int(k) < len(codes) {
		return codes[k]
	}
	return ""
}

var codes = [...]string{
	None: "none", Offline: "offline", Timeout: "timeout", NeedsLogin: "needs_login",
	RateLimited: "rate_limited", ServerDown: "server_down", Refused: "refused", Blocked: "blocked",
	Contacts: "contacts", WrongCredentials: "wrong_credentials", TooManyAttempts: "too_many_attempts",
	Redirected: "redirected", Ambiguous: "ambiguous", Busy: "busy", Local: "local",
}

// Note is what the outbox keeps of a failure that is not the service's own
// words (issue 28 §6): the code of what the request met (Cause: a lost
// answer is what kept it away, the outbox's state already says the outcome
// is unknown) in brackets, then the error as Go and hrdesk said it. The
// outbox's faces say the kind in the profile's language (ReadNote);
// `hrdesk outbox --json` keeps the error whole.
func Note(err error) string {
	return "[" + Of(err).Cause().Kind.Code() + "] " + textsafe.Line(err.Error())
}

// ReadNote splits what the outbox keeps into the kind's code and the error
// as it was said; code is "" for a message that is no Note (the service's
// own words, or a row kept before notes were).
func ReadNote(msg string) (code, whole string) {
	rest, ok := strings.CutPrefix(msg, "[")
	if !ok {
		return "", msg
	}
	code, whole, ok = strings.Cut(rest, "] ")
	if !ok || !known(code) {
		return "", msg
	}
	return code, whole
}

func known(code string) bool {
	for _, c := range codes {
		if c == code {
			return true
		}
	}
	return false
}
