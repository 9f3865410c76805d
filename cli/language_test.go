package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// setConfig adds lines to the test user's config.toml.
func (e *env) setConfig(lines string) {
	e.t.Helper()
	path := filepath.Join(e.dir, "cfg", "hrdesk", "config.toml")
	old, err := os.ReadFile(path)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := os.WriteFile(path, append(old, []byte(lines+"\n")...), 0o600); err != nil {
		e.t.Fatal(err)
	}
}

// withVars is e with more environment variables (a later one wins).
func (e *env) withVars(vars ...string) *env {
	c := *e
	c.vars = append(append([]string{}, e.vars...), vars...)
	return &c
}

// Commands speak the profile's language (issue 28 §6) by the
// workstation's rule: config.toml's language, or the locale; messages,
// tables and errors alike, a mistake on the command line too.
func TestCommandsSpeakTheProfilesLanguage(t *testing.T) {
	e := newEnv(t)
	e.setConfig(`language = "ru"`)
	for _, tc := range []struct {
		args     []string
		code     int
		out, err []string
	}{
		{args: []string{"search"}, code: 2, err: []string{"для поиска нужны слова", "Справка: 'hrdesk --help'."}},
		{args: []string{"statsu"}, code: 2, err: []string{"неизвестная команда", "может быть, status?"}},
		{args: []string{"move", "abc", "inbox"}, code: 2, err: []string{"не номер резюме"}},
		{args: []string{"outbox"}, out: []string{"Исходящие пусты"}},
		{args: []string{"outbox", "retry", "99"}, code: 1, err: []string{"действия 99 нет"}},
		{args: []string{"status"}, out: []string{"ПАПКА", "синхронизация: ещё не было"}},
		{args: []string{"search", "zzzzqqq"}, out: []string{"В кэше ничего не нашлось."}},
		{args: []string{"whoami"}, code: 1, err: []string{"выполните `hrdesk login`"}},
	} {
		code, out, errs := e.run("", tc.args...)
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d (%s)", tc.args, code, tc.code, errs)
		}
		for _, want := range tc.out {
			if !strings.Contains(out, want) {
				t.Errorf("%v: no %q on standard output:\n%s", tc.args, want, out)
			}
		}
		for _, want := range tc.err {
			if !strings.Contains(errs, want) {
				t.Errorf("%v: no %q on standard error:\n%s", tc.args, want, errs)
			}
		}
	}
	e.login()
	e.srv.SetOffline(true)
	if code, _, errs := e.run("", "whoami"); code != 1 || !strings.Contains(errs, "нет связи с") {
		t.Errorf("whoami offline: %d %s", code, errs)
	}
}

// The locale decides when config.toml does not, and config.toml beats it,
// as in the workstation.
func TestCommandsFollowTheLocale(t *testing.T) {
	e := newEnv(t)
	ru := e.withVars("LANG=ru_RU.UTF-8")
	if _, _, errs := ru.run("", "search"); !strings.Contains(errs, "для поиска нужны слова") {
		t.Errorf("LANG=ru_RU.UTF-8: %s", errs)
	}
	if _, _, errs := ru.run("", "--language", "en", "search"); !strings.Contains(errs, "search needs words") {
		t.Errorf("--language en beside LANG=ru_RU.UTF-8: %s", errs)
	}
	e.setConfig(`language = "en"`)
	if _, _, errs := ru.run("", "search"); !strings.Contains(errs, "search needs words") {
		t.Errorf(`language = "en" beside LANG=ru_RU.UTF-8: %s`, errs)
	}
}

// --json is for scripts: the same bytes whatever the language.
func TestJSONIsTheSameInEveryLanguage(t *testing.T) {
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	// One action of each state a script meets: queued (offline), so the
	// outbox lists something.
	e.srv.SetOffline(true)
	code, out, errs := e.run("", "search", "--json", "--limit", "1", "а")
	var first struct {
		Hits []struct {
			ResumeID int64 `json:"resume_id"`
		} `json:"hits"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &first) != nil || len(first.Hits) == 0 {
		t.Fatalf("search: %d %s %s", code, out, errs)
	}
	id := first.Hits[0].ResumeID
	if code, _, errs := e.run("", "move", strconv.FormatInt(id, 10), "considered"); code != 0 {
		t.Fatalf("move offline: %s", errs)
	}
	e.srv.SetOffline(false)
	// Both languages' runs read one clock: a report's period ends now, and
	// two runs a second apart would differ by that second.
	at := time.Now()
	e.now = func() time.Time { return at }
	for _, args := range [][]string{
		{"status", "--json"},
		{"search", "--json", "--limit", "5000", "а"},
		{"report", "--json"},
		{"export"},
		{"outbox", "list", "--json", "--all"},
		{"templates", "--json"},
		{"vacancies", "list", "--json"},
		{"whoami", "--json"},
	} {
		_, en, enErr := e.run("", append([]string{"--language", "en"}, args...)...)
		_, ru, ruErr := e.run("", append([]string{"--language", "ru"}, args...)...)
		if en == "" || !json.Valid([]byte(en)) {
			t.Errorf("%v: not JSON: %q %s", args, en, enErr)
			continue
		}
		if args[0] == "status" {
			en, ru = withoutRequests(t, en), withoutRequests(t, ru)
		}
		if !bytes.Equal([]byte(en), []byte(ru)) {
			t.Errorf("%v: the JSON differs between languages:\nen: %s\nru: %s\n%s", args, en, ru, ruErr)
		}
	}
}

// withoutRequests drops status's count of requests in the last minute,
// which the clock moves between two runs.
func withoutRequests(t *testing.T, s string) string {
	var v map[string]any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	delete(v, "requests")
	b, _ := json.Marshal(v)
	return string(b)
}
