package cli

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// Issue 28 §3: after a company sync a colleague's vacancy had "title": ""
// in `report --json`, and `report --vacancy N` without --scope company
// said "no vacancy N in the cache". The company's vacancies name it, and
// the report of one vacancy finds it in the company's responses when the
// own list has none; a vacancy the cache does not have is still said so.
func TestReportNamesAColleaguesVacancy(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	var theirs []int64
	for _, r := range e.srv.Received() {
		if !r.Own && len(theirs) < 2 {
			theirs = append(theirs, r.ResumeID)
		}
	}
	if len(theirs) < 2 {
		t.Fatalf("the fake has %d colleague's responses", len(theirs))
	}
	id := e.srv.AddColleagueVacancy("Водитель-экспедитор", 0, theirs...)
	if code, out, errs := e.run("", "--scope", "company", "sync"); code != 0 {
		t.Fatalf("company sync: %q %q", out, errs)
	}
	code, out, errs := e.run("", "--scope", "company", "report", "--json")
	if code != 0 {
		t.Fatalf("report --json: %s", errs)
	}
	var rows []reportJSON
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	found := false
	for _, r := range rows {
		if r.VacancyID != nil && *r.VacancyID == id {
			found = true
			if r.Title != "Водитель-экспедитор" || r.Responses != len(theirs) {
				t.Errorf("the colleague's vacancy: %q with %d responses, want %q with %d", r.Title, r.Responses, "Водитель-экспедитор", len(theirs))
			}
		}
	}
	if !found {
		t.Fatalf("no row of vacancy %d:\n%s", id, out)
	}
	code, out, errs = e.run("", "report", "--vacancy", strconv.FormatInt(id, 10))
	if code != 0 || !strings.Contains(out, "Водитель-экспедитор") || !strings.Contains(out, strconv.FormatInt(id, 10)) {
		t.Errorf("report --vacancy %d in the own scope: %d %q %q", id, code, out, errs)
	}
	code, _, errs = e.run("", "report", "--vacancy", "49999999")
	if code == 0 || !strings.Contains(errs, "no vacancy 49999999 in the cache") {
		t.Errorf("a vacancy the cache does not have: %d %q", code, errs)
	}
}
