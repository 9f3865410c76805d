package apiclient

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"testing"
)

// The sentence each kind of failed answer becomes: the UI and the CLI show
// it as it is, so a case that picks the wrong wording (or drops the
// service's message, a field or a block reason) tells the user something
// else happened.

func answer(status int, ct string, hdr ...string) *http.Response {
	resp := &http.Response{StatusCode: status, Header: http.Header{}}
	if ct != "" {
		resp.Header.Set("Content-Type", ct)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		resp.Header.Set(hdr[i], hdr[i+1])
	}
	return resp
}

func TestTheWordsOfEachFailedAnswer(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"empty body", decodeError("GET", "/2.0/x/", answer(502, "text/plain"), []byte("  \n")),
			"GET /2.0/x/: HTTP 502 with an empty body"},
		{"geo-blocked", decodeError("GET", "/2.0/x/", answer(403, "text/html; charset=utf-8"), []byte("<html>no</html>")),
			"GET /2.0/x/: HTTP 403 with a text/html; charset=utf-8 body instead of a JSON error (the service may be refusing this network)"},
		{"html, not 403", decodeError("GET", "/2.0/x/", answer(404, "text/html"), []byte("<html>no</html>")),
			"GET /2.0/x/: HTTP 404 with a text/html body instead of a JSON error"},
		{"403, not html", decodeError("GET", "/2.0/x/", answer(403, "text/plain"), []byte("denied")),
			"GET /2.0/x/: HTTP 403 with a text/plain body instead of a JSON error"},
		{"no content type", decodeError("GET", "/2.0/x/", answer(500, ""), []byte("oops")),
			"GET /2.0/x/: HTTP 500 with a no content type body instead of a JSON error"},
		{"message only", decodeError("GET", "/2.0/x/", answer(404, "application/json"), []byte(`{"error":{"code":404,"message":"Нет такой"}}`)),
			"GET /2.0/x/: HTTP 404: Нет такой"},
		{"nothing but the status", decodeError("GET", "/2.0/x/", answer(500, "application/json"), []byte(`{"error":{}}`)),
			"GET /2.0/x/: HTTP 500"},
		{"label and message", decodeError("GET", "/2.0/x/", answer(401, "application/json"), []byte(`{"error":{"code":401,"message":"Unauthorized","error":"invalid_token"}}`)),
			"GET /2.0/x/: HTTP 401 invalid_token: Unauthorized"},
		{"fields in order", decodeError("POST", "/2.0/x/", answer(422, "application/json"),
			[]byte(`{"error":{"code":422,"message":"Ошибка","errors":[{"zeta":["a"]},{"alpha":["c"]},{"zeta":"b"}]}}`)),
			"POST /2.0/x/: HTTP 422: Ошибка; alpha: c; zeta: a, b"},
		{"block reasons", decodeError("GET", "/2.0/x/", answer(403, "application/json"),
			[]byte(`{"error":{"code":403,"errors":[{"reason":"client_blocked"},{"reason":"user_blocked_by_other_user","user_name":"Пётр"}]}}`)),
			"GET /2.0/x/: HTTP 403; client_blocked; user_blocked_by_other_user by Пётр"},
		{"error without a code in a 200", errorInSuccess("POST", "/2.0/x/", answer(200, "application/json"), []byte(`{"error":{"message":"Папка не найдена"}}`)),
			"POST /2.0/x/: HTTP 200 with an error in its body: Папка не найдена"},
		{"error with a code in a 200", errorInSuccess("GET", "/2.0/x/", answer(200, "application/json"), []byte(`{"error":{"code":403,"message":"blocked"}}`)),
			"GET /2.0/x/: HTTP 200 carrying error 403: blocked"},
		{"redirect", &Error{Method: "GET", Path: "/2.0/x/", Status: 301, Location: "https://elsewhere.example/2.0/x/"},
			"GET /2.0/x/: HTTP 301 redirecting to https://elsewhere.example/2.0/x/; hrdesk follows no redirects (check --base-url)"},
		{"redirect nowhere", &Error{Method: "GET", Path: "/2.0/x/", Status: 302},
			"GET /2.0/x/: HTTP 302 redirecting to no address; hrdesk follows no redirects (check --base-url)"},
		{"no token", tokenResponse{}.check("POST", "/2.0/oauth2/password/"),
			"POST /2.0/oauth2/password/: the answer holds no access token"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

// A 2xx answer that is not what was asked for, through the client.
func TestTheWordsOfAnUnreadableSuccess(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2.0/user/current/", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = nil // no sniffed type either
		fmt.Fprint(w, `{"id":`)
	})
	mux.HandleFunc("GET /2.0/vacancies/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"total":3}`)
	})
	c, _ := setup(t, mux, func(cfg *Config) { cfg.MaxRetries = -1 })
	_, err := c.CurrentUser(context.Background())
	if want := "GET /2.0/user/current/: the answer was cut off or is not JSON (no content type)"; err == nil || err.Error() != want {
		t.Errorf("cut body: %v\nwant %s", err, want)
	}
	_, err = c.Vacancies(context.Background(), VacancySearch{})
	if want := "GET /2.0/vacancies/: the answer is not the list page asked for (no objects)"; err == nil || err.Error() != want {
		t.Errorf("not a page: %v\nwant %s", err, want)
	}
}

