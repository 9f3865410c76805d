// Package problem decides what a failure means, once, for every face of
// hrdesk. The command line, the workstation and the sync engine all ask Of;
// each then picks its own words (or its own next step) for the kind it gets,
// so an expired session, a refusal, a network down and a full disk are
// never told apart differently in two places.
//
// It sits below the views and the sync engine and above the API client,
// whose typed errors it reads.
package problem

import (
	"context"
	"errors"
	"maps"
	"net"
	"net/http"
	"slices"
	"strings"
	"time"

	"hrdesk/apiclient"
	"hrdesk/textsafe"
)

// Kind is what went wrong.
type Kind int

// Kinds of problems.
const (
	// None: it worked.
	None Kind = iota
	// Offline: no answer from the service at all; the cache still works and
	// actions wait in the outbox.
	Offline
	// Timeout: the service was reached but did not answer in time (a
	// deadline, 408): worth another try later, and not "cannot reach".
	Timeout
	// NeedsLogin: the session expired or was ended.
	NeedsLogin
	// RateLimited: the service refuses for a while (429, or 503 overload).
	RateLimited
	// ServerDown: the service failed (5xx, an error page, an answer cut
	// short); nothing was applied.
	ServerDown
	// Refused: the service answered no; Detail is its message.
	Refused
	// Blocked: the employer account is blocked; Detail is the service's reason.
	Blocked
	// Contacts: buying or opening contacts was refused; Label is the
	// contract's label (4.7), Detail the service's message.
	Contacts
	// WrongCredentials and TooManyAttempts are a login's refusals.
	WrongCredentials
	TooManyAttempts
	// Redirected: the service answered with a redirect, which hrdesk never
	// follows; Detail is where it pointed.
	Redirected
	// Ambiguous: a request went out and no usable answer came back; the
	// service may or may not have applied it.
	Ambiguous
	// Busy: another session of this profile is syncing right now.
	Busy
	// Local: a failure on this machine (the cache, the disk), never the
	// service's; Detail says what.
	Local
)

// Problem is a failed call, classified.
type Problem struct {
	Kind Kind
	// Detail is the service's message (Refused, Contacts), its reason
	// (Blocked), where it pointed (Redirected) or what failed here (Local):
	// one line, free of control characters and of secrets.
	Detail string
	// Label is the contract's label of a contacts refusal (Contacts), or
	// of a login the service would not take (invalid_client, code_expired).
	Label string
	// Unreached: Offline because no connection could be opened at all
	// (refused, no route, DNS), not cut after the request went out.
	Unreached bool
	// Missing: Refused because what the request names does not exist
	// (404 without an OAuth label): a selection deleted elsewhere, a
	// resume gone from the service.
	Missing bool
	// RetryAfter is the service's own wait (RateLimited), 0 when it gave none.
	RetryAfter time.Duration
	// Under is what kept the answer of an Ambiguous request away
	// (ServerDown, Offline, Timeout): what a request that is safe to
	// repeat met.
	Under Kind
}

// Cause is the problem as a request safe to repeat meets it: an Ambiguous
// one is its Under, anything else itself.
func (p Problem) Cause() Problem {
	if p.Kind == Ambiguous {
		return Problem{Kind: p.Under}
	}
	return p
}

// Kinded is an error that knows its kind: the sync engine's "busy", a
// login refused before any request. Of takes its word for it.
type Kinded interface {
	error
	ProblemKind() Kind
}

// Of classifies err; None for nil.
func Of(err error) Problem {
	var kinded Kinded
	var ae *apiclient.Error
	var ce *apiclient.ContactsError
	switch {
	case err == nil:
		return Problem{}
	case errors.As(err, &kinded):
		return Problem{Kind: kinded.ProblemKind(), Detail: textsafe.Line(kinded.Error())}
	case errors.As(err, &ae) && isLogin(ae.Path):
		return login(ae)
	case errors.As(err, &ce):
		return Problem{Kind: Contacts, Label: contactsLabel(ce), Detail: textsafe.Line(ce.Message)}
	case errors.Is(err, apiclient.ErrNotLoggedIn), apiclient.IsNeedLogin(err):
		return Problem{Kind: NeedsLogin}
	case apiclient.IsRateLimited(err):
		return Problem{Kind: RateLimited, RetryAfter: ae.RetryAfter}
	case apiclient.IsBlocked(err):
		return Problem{Kind: Blocked, Detail: blockReasons(ae)}
	case apiclient.IsAmbiguous(err):
		// Before the answer's status: a POST that met a 5xx or a cut body
		// may have been applied. What kept the answer away is Under: for a
		// request safe to repeat, that is all that matters.
		under := Problem{Kind: Offline}
		switch {
		case ae != nil:
			under = answered(ae)
		case timedOut(err):
			under = Problem{Kind: Timeout}
		}
		return Problem{Kind: Ambiguous, Under: under.Kind}
	case ae != nil:
		return answered(ae)
	case apiclient.IsOffline(err):
		if timedOut(err) {
			return Problem{Kind: Timeout}
		}
		return Problem{Kind: Offline, Unreached: apiclient.IsUnreachable(err)}
	case errors.Is(err, context.DeadlineExceeded):
		return Problem{Kind: Timeout}
	}
	return Problem{Kind: Local, Detail: textsafe.Line(err.Error())}
}

