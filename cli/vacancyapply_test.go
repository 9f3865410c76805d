package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hrdesk/fakeapi"
)

// A service that refuses a batch whole for one bad element (the contract
// leaves batch errors open): apply sends the elements one by one, so the
// valid ones still go through and the bad one is named beside its line,
// as README promises.
func TestApplyGoesOnWhenTheBatchIsRefusedWhole(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	e.srv.SetShapes(fakeapi.Shapes{WholeBatches: true})
	file := filepath.Join(e.dir, "batch.toml")
	os.WriteFile(file, []byte(`[[vacancy]]
profession = "Курьер"
[[vacancy]]
profession = "Кладовщик"
payment_from = -5
[[vacancy]]
profession = "Оператор склада"
[[vacancy]]
id = 46000001
payment_to = 300000
[[vacancy]]
id = 46000002
payment_from = -1
`), 0o600)
	before := len(e.vacancyTitles())
	code, out, errs := e.run("", "vacancies", "apply", file)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 5 ||
		!strings.HasPrefix(lines[0], "element 1: created") ||
		!strings.HasPrefix(lines[1], "element 2: failed") || !strings.Contains(lines[1], "payment_from") ||
		!strings.HasPrefix(lines[2], "element 3: created") ||
		!strings.HasPrefix(lines[3], "element 4: updated 46000001") ||
		!strings.HasPrefix(lines[4], "element 5: failed") ||
		!strings.Contains(errs, "2 of 5 elements failed") {
		t.Fatalf("apply: %d\n%s\n%s", code, out, errs)
	}
	titles := e.vacancyTitles()
	if len(titles) != before+2 || !titles["Курьер"] || !titles["Оператор склада"] || titles["Кладовщик"] {
		t.Errorf("the service holds %v (had %d)", titles, before)
	}
	if v, _ := e.srv.Vacancy(46000001); v["payment_to"] != int64(300000) {
		t.Errorf("update did not land: %v", v["payment_to"])
	}
}

// A create answered 201 {id} for several elements (what real clients saw
// for one) says which element it does not cover instead of calling it
// failed: it may well have been created.
func TestApplySaysWhatTheAnswerDoesNotCover(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	cut := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/2.0/vacancies/" {
			e.srv.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		e.srv.ServeHTTP(rec, r)
		var all []json.RawMessage
		if err := json.Unmarshal(rec.Body.Bytes(), &all); err != nil || len(all) == 0 {
			t.Errorf("the fake's answer: %s", rec.Body)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		w.Write(all[0])
	}))
	t.Cleanup(cut.Close)
	for i, v := range e.vars {
		if strings.HasPrefix(v, "HRDESK_BASE_URL=") {
			e.vars[i] = "HRDESK_BASE_URL=" + cut.URL
		}
	}
	file := filepath.Join(e.dir, "two.toml")
	os.WriteFile(file, []byte("[[vacancy]]\nprofession = \"Курьер\"\n[[vacancy]]\nprofession = \"Грузчик\"\n"), 0o600)
	code, out, errs := e.run("", "vacancies", "apply", file)
	if code != 1 || !strings.Contains(out, "element 1: created") ||
		!strings.Contains(out, "element 2: sent, but the service's answer does not cover it") ||
		strings.Contains(out, "failed") || !strings.Contains(errs, "1 of 2 elements unknown") {
		t.Fatalf("apply: %d\n%s\n%s", code, out, errs)
	}
}

// vacancyTitles is what `vacancies list --json` shows, by title.
func (e *env) vacancyTitles() map[string]bool {
	e.t.Helper()
	code, out, errs := e.run("", "vacancies", "list", "--json")
	if code != 0 {
		e.t.Fatalf("list: %s", errs)
	}
	var list []map[string]any
	if err := json.NewDecoder(bytes.NewReader([]byte(out))).Decode(&list); err != nil {
		e.t.Fatalf("list --json: %v\n%s", err, out)
	}
	titles := map[string]bool{}
	for _, v := range list {
		if s, ok := v["profession"].(string); ok {
			titles[s] = true
		}
	}
	return titles
}

// Tried by hand (issue 28 §5's walk): a JSON file whose second element is
// not an object said "not valid JSON: json: cannot unmarshal number into
// Go value of type map[string]interface {}", naming neither the element
// nor what it should be. It names the element, and sends nothing.
func TestApplyNamesTheElementThatIsNoObject(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	before := len(e.vacancyTitles())
	for i, body := range []string{`[{"profession": "Курьер"}, 7]`, `{"vacancies": [{"profession": "Курьер"}, "Кладовщик"]}`} {
		file := filepath.Join(e.dir, fmt.Sprintf("batch%d.json", i))
		os.WriteFile(file, []byte(body), 0o600)
		code, out, errs := e.run("", "vacancies", "apply", file)
		if code == 0 || !strings.Contains(errs, "element 2 is not an object") || strings.Contains(errs, "interface") || out != "" {
			t.Errorf("%s: exit %d, out %q, errs %q", body, code, out, errs)
		}
	}
	if after := len(e.vacancyTitles()); after != before {
		t.Errorf("%d vacancies created from broken files", after-before)
	}
}
