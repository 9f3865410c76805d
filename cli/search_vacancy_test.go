package cli

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"hrdesk/store"
)

// search --vacancy narrows to one vacancy's responses, and each hit says
// its vacancy (issue 28 §6): the count is export's for that vacancy.
func TestSearchNarrowsToAVacancy(t *testing.T) {
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := e.run("", "export")
	if code != 0 {
		t.Fatalf("export: %s", errs)
	}
	var exported []map[string]any
	if err := json.Unmarshal([]byte(out), &exported); err != nil {
		t.Fatalf("export: %v", err)
	}
	per := map[int64]int{}
	for _, x := range exported {
		if id, ok := x["vacancy_id"].(float64); ok {
			per[int64(id)]++
		}
	}
	var vacancy int64
	for id, n := range per {
		if n < len(exported) && (vacancy == 0 || id < vacancy) {
			vacancy = id
		}
	}
	if vacancy == 0 {
		t.Fatalf("the fake's responses name no vacancy, or all the same one: %v", per)
	}
	code, out, errs = e.run("", "search", "--json", "--limit", "5000", "--vacancy", strconv.FormatInt(vacancy, 10))
	if code != 0 {
		t.Fatalf("search --vacancy: %d %s", code, errs)
	}
	var res struct {
		Total int `json:"total"`
		Hits  []struct {
			ResumeID  int64  `json:"resume_id"`
			VacancyID *int64 `json:"vacancy_id"`
		} `json:"hits"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("search --json: %v\n%s", err, out)
	}
	if res.Total != per[vacancy] || len(res.Hits) != per[vacancy] {
		t.Errorf("search --vacancy %d: total %d, %d hits; export holds %d of its responses", vacancy, res.Total, len(res.Hits), per[vacancy])
	}
	for _, h := range res.Hits {
		if h.VacancyID == nil || *h.VacancyID != vacancy {
			t.Errorf("resume %d: vacancy_id %v in a search of vacancy %d", h.ResumeID, h.VacancyID, vacancy)
		}
	}
	if code, _, errs := e.run("", "search", "--vacancy", "-3"); code != 2 || !strings.Contains(errs, "--vacancy") {
		t.Errorf("a negative vacancy id: %d %s", code, errs)
	}
}

// export writes every key of every object, what the resume does not say
// as null (issue 28 §6: "age": null rather than no key).
func TestExportKeepsEveryKey(t *testing.T) {
	b, err := json.Marshal(toExported(store.EntryDetail{EntryRow: store.EntryRow{ResumeID: 7}}))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"age":null`, `"salary":null`, `"vacancy_id":null`, `"currency":""`, `"town":""`,
		`"response_date":null`, `"vacancy_title":""`, `"source":null`, `"recruiter_id":null`, `"first_action":null`, `"first_action_at":null`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("an entry without age, salary, vacancy or town is written %s: no %s", b, want)
		}
	}
	b, _ = json.Marshal(toExported(store.EntryDetail{EntryRow: store.EntryRow{ResumeID: 7, Age: 31, Salary: -5, VacancyID: 9}}))
	for _, want := range []string{`"age":31`, `"salary":-5`, `"vacancy_id":9`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("%s: no %s", b, want)
		}
	}
}
