package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"hrdesk/config"
	"hrdesk/fakeapi"
	"hrdesk/internal/testkit/testwait"
)

// payload is what a hostile service hides in its text: a window title, a
// screen clear, a clipboard write (OSC 52), a C1 CSI, a bidi override and
// a bell. rawC1 is replaced after encoding by a bare 0x9b byte (not UTF-8).
const (
	payload = "\x1b]0;pwned\x07\x1b[2J\x1b]52;c;ZXZpbA==\x07\u009b31m\u202e\x07" + rawC1
	rawC1   = "@@RAW-C1@@"
)

// notText are the string fields that carry machine values the client parses
// (tokens, labels, dates, ids, links): hostile there would only break the
// run, not test the output. Every other string field is hostile.
var notText = map[string]bool{"access_token": true, "refresh_token": true, "token_type": true, "type": true,
	"error": true, "reason": true, "date": true, "id": true, "link": true, "short_link": true, "moderation_order": true}

// hostileAPI is the fake service behind a proxy that appends payload to
// every text field of every JSON answer, error messages included, answers
// chosen requests with a hand-written error, and records what the client sent.
type hostileAPI struct {
	fake http.Handler

	mu     sync.Mutex
	refuse func(r *http.Request) (status int, body string) // status 0: pass on
	sent   []url.Values                                    // the decoded form of every request
	// offline drops every connection unanswered, as a dead network does.
	// (The fake's own SetOffline cannot here: it answers through a
	// recorder, which cannot drop the connection, so it says 503, which
	// reads as a rate limit and is waited out for half a minute.)
	offline bool
}

func (h *hostileAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	form := url.Values{}
	for k, v := range r.URL.Query() {
		form[k] = v
	}
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct == "application/x-www-form-urlencoded" {
		if v, err := url.ParseQuery(string(body)); err == nil {
			for k, vs := range v {
				form[k] = append(form[k], vs...)
			}
		}
	} else if len(body) > 0 {
		form["(body)"] = []string{string(body)}
	}
	h.mu.Lock()
	h.sent = append(h.sent, form)
	refuse, offline := h.refuse, h.offline
	h.mu.Unlock()
	if offline {
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
			conn.Close()
		}
		return
	}
	if refuse != nil {
		if status, raw := refuse(r); status != 0 {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			io.WriteString(w, strings.ReplaceAll(raw, rawC1, "\x9b"))
			return
		}
	}
	rec := httptest.NewRecorder()
	h.fake.ServeHTTP(rec, r)
	out := rec.Body.Bytes()
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.UseNumber()
	var v any
	if len(out) > 0 && dec.Decode(&v) == nil {
		b, err := json.Marshal(poison("", v))
		if err != nil {
			panic(err)
		}
		out = bytes.ReplaceAll(b, []byte(rawC1), []byte("\x9b"))
	}
	for k, vs := range rec.Header() {
		w.Header()[k] = vs
	}
	w.Header().Del("Content-Length")
	if ut := w.Header().Get("X-User-Type"); ut != "" {
		// Printed by login when it is not an employer account. Go's client
		// refuses a header with ESC or BEL in it; C1 and bidi pass.
		w.Header().Set("X-User-Type", "reg_user\u009b31m\u202e\x9b")
	}
	w.WriteHeader(rec.Code)
	w.Write(out)
}

// poison appends payload to the text fields of a decoded JSON value; the
// field names of 422 errors (keys of the objects under "errors") too.
func poison(key string, v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, vv := range x {
			nk := k
			if key == "errors" && x["reason"] == nil {
				nk = k + payload
			}
			out[nk] = poison(k, vv)
		}
		return out
	case []any:
		for i := range x {
			x[i] = poison(key, x[i])
		}
		return x
	case string:
		if notText[key] {
			return x
		}
		return x + payload
	}
	return v
}

// hostileError is a hand-written error body (section 7) with escapes in the
// message and in a field's name and message.
const hostileError = `{"error":{"code":422,"message":"Ошибка\u001b]0;pwned\u0007\u001b[2J` + "\u009b" + `31m` + rawC1 + `",` +
	`"errors":[{"vacancies\u001b[31m":["bad\u001b]52;c;ZXZpbA==\u0007"]}]}}`

