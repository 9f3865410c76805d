package cli

import (
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// jsonOutputs are the commands whose --json docs/JSON.md describes, each
// under a heading naming it.
var jsonOutputs = []struct {
	heading string
	args    []string
}{
	{"`hrdesk status --json`", []string{"status", "--json"}},
	{"`hrdesk whoami --json`", []string{"whoami", "--json"}},
	{"`hrdesk search --json`", []string{"search", "--json", "--limit", "5000", "а"}},
	{"`hrdesk export`", []string{"export"}},
	{"`hrdesk export --events`", []string{"export", "--events", "--with-contacts"}},
	{"`hrdesk report --json`", []string{"report", "--json"}},
	{"`hrdesk report --by recruiter --json`", []string{"report", "--by", "recruiter", "--json"}},
	{"`hrdesk vacancies list --json`", []string{"vacancies", "list", "--json"}},
	{"`hrdesk outbox list --json`", []string{"outbox", "list", "--json", "--all"}},
	{"`hrdesk templates --json`", []string{"templates", "--json"}},
}

// docRow is one key of docs/JSON.md: its path ("folders[].stale",
// "[].vacancy_id") and type; a type marked † is an object whose keys are
// the service's or ids, described in words and not listed one by one.
type docRow struct{ path, typ string }

// readJSONDocs reads docs/JSON.md's tables, by section heading.
func readJSONDocs(t *testing.T) map[string][]docRow {
	t.Helper()
	b, err := os.ReadFile("../docs/JSON.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("^\\| `([^`]+)` \\| ([^|]+) \\|")
	docs := map[string][]docRow{}
	section := ""
	for _, line := range strings.Split(string(b), "\n") {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			section = strings.TrimSpace(h)
			continue
		}
		if m := row.FindStringSubmatch(line); m != nil && section != "" {
			docs[section] = append(docs[section], docRow{path: m[1], typ: strings.TrimSpace(m[2])})
		}
	}
	return docs
}

// keyPaths collects the path of every key in v: an object's key after a
// dot, an array's elements as "[]".
func keyPaths(v any, prefix string, out map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			out[p] = true
			keyPaths(val, p, out)
		}
	case []any:
		for _, e := range x {
			keyPaths(e, prefix+"[]", out)
		}
	}
}

// docs/JSON.md and the --json output hold together (issue 28 §6): every
// key a command prints is documented with its type, and every documented
// key is printed, read on the fake service with every state a script
// meets (a queued action, a sync done, a login).
func TestJSONDocsMatchTheOutput(t *testing.T) {
	docs := readJSONDocs(t)
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	e.srv.SetOffline(true)
	_, out, _ := e.run("", "search", "--json", "--limit", "1", "а")
	var first struct {
		Hits []struct {
			ResumeID int64 `json:"resume_id"`
		} `json:"hits"`
	}
	if json.Unmarshal([]byte(out), &first) != nil || len(first.Hits) == 0 {
		t.Fatalf("search: %s", out)
	}
	if code, _, errs := e.run("", "move", strconv.FormatInt(first.Hits[0].ResumeID, 10), "considered"); code != 0 {
		t.Fatalf("move offline: %s", errs)
	}
	e.srv.SetOffline(false)
	for _, o := range jsonOutputs {
		rows, ok := docs[o.heading]
		if !ok || len(rows) == 0 {
			t.Errorf("docs/JSON.md has no section %s with its keys", o.heading)
			continue
		}
		code, out, errs := e.run("", o.args...)
		var v any
		if code != 0 || json.Unmarshal([]byte(out), &v) != nil {
			t.Errorf("%v: %d %s %s", o.args, code, out, errs)
			continue
		}
		printed := map[string]bool{}
		keyPaths(v, "", printed)
		documented := map[string]bool{}
		for _, r := range rows {
			documented[r.path] = true
			if !printed[r.path] {
				t.Errorf("%s: docs/JSON.md names %s, which the output does not have", o.heading, r.path)
			}
		}
		var missing []string
		for p := range printed {
			if !documented[p] && !underWords(p, rows) {
				missing = append(missing, p)
			}
		}
		sort.Strings(missing)
		for _, p := range missing {
			t.Errorf("%s: %s is printed but not in docs/JSON.md", o.heading, p)
		}
	}
}

// underWords reports a path inside a key documented as a whole (†).
func underWords(p string, rows []docRow) bool {
	for _, r := range rows {
		if strings.Contains(r.typ, "†") && (strings.HasPrefix(p, r.path+".") || strings.HasPrefix(p, r.path+"[]")) {
			return true
		}
	}
	return false
}
