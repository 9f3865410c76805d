package problem_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"testing"

	"hrdesk/apiclient"
	"hrdesk/problem"
	"hrdesk/syncer"
)

// One classifier for every face (issue 19 §1): each failure hrdesk meets,
// and the kind it is. The rows marked "disagreed" were told apart
// differently by two of the nine deciders this package replaced.
func TestOf(t *testing.T) {
	noAnswer := func(cause error) error { return fmt.Errorf("GET /x: %w: %w", apiclient.ErrNoAnswer, cause) }
	for _, c := range []struct {
		name   string
		err    error
		want   problem.Kind
		detail string
		label  string
	}{
		{"nil", nil, problem.None, "", ""},
		{"429", &apiclient.Error{Status: 429, Code: 429}, problem.RateLimited, "", ""},
		{"503 (the contract's overload)", &apiclient.Error{Status: 503}, problem.RateLimited, "", ""},
		{"500", &apiclient.Error{Status: 500}, problem.ServerDown, "", ""},
		{"HTML 502", &apiclient.Error{Status: 502, Unreadable: true, ContentType: "text/html"}, problem.ServerDown, "", ""},
		{"a success cut short", &apiclient.Error{Status: 200, Unreadable: true}, problem.ServerDown, "", ""},
		{"408 (disagreed: transient here, refused there)", &apiclient.Error{Status: 408}, problem.Timeout, "", ""},
		{"a deadline (disagreed: it read 'cannot reach')", noAnswer(fmt.Errorf("no answer in time: %w", context.DeadlineExceeded)), problem.Timeout, "", ""},
		{"a refused connection", noAnswer(&net.OpError{Op: "dial", Err: errors.New("connection refused")}), problem.Offline, "", ""},
		{"expired token", &apiclient.Error{Status: 410, Code: 410, OAuth: "invalid_token"}, problem.NeedsLogin, "", ""},
		{"not logged in", apiclient.ErrNotLoggedIn, problem.NeedsLogin, "", ""},
		{"blocked with reasons", &apiclient.Error{Status: 403, Blocks: []apiclient.BlockReason{{Reason: "client_blocked", ReasonText: "Компания заблокирована"}}},
			problem.Blocked, "Компания заблокирована", ""},
		{"blocked in a 200", &apiclient.Error{Status: 403, HTTPStatus: 200, Code: 403, Message: "Клиент-работодатель заблокирован администрацией"},
			problem.Blocked, "Клиент-работодатель заблокирован администрацией", ""},
		{"validation", &apiclient.Error{Status: 422, Message: "bad field", Fields: map[string][]string{"b": {"x"}, "a": {"y", "z"}}},
			problem.Refused, "bad field; a: y, z; b: x", ""},
		{"a POST without an answer", fmt.Errorf("%w: %w", apiclient.ErrAmbiguous, &apiclient.Error{Status: 502}), problem.Ambiguous, "", ""},
		{"a POST cut off", fmt.Errorf("%w: %w", apiclient.ErrAmbiguous, noAnswer(errors.New("EOF"))), problem.Ambiguous, "", ""},
		{"a redirect", &apiclient.Error{Status: 307, Location: "https://elsewhere.example/2.0/x/"}, problem.Redirected, "https://elsewhere.example/2.0/x/", ""},
		{"no money (disagreed: it read 'local error')", &apiclient.ContactsError{Code: 403, Label: "not_enough_money", Message: "Недостаточно средств"},
			problem.Contacts, "Недостаточно средств", "not_enough_money"},
		{"open before buying (disagreed: it read 'access denied')", &apiclient.ContactsError{Op: "open", Code: 403, Message: "Доступ запрещён"},
			problem.Contacts, "Доступ запрещён", "need_to_buy_first"},
		{"buy: access denied", &apiclient.ContactsError{Op: "buy", Code: 403}, problem.Contacts, "", "access_denied"},
		{"open: too many attempts", &apiclient.ContactsError{Code: 429}, problem.Contacts, "", "too_many_attempts"},
		{"wrong password", &apiclient.Error{Method: "POST", Path: "/2.0/oauth2/password/", Status: 400, OAuth: "invalid_grant", Message: "wrong login or password"},
			problem.WrongCredentials, "wrong login or password", ""},
		{"password limit", &apiclient.Error{Path: "/2.0/oauth2/password/", Status: 429, OAuth: "invalid_grant"}, problem.TooManyAttempts, "", ""},
		{"application refused at login", &apiclient.Error{Path: "/2.0/oauth2/password/", Status: 400, OAuth: "invalid_client"}, problem.Refused, "Bad Request", "invalid_client"},
		{"another session syncing", syncer.ErrBusy, problem.Busy, syncer.ErrBusy.Error(), ""},
		// A failure of the cache during a push is this machine's, never
		// "server unreachable".
		{"SQLite busy", fmt.Errorf("push: %w", errors.New("store: database is locked (5) (SQLITE_BUSY)")), problem.Local, "push: store: database is locked (5) (SQLITE_BUSY)", ""},
		{"disk", &fs.PathError{Op: "open", Path: "/x/cache.db", Err: fs.ErrPermission}, problem.Local, "open /x/cache.db: permission denied", ""},
		{"escapes in a message", &apiclient.Error{Status: 422, Message: "bad\x1b]0;x\x07 field\n"}, problem.Refused, "bad field", ""},
	} {
		p := problem.Of(c.err)
		if p.Kind != c.want || p.Detail != c.detail || p.Label != c.label {
			t.Errorf("%s: %+v; want kind %d, detail %q, label %q", c.name, p, c.want, c.detail, c.label)
		}
	}
}

