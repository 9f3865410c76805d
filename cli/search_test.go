package cli

import (
	"encoding/json"
	"strings"
	"testing"
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
