package fakeapi

import (
	"net/http"
	"strings"
	"sync"
)

// Shapes switch the fake to answers the real service gives beyond the
// contract's tables (../shared/api/real-world-notes.md, issue 18): what
// public clients record, which a client must survive.
type Shapes struct {
	// BlockedIn200After, when positive, answers every authorized request
	// after the first n (counted from SetShapes) with the blocked
	// employer's error inside a 200 body, as blocked employers are known
	// to get: {"error":{"code":403,"message":"Клиент-работодатель
	// заблокирован администрацией"}}.
	BlockedIn200After int
	// BareExpiry answers an expired access token the real service's way:
	// 410 with its message only, no invalid_token label, no X-Oauth-Error.
	BareExpiry bool
	// RedirectTo, when set, answers every request with a 307 to this
	// address followed by the request's path and query.
	RedirectTo string
	// WholeBatches answers the vacancy batches of 4.2 the way the contract
	// leaves open and real clients met: a batch holding an invalid element
	// is refused whole (the standard error of section 7, nothing applied),
	// and a create that goes through answers 201, a single element's as
	// the bare object {id}.
	WholeBatches bool
	// NullObjects answers the received lists with `{"objects": null}` and
	// the rest of the envelope, under 200 (issue 26 §4).
	NullObjects bool
	// EmptyLists answers the next n requests of the received lists with a
	// valid empty page, `{"objects":[],"total":0,"more":false}`, whatever
	// the service holds: one glitchy answer (n = 1) or a list the
	// recruiter really emptied (n large). Counted from SetShapes.
	EmptyLists int
	// Echo, when set (an Echo… format), answers every request with a 400
	// whose message repeats the request — its form, query, headers — in
	// that format, as services and proxies that echo the request do.
	Echo string
}

// BlockedMessage is the real service's text for a blocked employer.
const BlockedMessage = "Клиент-работодатель заблокирован администрацией"

// ExpiryMessage is the real service's text for an expired access token.
const ExpiryMessage = "Истек срок действия авторизационного токена. Срок действия токена — 31 день."

type shapePlan struct {
	mu      sync.Mutex
	s       Shapes
	authed  int // authorized requests since SetShapes
	emptied int // received lists answered empty since SetShapes
}

// SetShapes switches the answer shapes at run time.
func (s *Server) SetShapes(sh Shapes) {
	s.shapes.mu.Lock()
	s.shapes.s, s.shapes.authed, s.shapes.emptied = sh, 0, 0
	s.shapes.mu.Unlock()
}

func (p *shapePlan) get() Shapes {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.s
}

// redirect answers r with the configured redirect; false when there is none.
func (p *shapePlan) redirect(w http.ResponseWriter, r *http.Request) bool {
	to := p.get().RedirectTo
	if to == "" {
		return false
	}
	http.Redirect(w, r, strings.TrimRight(to, "/")+r.URL.RequestURI(), http.StatusTemporaryRedirect)
	return true
}

// blockedIn200 answers an authorized request with the error in a 200 body
// once the plan's count is reached; false when it lets the request through.
func (p *shapePlan) blockedIn200(w http.ResponseWriter) bool {
	p.mu.Lock()
	after := p.s.BlockedIn200After
	p.authed++
	n := p.authed
	p.mu.Unlock()
	if after <= 0 || n <= after {
		return false
	}
	writeJSON(w, http.StatusOK, map[string]any{"error": map[string]any{"code": http.StatusForbidden, "message": BlockedMessage}})
	return true
}

// expired answers an expired token, the contract's way or the real one's.
func (p *shapePlan) expired(w http.ResponseWriter) {
	if p.get().BareExpiry {
		writeError(w, http.StatusGone, ExpiryMessage, nil)
		return
	}
	writeOAuthError(w, http.StatusGone, "invalid_token", "Срок действия токена истёк (31 день); обновите его методом refresh_token")
}

// oddList answers a received list with the odd shape the plan asks for;
// false when the real page should go out.
func (p *shapePlan) oddList(w http.ResponseWriter, total int, more bool) bool {
	p.mu.Lock()
	sh := p.s
	empty := p.emptied < sh.EmptyLists
	if empty {
		p.emptied++
	}
	p.mu.Unlock()
	switch {
	case sh.NullObjects:
		writeJSON(w, http.StatusOK, map[string]any{"objects": nil, "total": total, "more": more})
	case empty:
		writeJSON(w, http.StatusOK, listEnvelope(nil, 0, false))
	default:
		return false
	}
	return true
}
