package apiclient

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strings"
	"time"
)

// Error is an answer of the service that is not a success (section 7), or an
// answer that could not be read at all (an HTML page from a proxy, a
// truncated body). Its text never holds a token or the app secret.
type Error struct {
	Method, Path string
	// Status is what the answer means: the HTTP status, or for an error
	// sent inside a 2xx body its error.code (the real service does that to
	// blocked employers, and its own client fails on any error.message).
	Status int
	// HTTPStatus is the status the answer came with when it differs from
	// Status (an error inside a 2xx body); 0 otherwise.
	HTTPStatus int
	Code       int    // error.code, equal to the status on well-formed errors
	Message    string // error.message, flattened when it was an object or array
	// OAuth is the authentication label (section 7, extension 1): invalid_token,
	// token_not_found, code_expired, invalid_grant…, from the body or X-Oauth-Error.
	OAuth string
	// Fields are the 422 validation errors: field name → messages.
	Fields map[string][]string
	// Blocks are the 403 reasons of a blocked employer (extension 4).
	Blocks []BlockReason
	// RetryAfter is the service's Retry-After on a 429 or 503, 0 when none.
	RetryAfter time.Duration
	// Location is where a refused redirect pointed: scheme, host and path
	// only (a query may repeat what was sent).
	Location string
	// ContentType is set when the body was not JSON or not readable.
	ContentType string
	// Unreadable is true when the body was not the JSON the contract promises.
	Unreadable bool
	empty      bool // the unreadable body was empty
	notList    bool // the 2xx body was JSON, but not the list page asked for
	noToken    bool // a token answer without an access token
}

// BlockReason says why an employer is blocked.
type BlockReason struct {
	Reason     string `json:"reason"` // client_blocked, user_blocked_by_admin, user_blocked_by_other_user
	ReasonText string `json:"reason_text"`
	UserName   string `json:"user_name"`
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: ", e.Method, e.Path)
	switch {
	case e.Unreadable && e.noToken:
		b.WriteString("the answer holds no access token")
	case e.Unreadable && e.notList:
		b.WriteString("the answer is not the list page asked for (no objects)")
	case e.Unreadable && e.Status >= 200 && e.Status < 300:
		fmt.Fprintf(&b, "the answer was cut off or is not JSON (%s)", orUnknown(e.ContentType))
	case e.Unreadable && e.empty:
		fmt.Fprintf(&b, "HTTP %d with an empty body", e.Status)
	case e.Unreadable:
		fmt.Fprintf(&b, "HTTP %d with a %s body instead of a JSON error", e.Status, orUnknown(e.ContentType))
		if strings.Contains(e.ContentType, "html") && e.Status == http.StatusForbidden {
			b.WriteString(" (the service may be refusing this network)")
		}
	case e.HTTPStatus != 0 && e.Code == 0:
		fmt.Fprintf(&b, "HTTP %d with an error in its body", e.HTTPStatus)
		e.writeDetails(&b)
	case e.HTTPStatus != 0:
		fmt.Fprintf(&b, "HTTP %d carrying error %d", e.HTTPStatus, e.Code)
		e.writeDetails(&b)
	case e.Status >= 300 && e.Status < 400:
		where := e.Location
		if where == "" {
			where = "no address"
		}
		fmt.Fprintf(&b, "HTTP %d redirecting to %s; hrdesk follows no redirects (check --base-url)", e.Status, where)
	default:
		fmt.Fprintf(&b, "HTTP %d", e.Status)
		e.writeDetails(&b)
	}
	return b.String()
}

// writeDetails adds the error's label, message, fields and block reasons.
func (e *Error) writeDetails(b *strings.Builder) {
	if e.OAuth != "" {
		fmt.Fprintf(b, " %s", e.OAuth)
	}
	if e.Message != "" {
		fmt.Fprintf(b, ": %s", e.Message)
	}
	for _, f := range sortedKeys(e.Fields) {
		fmt.Fprintf(b, "; %s: %s", f, strings.Join(e.Fields[f], ", "))
	}
	for _, r := range e.Blocks {
		fmt.Fprintf(b, "; %s", r.Reason)
		if r.UserName != "" {
			fmt.Fprintf(b, " by %s", r.UserName)
		}
	}
}

func orUnknown(ct string) string {
	if ct == "" {
		return "no content type"
	}
	return ct
}

// errorBody is section 7's error shape, read loosely.
type errorBody struct {
	Error json.RawMessage `json:"error"`
}

