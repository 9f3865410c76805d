package apiclient_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf16"

	"hrdesk/apiclient"
	"hrdesk/fakeapi"
)

// Issue 26 §3: a secret with characters that encodings change ("@", a
// space, "+", "/", "%", "&", letters beyond ASCII, quotes) came back from
// a service that echoes the request in its error — form-encoded
// ("pass%40word", "two+words"), as JSON, in a basic header — and went to
// stderr and --request-log as it was. Every shape is cut.

// nastySecrets each stand for a password, an app secret and a token pair.
var nastySecrets = []string{"pass@word", "two words+plus", "a/b%c&d=e", "пароль ключ/ё", `q"uo\te<>&'x`, "emoji😀 x/y", "100%41+%2F"}

// shapesOf is every encoding a secret may come back in.
func shapesOf(s string) []string {
	goJSON, _ := json.Marshal(s)
	var plainJSON strings.Builder
	enc := json.NewEncoder(&plainJSON)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	lower := ""
	for _, c := range []byte(s) {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			lower += string(rune(c))
			continue
		}
		lower += fmt.Sprintf("%%%02x", c)
	}
	return []string{s, url.QueryEscape(s), url.PathEscape(s), lower, strings.Trim(string(goJSON), `"`),
		strings.Trim(strings.TrimSpace(plainJSON.String()), `"`), phpEscaped(s), base64.StdEncoding.EncodeToString([]byte(s)),
		url.QueryEscape(url.QueryEscape(s))}
}

// phpEscaped is s as PHP's json_encode writes it (without the quotes).
func phpEscaped(s string) string {
	b, _ := json.Marshal(s)
	var out strings.Builder
	for _, r := range strings.ReplaceAll(strings.Trim(string(b), `"`), "/", `\/`) {
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

func basic(user, pw string) string { return base64.StdEncoding.EncodeToString([]byte(user + ":" + pw)) }

func TestSecretsInEveryEncodingAreScrubbed(t *testing.T) {
	srv := fakeapi.New(fakeapi.Options{Seed: 3, Received: 5, RequestsPerMinute: -1})
	base, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	const login = "hr@example.com"
	for _, nasty := range nastySecrets {
		appSecret, password, access, refresh, code := nasty+"-app", nasty+"-pw", nasty+"-at", nasty+"-rt", nasty+"-code"
		var mu sync.Mutex
		var logged []string
		c, err := apiclient.New(apiclient.Config{BaseURL: base, ClientID: fakeapi.DemoClientID, Secret: appSecret, RequestsPerMinute: -1,
			MaxRetries: -1, Log: func(r apiclient.RequestLog) {
				mu.Lock()
				logged = append(logged, fmt.Sprintf("%+v", r))
				mu.Unlock()
			}})
		if err != nil {
			t.Fatal(err)
		}
		forbidden := map[string]string{"basic app": basic(strconv.Itoa(fakeapi.DemoClientID), appSecret), "basic login": basic(login, password)}
		for name, s := range map[string]string{"app secret": appSecret, "password": password, "access": access, "refresh": refresh, "code": code} {
			for i, shape := range shapesOf(s) {
				forbidden[fmt.Sprintf("%s shape %d", name, i)] = shape
			}
		}
		for _, format := range fakeapi.EchoFormats {
			srv.SetShapes(fakeapi.Shapes{Echo: format})
			mu.Lock()
			logged = nil
			mu.Unlock()
			var errs []error
			_, err := c.PasswordLogin(ctx, login, password, true)
			errs = append(errs, err)
			_, err = c.RefreshToken(ctx, refresh)
			errs = append(errs, err)
			_, err = c.ExchangeCode(ctx, code, "http://127.0.0.1/cb")
			errs = append(errs, err)
			c.SetToken(apiclient.Token{AccessToken: access, RefreshToken: refresh})
			_, err = c.CurrentUser(ctx)
			errs = append(errs, err)
			errs = append(errs, c.InvalidateToken(ctx))
			mu.Lock()
			texts := append([]string(nil), logged...)
			mu.Unlock()
			for _, err := range errs {
				if err == nil || !strings.Contains(err.Error(), "Неверный запрос") {
					t.Fatalf("%q, %s: %v; want the echoing 400", nasty, format, err)
				}
				texts = append(texts, err.Error())
			}
			for _, text := range texts {
				for name, shape := range forbidden {
					if strings.Contains(text, shape) {
						t.Errorf("%q echoed as %s: %s (%q) leaks in %q", nasty, format, name, shape, text)
					}
				}
			}
		}
	}
}

// TestTheFakeEchoesEachShape keeps the test above honest: each echo
// format really carries a secret in one of the shapes it looks for.
func TestTheFakeEchoesEachShape(t *testing.T) {
	srv := fakeapi.New(fakeapi.Options{Seed: 3, Received: 5, RequestsPerMinute: -1})
	base, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	const password, secret = "pass@word два/+&", "app secret/é"
	for _, format := range fakeapi.EchoFormats {
		srv.SetShapes(fakeapi.Shapes{Echo: format})
		form := url.Values{"login": {"hr"}, "password": {password}, "client_id": {"1000"}, "client_secret": {secret}}
		req, _ := http.NewRequest(http.MethodPost, base+"/2.0/oauth2/password/", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Api-App-Id", secret)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var eb struct {
			Error struct{ Message string } `json:"error"`
		}
		if err := json.Unmarshal(body, &eb); err != nil || resp.StatusCode != 400 {
			t.Fatalf("%s: %d %s", format, resp.StatusCode, body)
		}
		shapes := append(shapesOf(password), shapesOf(secret)...)
		shapes = append(shapes, basic("hr", password))
		found := ""
		for _, s := range shapes {
			if strings.Contains(eb.Error.Message, s) && s != password && s != secret || format == fakeapi.EchoHeaders && s == secret {
				found = s
			}
		}
		if found == "" {
			t.Errorf("%s: the echo %q holds no encoded shape of the secrets", format, eb.Error.Message)
		}
	}
}
