package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// exportedRows are what export says of every cached response, by id.
type exportedRow struct {
	ResumeID int64  `json:"resume_id"`
	Salary   *int64 `json:"salary"`
	Town     string `json:"town"`
	Folder   string `json:"folder"`
	IsNew    bool   `json:"is_new"`
}

func (e *env) exportedRows() []exportedRow {
	e.t.Helper()
	code, out, errs := e.run("", "export")
	if code != 0 {
		e.t.Fatalf("export: %s", errs)
	}
	var rows []exportedRow
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		e.t.Fatalf("export: %v", err)
	}
	return rows
}

// searchIDs are the ids `search --json --limit 5000 args…` lists, sorted.
func (e *env) searchIDs(args ...string) []int64 {
	e.t.Helper()
	code, out, errs := e.run("", append([]string{"search", "--json", "--limit", "5000"}, args...)...)
	if code != 0 {
		e.t.Fatalf("search %q: %d %s", args, code, errs)
	}
	var res struct {
		Total int `json:"total"`
		Hits  []struct {
			ResumeID int64 `json:"resume_id"`
		} `json:"hits"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		e.t.Fatalf("search --json: %v\n%s", err, out)
	}
	ids := make([]int64, 0, len(res.Hits))
	for _, h := range res.Hits {
		ids = append(ids, h.ResumeID)
	}
	if res.Total != len(ids) {
		e.t.Errorf("search %q: total %d, %d hits", args, res.Total, len(ids))
	}
	slices.Sort(ids)
	return ids
}

func idsWhere(rows []exportedRow, keep func(exportedRow) bool) []int64 {
	var ids []int64
	for _, r := range rows {
		if keep(r) {
			ids = append(ids, r.ResumeID)
		}
	}
	slices.Sort(ids)
	return ids
}

// hrdesk search reads its words as the / line's query (issue 31 §2): each
// term selects what export says of the cache, in either language's field
// names, a negation and an `or` too, and a flag narrows on top of it.
func TestSearchReadsTheQuery(t *testing.T) {
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	rows := e.exportedRows()
	var salaries []int64
	towns := map[string]int{}
	for _, r := range rows {
		if r.Salary != nil && *r.Salary > 0 {
			salaries = append(salaries, *r.Salary)
		}
		towns[r.Town]++
	}
	slices.Sort(salaries)
	if len(salaries) < 4 || len(towns) < 2 {
		t.Fatalf("the fake's cache gives too few salaries (%d) or towns (%v)", len(salaries), towns)
	}
	mid := salaries[len(salaries)/2]
	var town string
	for tw, n := range towns {
		if tw != "" && !strings.ContainsAny(tw, ` "`) && n < len(rows) && (town == "" || tw < town) {
			town = tw
		}
	}
	if town == "" {
		t.Fatalf("no town to search by: %v", towns)
	}
	rich := func(r exportedRow) bool { return r.Salary != nil && *r.Salary >= mid }
	inTown := func(r exportedRow) bool { return strings.EqualFold(r.Town, town) }
	for _, c := range []struct {
		args []string
		keep func(exportedRow) bool
	}{
		{[]string{fmt.Sprintf("salary>=%d", mid)}, rich},
		{[]string{fmt.Sprintf("зп>=%d", mid)}, rich},
		{[]string{"town:" + town}, inTown},
		{[]string{"-town:" + town}, func(r exportedRow) bool { return !inTown(r) }},
		{[]string{"new"}, func(r exportedRow) bool { return r.IsNew }},
		{[]string{"new", "-town:" + town}, func(r exportedRow) bool { return r.IsNew && !inTown(r) }},
		{[]string{"folder:invited", "or", "folder:refused"}, func(r exportedRow) bool { return r.Folder == "invited" || r.Folder == "refused" }},
		{[]string{"папка:отказ"}, func(r exportedRow) bool { return r.Folder == "refused" }},
		{[]string{"--folder", "inbox", fmt.Sprintf("salary>=%d", mid)}, func(r exportedRow) bool { return rich(r) && r.Folder == "inbox" }},
	} {
		want := idsWhere(rows, c.keep)
		if got := e.searchIDs(c.args...); !slices.Equal(got, want) {
			t.Errorf("search %q: %v\nwant %v", c.args, got, want)
		}
	}
	if len(idsWhere(rows, rich)) == 0 || len(idsWhere(rows, inTown)) == 0 {
		t.Fatal("a term above selected nothing: the test would hold on an empty list")
	}
}

// A mistake in the query is a usage error (exit 2) in the profile's
// language: the words, the line, a mark under the place.
func TestSearchSaysTheQuerysMistake(t *testing.T) {
	e := newEnv(t)
	e.login()
	for _, c := range []struct {
		lang string
		args []string
		want []string
	}{
		{"en", []string{"водитель", "zp>=80000"}, []string{`unknown field "zp"`, "  водитель zp>=80000\n", "\n           ^\n"}},
		{"en", []string{"salary>=lots"}, []string{`"lots" is not a number`, "  salary>=lots\n", "\n          ^\n"}},
		{"ru", []string{"зп>=много"}, []string{`"много" — не число`, "  зп>=много\n", "\n      ^\n"}},
		{"en", []string{"folder:archive"}, []string{`no folder named "archive"`, "  folder:archive\n", "\n  ^\n"}},
	} {
		ee := e.withVars("LANG=en_US.UTF-8")
		if c.lang == "ru" {
			ee = e.withVars("LANG=ru_RU.UTF-8")
		}
		code, out, errs := ee.run("", append([]string{"search"}, c.args...)...)
		if code != 2 || out != "" {
			t.Errorf("search %q: exit %d, out %q", c.args, code, out)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("search %q said:\n%s\nwithout %q", c.args, errs, w)
			}
		}
	}
	if code, _, errs := e.run("", "search", "  "); code != 2 || !strings.Contains(errs, "needs words") {
		t.Errorf("an empty query: %d %s", code, errs)
	}
}

// A saved view's query with a mistake is refused when the workstation
// builds the views, naming the view, the mistake in the profile's language
// and its place under the query; a good one reaches the view.
func TestSavedViewQueryMistake(t *testing.T) {
	e := newEnv(t)
	cfg := filepath.Join(e.dir, "cfg", "hrdesk", "config.toml")
	write := func(query string) {
		body := "language = \"ru\"\n[[views]]\nname = \"Тихие\"\nkey = \"w\"\nquery = '" + query + "'\n"
		if err := os.WriteFile(cfg, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("водитель зп>=много")
	a, _, _ := profileWorkspace(t, e)
	_, err := a.workstationOptions(t, nil)
	if err == nil || !strings.Contains(err.Error(), `config [[views]] "Тихие": query: "много" — не число`) ||
		!strings.Contains(err.Error(), "\n  водитель зп>=много\n               ^") {
		t.Errorf("%v", err)
	}
	write("-has:comment")
	a, _, _ = profileWorkspace(t, e)
	built, err := a.workstationOptions(t, nil)
	if views := built.Views; err != nil || len(views) != 1 || views[0].Query != "-has:comment" {
		t.Errorf("%+v %v", views, err)
	}
}