type errorObject struct {
	Code    FlexInt         `json:"code"`
	Message FlexString      `json:"message"`
	Label   FlexString      `json:"error"`
	Errors  json.RawMessage `json:"errors"`
}

// decodeError builds the Error of a non-2xx answer.
func decodeError(method, path string, resp *http.Response, body []byte) *Error {
	e := &Error{Method: method, Path: path, Status: resp.StatusCode, OAuth: resp.Header.Get("X-Oauth-Error")}
	// The body decides, not the Content-Type: PHP services often label JSON
	// errors text/html, while the edge's geo-block page (real-world notes)
	// is HTML that never parses as an object.
	trimmed := bytes.TrimSpace(body)
	var eb errorBody
	if len(trimmed) == 0 || trimmed[0] != '{' || json.Unmarshal(trimmed, &eb) != nil {
		e.Unreadable, e.ContentType, e.empty = true, resp.Header.Get("Content-Type"), len(trimmed) == 0
		return e
	}
	e.fill(eb.Error, trimmed)
	return e
}

// errorInSuccess finds the error a 2xx answer may carry instead of its
// result: a top-level `error` object (or label). The real service sends
// some refusals that way (a blocked employer's list comes back 200 with
// {"error":{"code":403,…}}), and read as a result it would be an empty
// page. The contacts answers of 4.7 are the contract's own exception: they
// carry `status` beside `error`, and their callers read both.
func errorInSuccess(method, path string, resp *http.Response, body []byte) *Error {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return nil
	}
	var top struct {
		Error  json.RawMessage `json:"error"`
		Status json.RawMessage `json:"status"`
	}
	if json.Unmarshal(trimmed, &top) != nil || top.Status != nil {
		return nil
	}
	raw := bytes.TrimSpace(top.Error)
	if len(raw) == 0 || string(raw) == "null" || string(raw) == `""` || string(raw) == "{}" || raw[0] != '{' && raw[0] != '"' {
		return nil
	}
	e := &Error{Method: method, Path: path, Status: resp.StatusCode, HTTPStatus: resp.StatusCode, OAuth: resp.Header.Get("X-Oauth-Error")}
	e.fill(raw, trimmed)
	if e.Code >= 400 && e.Code < 600 {
		// Classified as the same body under its own status would be.
		e.Status = e.Code
	}
	return e
}

// fill reads section 7's error object (or a bare label) into e.
func (e *Error) fill(errField json.RawMessage, body []byte) {
	var obj errorObject
	switch {
	case len(errField) > 0 && errField[0] == '{':
		_ = json.Unmarshal(errField, &obj)
	case len(errField) > 0 && errField[0] == '"':
		// A top-level label, as some integrations saw after a code exchange.
		var label string
		_ = json.Unmarshal(errField, &label)
		obj.Label = FlexString(label)
		var top struct {
			Description FlexString `json:"error_description"`
		}
		_ = json.Unmarshal(body, &top)
		obj.Message = top.Description
	}
	e.Code, e.Message = int(obj.Code), string(obj.Message)
	if e.OAuth == "" {
		e.OAuth = string(obj.Label)
	}
	e.Fields, e.Blocks = decodeDetails(obj.Errors)
}

// decodeDetails reads `errors`: a list of {field: [messages]} for 422, or of
// block reasons for 403.
func decodeDetails(raw json.RawMessage) (map[string][]string, []BlockReason) {
	var items []map[string]json.RawMessage
	if len(raw) == 0 || json.Unmarshal(raw, &items) != nil {
		var single map[string]json.RawMessage
		if json.Unmarshal(raw, &single) != nil {
			return nil, nil
		}
		items = []map[string]json.RawMessage{single}
	}
	var fields map[string][]string
	var blocks []BlockReason
	for _, it := range items {
		if _, ok := it["reason"]; ok {
			var br BlockReason
			b, _ := json.Marshal(it)
			_ = json.Unmarshal(b, &br)
			blocks = append(blocks, br)
			continue
		}
		for k, v := range it {
			var msg FlexString
			_ = msg.UnmarshalJSON(v)
			if fields == nil {
				fields = map[string][]string{}
			}
			fields[k] = append(fields[k], string(msg))
		}
	}
	return fields, blocks
}

