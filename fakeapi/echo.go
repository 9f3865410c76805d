package fakeapi

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"unicode/utf16"
)

// Echo formats: how a service that repeats the request in its errors
// (issue 26 §3) writes it back. Real services and the proxies before
// them do each of these.
const (
	EchoForm      = "form"       // the query and body as received, form-encoded
	EchoFormLower = "form-lower" // re-encoded with lower-case hex ("%2f") and %20 for a space
	EchoPath      = "path"       // each value path-escaped (%20 for a space, "@" kept)
	EchoJSON      = "json"       // the values as a JSON object, Go's escaping ("\u0026")
	EchoPHP       = "php"        // as PHP's json_encode: "\/" and \uXXXX for everything not ASCII
	EchoBasic     = "basic"      // as basic Authorization headers: base64 of id:secret and login:password
	EchoHeaders   = "headers"    // X-Api-App-Id and Authorization as received
)

// EchoFormats are every echo format.
var EchoFormats = []string{EchoForm, EchoFormLower, EchoPath, EchoJSON, EchoPHP, EchoBasic, EchoHeaders}

// echo answers r with a 400 whose message repeats the request in format;
// false when the plan has no echo.
func (p *shapePlan) echo(w http.ResponseWriter, r *http.Request) bool {
	format := p.get().Echo
	if format == "" {
		return false
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	writeError(w, http.StatusBadRequest, "Неверный запрос: "+echoText(format, r, body), nil)
	return true
}

// echoText is the request r (its body already read) as format writes it.
func echoText(format string, r *http.Request, body []byte) string {
	vals, _ := url.ParseQuery(string(body))
	for k, vs := range r.URL.Query() {
		vals[k] = append(vals[k], vs...)
	}
	switch format {
	case EchoFormLower:
		return lowerForm(vals)
	case EchoPath:
		return eachValue(vals, url.PathEscape)
	case EchoJSON:
		b, _ := json.Marshal(flat(vals))
		return string(b)
	case EchoPHP:
		return phpJSON(flat(vals))
	case EchoBasic:
		b64 := base64.StdEncoding.EncodeToString
		return "Authorization: Basic " + b64([]byte(vals.Get("client_id")+":"+vals.Get("client_secret"))) +
			"; Authorization: Basic " + b64([]byte(vals.Get("login")+":"+vals.Get("password")))
	case EchoHeaders:
		return fmt.Sprintf("X-Api-App-Id: %s; Authorization: %s", r.Header.Get("X-Api-App-Id"), r.Header.Get("Authorization"))
	}
	return r.URL.RawQuery + " " + string(body)
}

func flat(v url.Values) map[string]string {
	out := make(map[string]string, len(v))
	for k := range v {
		out[k] = v.Get(k)
	}
	return out
}

func eachValue(v url.Values, esc func(string) string) string {
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, k+"="+esc(v.Get(k)))
	}
	return strings.Join(parts, "&")
}

func lowerForm(v url.Values) string {
	return eachValue(v, func(s string) string {
		var b strings.Builder
		for _, c := range []byte(s) {
			if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
				b.WriteByte(c)
				continue
			}
			fmt.Fprintf(&b, "%%%02x", c)
		}
		return b.String()
	})
}

// phpJSON writes m as PHP's json_encode does by default.
func phpJSON(m map[string]string) string {
	b, _ := json.Marshal(m)
	var out bytes.Buffer
	for _, r := range strings.ReplaceAll(string(b), "/", `\/`) {
		switch {
		case r < 0x80:
			out.WriteRune(r)
		case r > 0xFFFF:
			r1, r2 := utf16.EncodeRune(r)
			fmt.Fprintf(&out, `\u%04x\u%04x`, r1, r2)
		default:
			fmt.Fprintf(&out, `\u%04x`, r)
		}
	}
	return out.String()
}
