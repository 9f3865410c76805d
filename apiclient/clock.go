package apiclient

import (
	"net/http"
	"time"
)

// A token's life is measured on this machine's clock (issue 26 §7). The
// service's ttl is an instant on the service's clock: where the two
// clocks differ by more than the token's life (a VM whose clock drifted,
// a service answering an old ttl) every token looked expired the moment
// it arrived, and was renewed before every request.

// clockSkewNotice is how far the clocks may differ before the user is
// told: the Date header has whole seconds, and an answer takes some.
const clockSkewNotice = time.Minute

// maxExpiresIn bounds a lifetime read from an answer (a Duration
// overflows past 292 years; no token lives a century).
const maxExpiresIn = 100 * 365 * 24 * time.Hour

// minLife is the shortest life a new token's expiry is believed for. A
// token due for renewal as it arrives says the expiry is wrong (a ttl in
// the past, a lifetime of seconds), not the token: renewed ahead, each
// new pair would be renewed again before every request. Such a token has
// no known expiry, and the service's refusal (410) decides when to renew
// it — in every process of the profile, since the token file keeps it so.
const minLife = 2 * refreshSkew

// tokenOf is the pair of a token answer that arrived at arrived with
// header hdr. Its expiry is arrived plus expires_in, as OAuth intends;
// without expires_in it is ttl, moved by how far the service's clock (its
// Date header) is from this machine's.
func tokenOf(tr tokenResponse, hdr http.Header, arrived time.Time) Token {
	tok := Token{AccessToken: tr.AccessToken, RefreshToken: tr.RefreshToken, TokenType: tr.TokenType}
	switch ttl := tr.TTL.Time(); {
	case tr.ExpiresIn > 0:
		tok.ExpiresIn = time.Duration(min(int64(tr.ExpiresIn), int64(maxExpiresIn/time.Second))) * time.Second
		tok.Expires = arrived.Add(tok.ExpiresIn)
	case ttl.IsZero():
		return tok
	default:
		tok.Expires = ttl
		if served, ok := serviceTime(hdr); ok {
			tok.ExpiresIn = ttl.Sub(served)
			tok.Expires = arrived.Add(tok.ExpiresIn)
		}
	}
	if tok.Expires.Before(arrived.Add(minLife)) {
		tok.Expires = time.Time{}
	}
	return tok
}

// serviceTime is the service's clock as its answer's Date header gives it.
func serviceTime(hdr http.Header) (time.Time, bool) {
	if hdr == nil {
		return time.Time{}, false
	}
	t, err := http.ParseTime(hdr.Get("Date"))
	return t, err == nil
}

// noteClock compares the service's clock (an answer's Date header) with
// this machine's and tells Config.OnClockSkew once when they differ by
// more than clockSkewNotice.
func (c *Client) noteClock(hdr http.Header) {
	if c.cfg.OnClockSkew == nil || c.skewTold.Load() {
		return
	}
	served, ok := serviceTime(hdr)
	if !ok {
		return
	}
	ahead := c.cfg.Now().Sub(served)
	if ahead.Abs() <= clockSkewNotice || !c.skewTold.CompareAndSwap(false, true) {
		return
	}
	c.cfg.OnClockSkew(ahead)
}