func sortedKeys(m map[string][]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// ErrNotLoggedIn is returned, without a request, by a method that needs a
// token when the client has none.
var ErrNotLoggedIn = errors.New("not logged in: run `hrdesk login`")

// ErrAmbiguous wraps the error of a request that was sent but got no usable
// answer: the server may or may not have acted on it.
var ErrAmbiguous = errors.New("the request was sent but no answer came back; it may or may not have been applied")

// ErrNoAnswer is wrapped by every failure that got no HTTP answer at all:
// refused connection, DNS failure, timeout, dropped connection.
var ErrNoAnswer = errors.New("no answer from the service")

// IsOffline reports a call that got no answer from the service (see
// ErrNoAnswer): the UI says "offline" and the sync engine tries later.
func IsOffline(err error) bool { return errors.Is(err, ErrNoAnswer) }

// IsUnreachable reports a call whose connection could not even be opened
// (refused, no route, DNS): the service or the network is down, and
// trying again at once will not help. A connection cut after the request
// went out is IsOffline but not IsUnreachable.
func IsUnreachable(err error) bool {
	var oe *net.OpError
	var de *net.DNSError
	return IsOffline(err) && (errors.As(err, &oe) && oe.Op == "dial" || errors.As(err, &de))
}

// asError finds an *Error in err's chain.
func asError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// IsNeedLogin reports whether the user must log in again: no token, a
// malformed or unknown token (401, 404), or an expired one that could not
// be refreshed.
func IsNeedLogin(err error) bool {
	if errors.Is(err, ErrNotLoggedIn) || errors.Is(err, errRefreshFailed) {
		return true
	}
	e, ok := asError(err)
	if !ok {
		return false
	}
	switch e.OAuth {
	case "invalid_token", "token_not_found", "invalid_grant":
		return true
	}
	// A 410 is an expired session whatever its body says (the real
	// service's carries only a message), once renewing it has failed.
	return e.Status == http.StatusUnauthorized || e.Status == http.StatusGone && e.OAuth != "code_expired"
}

// IsRateLimited reports a 429 or 503 answer (section 7, extension 6) that
// outlasted the retries.
func IsRateLimited(err error) bool {
	e, ok := asError(err)
	return ok && (e.Status == http.StatusTooManyRequests || e.Status == http.StatusServiceUnavailable)
}

// IsNotFound reports a 404 that is not about the token.
func IsNotFound(err error) bool {
	e, ok := asError(err)
	return ok && e.Status == http.StatusNotFound && e.OAuth == ""
}

// IsValidation reports a 422 answer; see Error.Fields.
func IsValidation(err error) bool {
	e, ok := asError(err)
	return ok && e.Status == http.StatusUnprocessableEntity
}

// IsBlocked reports a blocked employer: a 403 with block reasons
// (extension 4), or one whose message says so without them, as the real
// service's "Клиент-работодатель заблокирован администрацией" does.
func IsBlocked(err error) bool {
	e, ok := asError(err)
	if !ok || e.Status != http.StatusForbidden {
		return false
	}
	msg := strings.ToLower(e.Message)
	return len(e.Blocks) > 0 || strings.Contains(msg, "заблокирован") || strings.Contains(msg, "blocked")
}

// IsAmbiguous reports a non-idempotent request that may have been applied.
func IsAmbiguous(err error) bool { return errors.Is(err, ErrAmbiguous) }

// ContactsError is a buy or open failure that the service reports inside a
// successful answer (4.7): `status` false with an `error` object.
type ContactsError struct {
	ResumeID int64
	Op       string // "buy" or "open"
	Code     int
	Label    string // buy: access_denied, insufficient_rights, tariff_mismatch, not_enough_money, need_to_buy_first, resume_not_published
	Message  string
}

func (e *ContactsError) Error() string {
	if plain := contactsPlain[e.Label]; plain != "" {
		return plain
	}
	switch e.Code {
	case http.StatusTooManyRequests:
		return "too many attempts to get contacts; try again later"
	case http.StatusForbidden:
		return "access to these contacts is denied"
	}
	if e.Message != "" {
		return "contacts: " + e.Message
	}
	return fmt.Sprintf("contacts: failed with code %d", e.Code)
}

var contactsPlain = map[string]string{
	"access_denied":        "access to these contacts is denied",
	"insufficient_rights":  "your account has no right to buy contacts",
	"tariff_mismatch":      "your tariff does not allow buying these contacts",
	"not_enough_money":     "not enough money on the account to buy contacts",
	"need_to_buy_first":    "these contacts must be bought first",
	"resume_not_published": "the resume is not published, its contacts cannot be bought",
}
