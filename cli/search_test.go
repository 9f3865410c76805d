package cli

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"hrdesk/i18n"
)

// search looks in every folder (a candidate in Invited is found from
// anywhere), names each row's folder, and narrows by --folder and --stale.
func TestSearchEveryFolder(t *testing.T) {
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := e.run("", "search", "--json", "--limit", "5000", "а")
	if code != 0 {
		t.Fatalf("search: %s", errs)
	}
	var all struct {
		Total int `json:"total"`
		Hits  []struct {
			ResumeID   int64  `json:"resume_id"`
			Folder     string `json:"folder"`
			Profession string `json:"profession"`
		} `json:"hits"`
	}
	if err := json.Unmarshal([]byte(out), &all); err != nil {
		t.Fatalf("search --json: %v\n%s", err, out)
	}
	folders := map[string]int{}
	for _, h := range all.Hits {
		folders[h.Folder]++
	}
	if len(folders) < 3 || all.Total != len(all.Hits) {
		t.Fatalf("a search over every folder found %v (total %d, %d hits)", folders, all.Total, len(all.Hits))
	}
	// One candidate in Invited, found by its profession from the top.
	var invited int64
	var prof string
	for _, h := range all.Hits {
		if h.Folder == "invited" && h.Profession != "" {
			invited, prof = h.ResumeID, h.Profession
			break
		}
	}
	_, out, _ = e.run("", "search", prof)
	if !strings.Contains(out, "invited") || !strings.Contains(out, prof) {
		t.Errorf("search %q did not show the Invited candidate %d with its folder:\n%s", prof, invited, out)
	}
	_, out, _ = e.run("", "search", "--folder", "inbox", prof)
	if strings.Contains(out, "invited") {
		t.Errorf("--folder inbox showed other folders:\n%s", out)
	}
	_, out, _ = e.run("", "search", "--stale", "--limit", "5000")
	for _, l := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		if strings.Contains(l, "match") {
			continue
		}
		if !strings.Contains(l, "considered") && !strings.Contains(l, "invited") {
			t.Errorf("--stale listed a row outside Considered and Invited: %q", l)
		}
	}
	if code, _, errs := e.run("", "search"); code != 2 || !strings.Contains(errs, "needs words") {
		t.Errorf("search with nothing to look for: %d %s", code, errs)
	}
	if _, out, _ := e.run("", "search", "zzzzqqq"); !strings.Contains(out, "Nothing matches") {
		t.Errorf("no match: %q", out)
	}
}

func TestTemplatesAndStaleStatus(t *testing.T) {
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := e.run("", "templates")
	if code != 0 {
		t.Fatal(errs)
	}
	for _, want := range []string{"invite", "reject", "mail", "ID"} {
		if !strings.Contains(out, want) {
			t.Errorf("templates lacks %q:\n%s", want, out)
		}
	}
	_, out, _ = e.run("", "templates", "--kind", "reject")
	if strings.Contains(out, "invite ") || !strings.Contains(out, "reject") {
		t.Errorf("--kind reject:\n%s", out)
	}
	// The ids listed are the ids the letter commands take.
	id := strings.Fields(strings.Split(out, "\n")[1])[1]
	if code, _, errs := e.run("", "reject", firstResume(t, e), "--template", id); code != 0 {
		t.Errorf("reject --template %s (from templates): %s", id, errs)
	}
	if code, _, errs := e.run("", "templates", "--kind", "sms"); code != 2 || !strings.Contains(errs, "invite, reject or mail") {
		t.Errorf("--kind sms: %d %s", code, errs)
	}

	_, out, _ = e.run("", "status")
	if !strings.Contains(out, "STALE") || !strings.Contains(out, "stale: no event for 7 days") {
		t.Errorf("status does not count stale candidates:\n%s", out)
	}
}

func TestSearchFilterFlags(t *testing.T) {
	now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	for in, want := range map[string][2]string{
		"today":                  {"2026-11-23 00:00", ""},
		"7d":                     {"2026-11-17 00:00", ""},
		"2026-11-01..2026-11-20": {"2026-11-01 00:00", "2026-11-20 23:59"},
		"..2026-11-20":           {"", "2026-11-20 23:59"},
	} {
		from, to, err := parseResponded(i18n.For(i18n.EN).CLI.More, in, now)
		f := func(t time.Time) string {
			if t.IsZero() {
				return ""
			}
			return t.Format("2006-01-02 15:04")
		}
		if err != nil || f(from) != want[0] || f(to) != want[1] {
			t.Errorf("--responded %s: %s..%s %v, want %v", in, f(from), f(to), err, want)
		}
	}
	for _, bad := range []string{"week", "0d", "2026-13-01..", ".."} {
		if _, _, err := parseResponded(i18n.For(i18n.EN).CLI.More, bad, now); err == nil {
			t.Errorf("--responded %q accepted", bad)
		}
	}
	for in, want := range map[string][2]int64{"80000-150000": {80000, 150000}, "80000-": {80000, 0}, "-30": {0, 30}} {
		lo, hi, err := parseRange(i18n.For(i18n.EN).CLI.More, "--salary", in)
		if err != nil || lo != want[0] || hi != want[1] {
			t.Errorf("%s: %d-%d %v", in, lo, hi, err)
		}
	}
	for _, bad := range []string{"5-1", "-", "abc", "10", "-5-"} {
		if _, _, err := parseRange(i18n.For(i18n.EN).CLI.More, "--age", bad); err == nil {
			t.Errorf("range %q accepted", bad)
		}
	}

	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := e.run("", "search", "--json", "--limit", "5000", "--salary", "100000-", "--age", "-30")
	if code != 0 {
		t.Fatal(errs)
	}
	var res struct {
		Total int `json:"total"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || res.Total == 0 {
		t.Fatalf("filtered search found nothing: %v %s", err, out)
	}
	_, all, _ := e.run("", "search", "--json", "--limit", "5000", "--salary", "100000-")
	var wide struct {
		Total int `json:"total"`
	}
	json.Unmarshal([]byte(all), &wide)
	if wide.Total <= res.Total {
		t.Errorf("adding --age -30 did not narrow: %d vs %d", res.Total, wide.Total)
	}
}