// controlIn finds the first byte or rune of s a terminal would act on:
// ESC, BEL, a C1 control (U+0080–U+009F, or a bare byte 0x80–0x9f outside
// UTF-8), or a bidi override; "" when there is none.
func controlIn(s string) string {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case size == 1 && s[i] >= 0x80 && s[i] <= 0x9f,
			r == 0x1b, r == 0x07, r >= 0x80 && r <= 0x9f, r == 0x202e:
			return s[i:min(len(s), i+24)]
		}
		i += size
	}
	return ""
}

// newHostileEnv is an environment whose service is the fake behind hostileAPI.
func newHostileEnv(t *testing.T) (*env, *hostileAPI) {
	e := newEnv(t)
	api := &hostileAPI{fake: e.srv}
	hs := httptest.NewServer(api)
	t.Cleanup(hs.Close)
	e.vars = append(e.vars, "HRDESK_BASE_URL="+hs.URL)
	return e, api
}

// hostileStep is one command line of the run.
type hostileStep struct {
	args   []string
	stdin  string
	before func()
	ctx    context.Context // nil: background
	want   string          // a text the output must hold (the run did reach the server's words)
}

// TestNoServerTextReachesTheTerminalRaw runs every command against a
// service that hides escape sequences in every text field and error
// message, and checks nothing on standard output or error could drive the
// terminal (issue 9 §3).
func TestNoServerTextReachesTheTerminalRaw(t *testing.T) {
	t.Parallel()
	e, api := newHostileEnv(t)

	ids := e.srv.OwnResumeIDs(0)
	if len(ids) < 12 {
		t.Fatalf("the fake has %d inbox resumes", len(ids))
	}
	id := func(i int) string { return strconv.FormatInt(ids[i], 10) }
	vacFile := filepath.Join(e.dir, "v.toml")
	os.WriteFile(vacFile, []byte("[[vacancy]]\nprofession = \"Курьер\"\n[[vacancy]]\npayment_from = -5\n"), 0o600)
	selFile := filepath.Join(e.dir, "s.toml")
	os.WriteFile(selFile, []byte("name = \"Повара\"\nperiod = 7\n"), 0o600)
	keys := filepath.Join(e.dir, "authorized_keys")
	writeKeys(t, keys, newRecruiter(t, "alice"))
	badSel := filepath.Join(e.dir, "bad.toml")
	os.WriteFile(badSel, []byte("name = \"x\"\nage_from = 60\nage_to = 20\n"), 0o600)
	refuse := func(f func(r *http.Request) (int, string)) func() {
		return func() { api.mu.Lock(); api.refuse = f; api.mu.Unlock() }
	}
	refuseVacancyWrites := refuse(func(r *http.Request) (int, string) {
		if strings.HasPrefix(r.URL.Path, "/2.0/vacancies/") && r.Method != http.MethodGet {
			return http.StatusUnprocessableEntity, hostileError
		}
		return 0, ""
	})
	refuseLater := refuse(func(r *http.Request) (int, string) {
		if strings.HasSuffix(r.URL.Path, "/later/") {
			return http.StatusInternalServerError, strings.Replace(hostileError, "422", "500", 1)
		}
		return 0, ""
	})
	refuseLogin := refuse(func(r *http.Request) (int, string) {
		if strings.HasSuffix(r.URL.Path, "/password/") {
			return http.StatusBadRequest, strings.Replace(hostileError, "422", "400", 1)
		}
		return 0, ""
	})
	setOffline := func(off bool) func() {
		return func() { api.mu.Lock(); api.offline = off; api.mu.Unlock() }
	}
	done, cancel := context.WithCancel(context.Background())
	cancel() // servers started by serve and demo-server stop at once

	steps := []hostileStep{
		{args: []string{"version"}},
		{args: []string{"login", "--login", fakeapi.DemoLogin, "--password-stdin"}, stdin: "wrong\n", want: "wrong login or password"},
		{args: []string{"login", "--login", fakeapi.DemoLogin, "--password-stdin"}, stdin: "wrong\n", before: refuseLogin, want: "wrong login or password"},
		{args: []string{"login", "--login", fakeapi.DemoLogin, "--password-stdin"}, stdin: fakeapi.DemoPassword + "\n", before: refuse(nil), want: "not an employer account (reg_user31m"},
		{args: []string{"whoami"}, want: "Анна Смирнова"},
		{args: []string{"sync"}, want: "synced"},
		{args: []string{"status"}, want: "inbox"},
		{args: []string{"search", "а"}, want: "matches"},
		{args: []string{"search", "--json", "а"}, want: "resume_id"},
		{args: []string{"report"}, want: "Total"},
		{args: []string{"report", "--json"}, want: "median_first_action_hours"},
		{args: []string{"report", "--csv"}, want: "vacancy_id"},
		{args: []string{"digest", "--since", "3660d"}, want: "Total"},
		{args: []string{"digest", "--since", "3660d", "--format", "html"}, want: "<table"},
		{args: []string{"templates"}, want: "invite"},
		{args: []string{"export", "--format", "json"}, want: `"resume"`},
		{args: []string{"export", "--format", "csv"}, want: "resume_id"},
		{args: []string{"vacancies", "list"}, want: "TITLE"},
		{args: []string{"vacancies", "list", "--json"}, want: "profession"},
		{args: []string{"vacancies", "archive", "46000002", "999", "--yes"}, want: "not archived"},
		{args: []string{"vacancies", "apply", vacFile}, want: "element 2: failed"},
		{args: []string{"vacancies", "archive", "46000003", "--yes"}, before: refuseVacancyWrites, want: "Ошибка"},
		{args: []string{"vacancies", "apply", vacFile}, want: "Ошибка"},
		{args: []string{"selections", "create", selFile}, before: refuse(nil), want: "created selection"},
		{args: []string{"selections", "create", badSel}},
		{args: []string{"selections", "list"}, want: "Повара"},
		{args: []string{"selections", "show", "1"}, want: "Повара"},
		{args: []string{"selections", "update", "1", selFile}, want: "updated selection"},
		{args: []string{"move", id(0), "considered"}, want: "queued action"},
		{args: []string{"move", id(1), "501"}, want: "sent"},
		{args: []string{"later", id(2)}, before: refuseLater, want: "not sent yet"},
		{args: []string{"comment", id(3), "hello\x1b]0;title\x07 there"}, before: refuse(nil), want: "hello there"},
		{args: []string{"invite", id(4), "--template", "1", "--subject", "s\x1b[2J", "--body", "b\x1b]52;c;eA==\x07"}, want: "sent"},
		{args: []string{"reject", id(5), "--template", "11"}, want: "sent"},
		{args: []string{"mail", id(6), "--template", "21"}, want: "sent"},
		{args: []string{"mail", id(7), "--template", "99"}, want: "refused"},
		{args: []string{"mail-to", id(8), "boss\x1b]0;x\x07@example.com"}, want: "sent: 1 accepted"},
		{args: []string{"outbox"}, want: "refused"},
		{args: []string{"outbox", "--all"}, want: "done"},
		// Action 8 is the refused letter, 10 the later queued offline.
		{args: []string{"outbox", "retry", "8"}, want: "retry done"},
		{args: []string{"outbox", "dismiss", "8"}, want: "dismiss done"},
		{args: []string{"later", id(9)}, before: setOffline(true), want: "not sent yet"},
		{args: []string{"outbox", "cancel", "10"}, before: setOffline(false), want: "cancel done"},
		{args: []string{"sync"}, before: func() { e.srv.Block("user_blocked_by_other_user") }, want: "blocked"},
		{args: []string{"selections", "delete", "1", "--yes"}, before: func() { e.srv.Block("") }, want: "deleted"},
		{args: []string{"logout"}, want: "Logged out"},
		{args: []string{"demo-server", "--print-credentials"}, want: "HRDESK_BASE_URL"},
		{args: []string{"demo-server", "--listen", "127.0.0.1:0", "--resumes", "5"}, ctx: done, want: "stopped"},
		{args: []string{"serve", "--listen", "127.0.0.1:0", "--authorized-keys", keys}, ctx: done, want: "serving on"},
	}

	// A new command must come with a step here, or this test fails.
	covered := map[string]bool{}
	for _, s := range steps {
		covered[s.args[0]] = true
	}
	for _, c := range commands() {
		if !covered[c.name] {
			t.Errorf("command %q is not run against the hostile service: add a step", c.name)
		}
	}

	for _, s := range steps {
		if s.before != nil {
			s.before()
		}
		ctx := s.ctx
		if ctx == nil {
			ctx = context.Background()
		}
		code, out, errs := runWithin(t, e, ctx, s.stdin, s.args...)
		name := fmt.Sprintf("%q", s.args)
		for stream, text := range map[string]string{"stdout": out, "stderr": errs} {
			if bad := controlIn(text); bad != "" {
				t.Errorf("%s (exit %d): %s carries %q", name, code, stream, bad)
			}
		}
		if s.want != "" && !strings.Contains(out+errs, s.want) {
			t.Errorf("%s (exit %d): want %q in %q %q", name, code, s.want, out, errs)
		}
	}
}