func TestAnErrorInsideSuccessIsReadOnlyWhenItIsOne(t *testing.T) {
	ok := answer(200, "application/json")
	for _, body := range []string{
		`{"status":false,"error":{"code":403}}`, // contacts (4.7): the caller reads both
		`{"error":null}`, `{"error":""}`, `{"error":{}}`, `{"error":[1]}`, `{"error":7}`, `[{"error":{"code":403}}]`, ``,
	} {
		if e := errorInSuccess("GET", "/2.0/x/", ok, []byte(body)); e != nil {
			t.Errorf("%s: read as an error: %v", body, e)
		}
	}
	// The code inside is the answer's meaning when it is an HTTP error
	// code, and only then.
	for code, want := range map[int]int{399: 200, 400: 400, 404: 404, 599: 599, 600: 200, 0: 200} {
		body := fmt.Sprintf(`{"error":{"code":%d,"message":"m"}}`, code)
		e := errorInSuccess("GET", "/2.0/x/", ok, []byte(body))
		if e == nil || e.Status != want || e.HTTPStatus != 200 || e.Code != code {
			t.Errorf("code %d in a 200: %+v; want status %d", code, e, want)
		}
	}
	// A bare label with its description, as after a code exchange.
	e := errorInSuccess("POST", "/2.0/oauth2/access_token/", ok, []byte(`{"error":"invalid_grant","error_description":"bad code"}`))
	if e == nil || e.OAuth != "invalid_grant" || e.Message != "bad code" || !IsNeedLogin(e) {
		t.Errorf("bare label: %+v", e)
	}
}

func TestTheHeaderLabelWinsOverTheBodys(t *testing.T) {
	e := decodeError("GET", "/2.0/x/", answer(404, "application/json", "X-Oauth-Error", "token_not_found"),
		[]byte(`{"error":{"code":404,"message":"no","error":"something_else"}}`))
	if e.OAuth != "token_not_found" {
		t.Errorf("label %q, want the header's token_not_found", e.OAuth)
	}
	// A single object of fields, not a list of them.
	e = decodeError("POST", "/2.0/x/", answer(422, "application/json"), []byte(`{"error":{"code":422,"errors":{"email":"bad"}}}`))
	if len(e.Fields["email"]) != 1 || e.Fields["email"][0] != "bad" {
		t.Errorf("single field object: %+v", e.Fields)
	}
}

func TestWhatEachFailureMeans(t *testing.T) {
	st := func(status int, oauth, msg string) error {
		return fmt.Errorf("wrapped: %w", &Error{Method: "GET", Path: "/2.0/x/", Status: status, OAuth: oauth, Message: msg})
	}
	checks := []struct {
		name string
		is   func(error) bool
		err  error
		want bool
	}{
		{"401 needs login", IsNeedLogin, st(401, "", ""), true},
		{"410 needs login", IsNeedLogin, st(410, "", ""), true},
		{"410 code_expired is not the session", IsNeedLogin, st(410, "code_expired", ""), false},
		{"token_not_found", IsNeedLogin, st(404, "token_not_found", ""), true},
		{"invalid_grant", IsNeedLogin, st(400, "invalid_grant", ""), true},
		{"403 is not login", IsNeedLogin, st(403, "", ""), false},
		{"plain error is not login", IsNeedLogin, errors.New("x"), false},
		{"refresh failed", IsNeedLogin, fmt.Errorf("x: %w", errRefreshFailed), true},
		{"429", IsRateLimited, st(429, "", ""), true},
		{"503", IsRateLimited, st(503, "", ""), true},
		{"500 is not a rate limit", IsRateLimited, st(500, "", ""), false},
		{"plain error is not a rate limit", IsRateLimited, errors.New("x"), false},
		{"404", IsNotFound, st(404, "", ""), true},
		{"404 about the token", IsNotFound, st(404, "token_not_found", ""), false},
		{"410 is not 404", IsNotFound, st(410, "", ""), false},
		{"422", IsValidation, st(422, "", ""), true},
		{"400 is not validation", IsValidation, st(400, "", ""), false},
		{"403 in Russian", IsBlocked, st(403, "", "Клиент-работодатель заблокирован администрацией"), true},
		{"403 in English", IsBlocked, st(403, "", "Employer BLOCKED"), true},
		{"403 for another reason", IsBlocked, st(403, "", "Доступ запрещён"), false},
		{"blocked, but not 403", IsBlocked, st(404, "", "blocked"), false},
		{"plain error is not blocked", IsBlocked, errors.New("blocked"), false},
	}
	for _, c := range checks {
		if got := c.is(c.err); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestOnlyADialFailureIsUnreachable(t *testing.T) {
	wrap := func(err error) error { return fmt.Errorf("GET /2.0/x/: %w: %w", ErrNoAnswer, err) }
	if !IsUnreachable(wrap(&net.OpError{Op: "dial", Err: errors.New("refused")})) {
		t.Error("a refused dial is not unreachable")
	}
	if !IsUnreachable(wrap(&net.DNSError{Err: "no such host", Name: "x"})) {
		t.Error("a DNS failure is not unreachable")
	}
	if IsUnreachable(wrap(&net.OpError{Op: "read", Err: errors.New("reset")})) {
		t.Error("a reset read is unreachable")
	}
	if IsUnreachable(&net.OpError{Op: "dial", Err: errors.New("refused")}) {
		t.Error("a dial error that is not the client's no-answer is unreachable")
	}
}

func TestTheWordsOfAContactsFailure(t *testing.T) {
	for _, c := range []struct {
		e    ContactsError
		want string
	}{
		{ContactsError{Code: 403, Label: "not_enough_money", Message: "m"}, "not enough money on the account to buy contacts"},
		{ContactsError{Code: 429, Message: "limit"}, "too many attempts to get contacts; try again later"},
		{ContactsError{Code: 403, Message: "x"}, "access to these contacts is denied"},
		{ContactsError{Code: 400, Label: "unheard_of", Message: "Резюме скрыто"}, "contacts: Резюме скрыто"},
		{ContactsError{Code: 400}, "contacts: failed with code 400"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}