func TestTransientAndRefusalPartition(t *testing.T) {
	// Every kind but None, NeedsLogin and Ambiguous is one or the other:
	// an action meeting it stays queued or is marked failed, never both.
	for k := problem.Offline; k <= problem.Local; k++ {
		p := problem.Problem{Kind: k}
		switch k {
		case problem.NeedsLogin, problem.Ambiguous:
			if p.Transient() || p.Refusal() {
				t.Errorf("kind %d: transient %v, refusal %v; it is neither", k, p.Transient(), p.Refusal())
			}
		default:
			if p.Transient() == p.Refusal() {
				t.Errorf("kind %d: transient %v, refusal %v", k, p.Transient(), p.Refusal())
			}
		}
	}
}

func TestAnAmbiguousRequestKeepsItsCause(t *testing.T) {
	for err, want := range map[error]problem.Kind{
		fmt.Errorf("%w: %w", apiclient.ErrAmbiguous, &apiclient.Error{Status: 500}):                                         problem.ServerDown,
		fmt.Errorf("%w: %w", apiclient.ErrAmbiguous, fmt.Errorf("%w: EOF", apiclient.ErrNoAnswer)):                          problem.Offline,
		fmt.Errorf("%w: %w", apiclient.ErrAmbiguous, fmt.Errorf("%w: %w", apiclient.ErrNoAnswer, context.DeadlineExceeded)): problem.Timeout,
	} {
		if p := problem.Of(err); p.Kind != problem.Ambiguous || p.Cause().Kind != want {
			t.Errorf("%v: %+v, cause %d; want ambiguous over %d", err, p, p.Cause().Kind, want)
		}
	}
}

// A refusal because the thing asked for is gone says so (Missing), so a
// command can say "no such selection" without reading the status itself.
func TestMissingIsARefusal(t *testing.T) {
	for _, c := range []struct {
		err     error
		missing bool
	}{
		{&apiclient.Error{Status: 404, Message: "Подборка не найдена"}, true},
		{&apiclient.Error{Status: 422, Message: "bad field"}, false},
		{&apiclient.Error{Status: 403, Message: "Доступ запрещён"}, false},
		{&apiclient.Error{Status: 404, OAuth: "token_not_found"}, false},
	} {
		p := problem.Of(c.err)
		if c.missing && (p.Kind != problem.Refused || !p.Missing) || !c.missing && p.Missing {
			t.Errorf("%v: %+v, want missing %v", c.err, p, c.missing)
		}
	}
}
