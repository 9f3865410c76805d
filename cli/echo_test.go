package cli

import (
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"hrdesk/fakeapi"
	"hrdesk/tokenfile"
)

// Issue 18 §5: a service whose error text repeats the request — the bearer
// token, the app secret, the password being sent — must not get them on
// screen, into --request-log, or into the cache's outbox messages.
func TestSecretsEchoedByTheServiceGoNowhere(t *testing.T) {
	t.Parallel()
	e, api := newHostileEnv(t)
	echo := func(r *http.Request) (int, string) {
		api.mu.Lock()
		body := url.Values{}
		for k, v := range api.sent[len(api.sent)-1] {
			body[k] = v
		}
		api.mu.Unlock()
		msg := fmt.Sprintf("Неверный запрос: Authorization: %s; X-Api-App-Id: %s; %s",
			r.Header.Get("Authorization"), r.Header.Get("X-Api-App-Id"), body.Encode())
		return http.StatusBadRequest, fmt.Sprintf(`{"error":{"code":400,"message":%s}}`, strconv.Quote(msg))
	}
	api.mu.Lock()
	api.refuse = func(r *http.Request) (int, string) {
		if strings.HasSuffix(r.URL.Path, "/password/") {
			return echo(r)
		}
		return 0, ""
	}
	api.mu.Unlock()
	log := filepath.Join(e.dir, "requests.log")
	var printed strings.Builder
	run := func(in string, args ...string) {
		code, out, errs := e.run(in, append([]string{"--request-log", log}, args...)...)
		fmt.Fprintf(&printed, "%d %s %s\n", code, out, errs)
	}
	run(fakeapi.DemoPassword+"\n", "login", "--login", fakeapi.DemoLogin, "--password-stdin")
	if !strings.Contains(printed.String(), "Неверный запрос") {
		t.Fatalf("the login's refusal was not shown: %s", printed.String())
	}
	api.mu.Lock()
	api.refuse = nil
	api.mu.Unlock()
	e.login()
	run("", "sync")
	tok, err := tokenfile.Load(filepath.Join(e.dir, "data", "token.json"))
	if err != nil {
		t.Fatal(err)
	}
	api.mu.Lock()
	api.refuse = func(r *http.Request) (int, string) {
		if strings.HasSuffix(r.URL.Path, "/move/") {
			return echo(r)
		}
		return 0, ""
	}
	api.mu.Unlock()
	run("", "move", strconv.FormatInt(e.srv.OwnResumeIDs(0)[0], 10), "considered")
	run("", "outbox", "--all")
	if !strings.Contains(printed.String(), "Неверный запрос") {
		t.Fatalf("the move's refusal was not shown: %s", printed.String())
	}

	secrets := map[string]string{"app secret": fakeapi.DemoSecret, "password": fakeapi.DemoPassword,
		"access token": tok.AccessToken, "refresh token": tok.RefreshToken}
	places := map[string]string{"the output": printed.String()}
	if b, err := os.ReadFile(log); err == nil {
		places["--request-log"] = string(b)
	} else {
		t.Fatal(err)
	}
	// Every file of the data directory but the token's own: the cache, its
	// WAL, the request record.
	filepath.WalkDir(filepath.Join(e.dir, "data"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() != "token.json" {
			b, _ := os.ReadFile(path)
			places[filepath.Base(path)] = string(b)
		}
		return nil
	})
	for place, text := range places {
		for name, secret := range secrets {
			if strings.Contains(text, secret) {
				t.Errorf("the %s reached %s", name, place)
			}
		}
	}
}
