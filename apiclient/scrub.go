package apiclient

import (
	"regexp"
	"strings"
)

// Text the service sends back is shown, logged and kept in the outbox. A
// service (or a proxy before it) that echoes the request — "Bearer v3.r…",
// "password=…", the app secret — would put those secrets on screen, in
// --request-log and in the cache: every secret the client knows is cut
// from it first.

// redacted replaces a secret in server text.
const redacted = "[redacted]"

// minSecret is the shortest value scrubbed by its text: a shorter one
// would cut ordinary words and numbers out of messages, and no password
// the service accepts is that short.
const minSecret = 4

// tokenShape is the form of the service's keys and tokens (real-world
// notes): scrubbed even when the client never held them (another
// process's pair).
var tokenShape = regexp.MustCompile(`v3\.[a-z]\.[0-9]+\.[0-9a-fA-F]{16,}(\.[0-9a-fA-F]{16,})?`)

// secretsOf lists the secrets of one request: the app secret, the pair
// the client holds, the access token it was sent with, and whatever
// secret the form or query carries (a password, a code, a refresh token).
func (c *Client) secretsOf(r request, access string) []string {
	tok := c.Token()
	out := []string{c.cfg.Secret, access, tok.AccessToken, tok.RefreshToken}
	for _, v := range []map[string][]string{r.form, r.query} {
		for k, vs := range v {
			if secretParams[k] {
				out = append(out, vs...)
			}
		}
	}
	return out
}

// scrubText cuts every secret in secrets, and anything shaped like a
// token, out of s.
func scrubText(s string, secrets []string) string {
	if s == "" {
		return s
	}
	for _, sec := range secrets {
		if len(sec) >= minSecret && strings.Contains(s, sec) {
			s = strings.ReplaceAll(s, sec, redacted)
		}
	}
	return tokenShape.ReplaceAllString(s, redacted)
}

// scrub cleans every text of e that came from the service.
func (c *Client) scrub(e *Error, r request, access string) {
	secrets := c.secretsOf(r, access)
	e.Message = scrubText(e.Message, secrets)
	e.OAuth = scrubText(e.OAuth, secrets)
	e.Location = scrubText(e.Location, secrets)
	for k, msgs := range e.Fields {
		for i := range msgs {
			msgs[i] = scrubText(msgs[i], secrets)
		}
		if clean := scrubText(k, secrets); clean != k {
			delete(e.Fields, k)
			e.Fields[clean] = msgs
		}
	}
	for i := range e.Blocks {
		b := &e.Blocks[i]
		b.Reason, b.ReasonText, b.UserName = scrubText(b.Reason, secrets), scrubText(b.ReasonText, secrets), scrubText(b.UserName, secrets)
	}
}
