package apiclient

import (
	"encoding/base64"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Text the service sends back is shown, logged and kept in the outbox. A
// service (or a proxy before it) that echoes the request — "Bearer v3.r…",
// "password=…", the app secret — would put those secrets on screen, in
// --request-log and in the cache: every secret the client knows is cut
// from it first, in every shape it can come back in (issue 26 §3): the
// form and query encoding hrdesk sends it in ("pass%40word", "two+words"),
// any other percent-encoding of it, JSON string escapes ("\/", "\u0040"),
// and base64 (a basic Authorization header).

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
// secret the form or query carries (a password, a code, a refresh token),
// and the basic-auth credentials they would make (id:secret, login:password).
func (c *Client) secretsOf(r request, access string) []string {
	tok := c.Token()
	out := []string{c.cfg.Secret, access, tok.AccessToken, tok.RefreshToken,
		basicCredentials(strconv.Itoa(c.cfg.ClientID), c.cfg.Secret)}
	for _, v := range []map[string][]string{r.form, r.query} {
		for k, vs := range v {
			if secretParams[k] {
				out = append(out, vs...)
			}
		}
	}
	if pw := r.form["password"]; len(pw) > 0 && len(r.form["login"]) > 0 {
		out = append(out, basicCredentials(r.form["login"][0], pw[0]))
	}
	return out
}

// basicCredentials is what a basic Authorization header would carry for
// user and password, in base64 with padding ("" without a password: the
// id alone is no secret). Its unpadded and URL forms are added by
// secretPattern.
func basicCredentials(user, password string) string {
	if len(password) < minSecret {
		return ""
	}
	return base64.StdEncoding.EncodeToString([]byte(user + ":" + password))
}

// scrubText cuts every secret in secrets, and anything shaped like a
// token, out of s.
func scrubText(s string, secrets []string) string {
	return newScrubber(secrets).clean(s)
}

// scrubber cuts a set of secrets out of text.
type scrubber struct {
	re    *regexp.Regexp
	plain []string // when re could not be built
}

func newScrubber(secrets []string) scrubber {
	var alts []string
	for _, sec := range secrets {
		if len(sec) >= minSecret {
			alts = append(alts, secretPattern(sec))
		}
	}
	if len(alts) == 0 {
		return scrubber{}
	}
	// Longer patterns first: at one position the longest shape of a secret
	// wins, so none of it is left beside the mark.
	slices.SortStableFunc(alts, func(a, b string) int { return len(b) - len(a) })
	re, err := regexp.Compile(strings.Join(alts, "|"))
	if err != nil {
		// Not expected (every part is quoted); the plain secrets still go.
		return scrubber{plain: secrets}
	}
	return scrubber{re: re}
}

func (sc scrubber) clean(s string) string {
	if s == "" {
		return s
	}
	if sc.re != nil {
		s = sc.re.ReplaceAllLiteralString(s, redacted)
	}
	for _, sec := range sc.plain {
		if len(sec) >= minSecret {
			s = strings.ReplaceAll(s, sec, redacted)
		}
	}
	return tokenShape.ReplaceAllString(s, redacted)
}

// secretPattern matches sec as it is and in every encoding a request or an
// echo of it may give it: each character as itself or escaped (any mix),
// or the whole in base64.
func secretPattern(sec string) string {
	var b strings.Builder
	b.WriteString("(?:")
	for i := 0; i < len(sec); {
		r, n := utf8.DecodeRuneInString(sec[i:])
		b.WriteString(charPattern(r, sec[i:i+n]))
		i += n
	}
	b.WriteString(")")
	raw := []byte(sec)
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
		b.WriteString("|" + regexp.QuoteMeta(enc.EncodeToString(raw)))
	}
	if dec, err := base64.StdEncoding.DecodeString(sec); err == nil && len(dec) > 0 && strings.HasSuffix(sec, "=") {
		// A padded base64 secret (basic credentials) also shows unpadded.
		b.WriteString("|" + regexp.QuoteMeta(strings.TrimRight(sec, "=")))
	}
	return b.String()
}

// jsonShort are the characters JSON escapes with a letter.
var jsonShort = map[rune]string{'"': `\"`, '\\': `\\`, '/': `\/`, '\n': `\n`, '\r': `\r`, '\t': `\t`, '\b': `\b`, '\f': `\f`}

// charPattern matches one character of a secret: itself; percent-encoded
// (form, query, path: any case, and encoded twice); "+" for a space (form);
// JSON's letter escape and \uXXXX (a surrogate pair beyond the BMP, as
// PHP's json_encode writes).
// raw is the character's bytes in the secret (one invalid byte stays itself).
func charPattern(r rune, raw string) string {
	alts := []string{regexp.QuoteMeta(raw)}
	if !utf8.ValidString(raw) {
		// A pattern cannot name an invalid byte; the text reads it as U+FFFD.
		alts[0] = `\x{FFFD}`
	}
	var pct strings.Builder
	for _, c := range []byte(raw) {
		fmt.Fprintf(&pct, "%%(?:25)?%02X", c)
	}
	alts = append(alts, "(?i:"+pct.String()+")")
	if r == ' ' {
		alts = append(alts, `\+`)
	}
	if e, ok := jsonShort[r]; ok {
		alts = append(alts, regexp.QuoteMeta(e))
	}
	var u strings.Builder
	if r1, r2 := utf16.EncodeRune(r); r1 != utf8.RuneError {
		fmt.Fprintf(&u, `\\u%04X\\u%04X`, r1, r2)
	} else {
		fmt.Fprintf(&u, `\\u%04X`, r)
	}
	alts = append(alts, "(?i:"+u.String()+")")
	return "(?:" + strings.Join(alts, "|") + ")"
}

// scrub cleans every text of e that came from the service.
func (c *Client) scrub(e *Error, r request, access string) {
	sc := newScrubber(c.secretsOf(r, access))
	e.Message = sc.clean(e.Message)
	e.OAuth = sc.clean(e.OAuth)
	e.Location = sc.clean(e.Location)
	for k, msgs := range e.Fields {
		for i := range msgs {
			msgs[i] = sc.clean(msgs[i])
		}
		if clean := sc.clean(k); clean != k {
			delete(e.Fields, k)
			e.Fields[clean] = msgs
		}
	}
	for i := range e.Blocks {
		b := &e.Blocks[i]
		b.Reason, b.ReasonText, b.UserName = sc.clean(b.Reason), sc.clean(b.ReasonText), sc.clean(b.UserName)
	}
}