// answered classifies an answer of the service that is not a success.
func answered(ae *apiclient.Error) Problem {
	switch {
	case ae.Status >= 300 && ae.Status < 400:
		return Problem{Kind: Redirected, Detail: textsafe.Line(ae.Location)}
	case ae.Status == http.StatusRequestTimeout, ae.Status == http.StatusGatewayTimeout:
		return Problem{Kind: Timeout}
	case ae.Status >= 500, ae.Unreadable && ae.Status < 300:
		// An error page from a proxy, or a success whose body was cut off
		// or not what was asked for: the request itself was fine.
		return Problem{Kind: ServerDown}
	}
	return Problem{Kind: Refused, Detail: refusal(ae), Missing: ae.Status == http.StatusNotFound && ae.OAuth == ""}
}

// Transient reports a problem time may cure: the request did not get
// through, or not yet. An action meeting it stays queued.
func (p Problem) Transient() bool {
	switch p.Kind {
	case Offline, Timeout, RateLimited, ServerDown, Busy, Redirected, Local:
		return true
	}
	return false
}

// Refusal reports the service's final no to the request itself: an action
// meeting it is marked failed with the service's words.
func (p Problem) Refusal() bool {
	switch p.Kind {
	case Refused, Blocked, Contacts, WrongCredentials, TooManyAttempts:
		return true
	}
	return false
}

// loginPaths are the token methods a login calls (4.1).
var loginPaths = []string{"/2.0/oauth2/password/", "/2.0/oauth2/access_token/"}

func isLogin(path string) bool {
	for _, p := range loginPaths {
		if strings.HasSuffix(path, p) {
			return true
		}
	}
	return false
}

// login classifies a login's refusal: a wrong password reads as such, not
// as an expired session (both answer invalid_grant or 401).
func login(ae *apiclient.Error) Problem {
	switch {
	case ae.Status == http.StatusTooManyRequests:
		return Problem{Kind: TooManyAttempts}
	case ae.OAuth == "invalid_client", ae.OAuth == "code_expired":
		return Problem{Kind: Refused, Label: ae.OAuth, Detail: refusal(ae)}
	case ae.OAuth == "invalid_grant", ae.Status == http.StatusBadRequest, ae.Status == http.StatusUnauthorized,
		ae.Status == http.StatusForbidden && !apiclient.IsBlocked(ae):
		return Problem{Kind: WrongCredentials, Detail: textsafe.Line(ae.Message)}
	}
	return answered(ae)
}

// refusal is the service's words for a refusal: its message, then each
// field's messages (in field order, for stable screens); the status's name
// when it said nothing.
func refusal(ae *apiclient.Error) string {
	var parts []string
	if m := textsafe.Line(ae.Message); m != "" {
		parts = append(parts, m)
	}
	for _, field := range slices.Sorted(maps.Keys(ae.Fields)) {
		parts = append(parts, textsafe.Line(field)+": "+textsafe.Line(strings.Join(ae.Fields[field], ", ")))
	}
	if len(parts) == 0 {
		return http.StatusText(ae.Status)
	}
	return strings.Join(parts, "; ")
}

// blockReasons says why the service blocks the employer, in its own words
// (reason_text), with who blocked when another user did; its message when
// it gave no reasons.
func blockReasons(ae *apiclient.Error) string {
	var parts []string
	for _, r := range ae.Blocks {
		text := textsafe.Line(r.ReasonText)
		if text == "" {
			text = textsafe.Line(r.Reason)
		}
		if u := textsafe.Line(r.UserName); u != "" {
			text += " (" + u + ")"
		}
		parts = append(parts, text)
	}
	if len(parts) == 0 {
		return textsafe.Line(ae.Message)
	}
	return strings.Join(parts, "; ")
}

// contactsLabel is the refusal's label, from its code when it gave none
// (open answers 403 and 429 without labels, 4.7).
func contactsLabel(ce *apiclient.ContactsError) string {
	switch {
	case ce.Label != "":
		return textsafe.Line(ce.Label)
	case ce.Code == http.StatusTooManyRequests:
		return "too_many_attempts"
	case ce.Code == http.StatusForbidden && ce.Op == "open":
		// The one refusal open has besides the limit (4.7): these contacts
		// are not paid for.
		return "need_to_buy_first"
	case ce.Code == http.StatusForbidden:
		return "access_denied"
	}
	return ""
}

// timedOut reports a call that reached for the service and gave up waiting.
func timedOut(err error) bool {
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout()
}