// runWithin is env.run with a context and a deadline.
func runWithin(t *testing.T, e *env, ctx context.Context, in string, args ...string) (int, string, string) {
	t.Helper()
	type result struct {
		code     int
		out, err string
	}
	ch := make(chan result, 1)
	go func() {
		var out, errb bytes.Buffer
		code := Run(ctx, args, Streams{In: strings.NewReader(in), Out: &out, Err: &errb}, config.EnvFromList(e.vars))
		ch <- result{code, out.String(), errb.String()}
	}()
	select {
	case r := <-ch:
		return r.code, r.out, r.err
	case <-time.After(testwait.Patience):
		t.Fatalf("%q did not finish in %v", args, testwait.Patience)
	}
	return 0, "", ""
}

// TestTypedTextIsCleanedBeforeSending: a comment or letter typed with
// escape sequences reaches the server without them (issue 9 §4). The
// workstation enqueues through the same store.Enqueue (see its test).
func TestTypedTextIsCleanedBeforeSending(t *testing.T) {
	t.Parallel()
	e, api := newHostileEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatalf("sync: %s", errs)
	}
	ids := e.srv.OwnResumeIDs(0)
	id := func(i int) string { return strconv.FormatInt(ids[i], 10) }
	const evil = "\x1b]0;title\x07\x1b[2J\u009b31m\u202e"
	runs := [][]string{
		{"comment", id(0), "hello" + evil, "there"},
		{"invite", id(1), "--template", "1", "--subject", "Встреча" + evil, "--body", "Ждём вас" + evil + "\nв 10:00"},
		{"mail-to", id(2), "boss" + evil + "@example.com", "--name", "Анна" + evil, "--from", "hr" + evil + "@example.com"},
	}
	api.mu.Lock()
	api.sent = nil
	api.mu.Unlock()
	for _, args := range runs {
		if code, out, errs := e.run("", args...); code != 0 || !strings.Contains(out, "sent: 1 accepted") {
			t.Errorf("%q: %d %q %q", args, code, out, errs)
		}
	}
	api.mu.Lock()
	defer api.mu.Unlock()
	for _, form := range api.sent {
		for k, vs := range form {
			for _, v := range vs {
				if bad := controlIn(v); bad != "" {
					t.Errorf("the server received %s=%q", k, v)
				}
			}
		}
	}
	if got := e.srv.CommentTexts(ids[0]); len(got) == 0 || got[len(got)-1] != "hello31m there" {
		t.Errorf("comment on the server: %q", got)
	}
	mails := e.srv.Mails()
	if len(mails) < 2 || mails[len(mails)-2].Subject != "Встреча31m" || mails[len(mails)-2].Body != "Ждём вас31m\nв 10:00" ||
		mails[len(mails)-1].To != "boss31m@example.com" {
		t.Errorf("letters on the server: %#v", mails)
	}
}
