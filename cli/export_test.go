package cli

import (
	"context"
	"encoding/csv"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"hrdesk/config"
	"hrdesk/i18n"
	"hrdesk/store"
)

// formulaStart reports a cell a spreadsheet would run as a formula.
func formulaStart(cell string) bool {
	if cell != "" && (cell[0] == '\t' || cell[0] == '\r') {
		return true
	}
	r, _ := utf8.DecodeRuneInString(strings.TrimLeft(cell, " "))
	return strings.ContainsRune("=+-@＝＋－＠", r)
}

// Every text column of `export --format csv` carries API text and is
// defused; the numbers hrdesk formats itself stay numbers (issue 9 §4).
func TestExportCSVDefusesEveryTextColumn(t *testing.T) {
	e := newEnv(t)
	a := &app{env: config.EnvFromList(e.vars)}
	if err := a.loadConfig(); err != nil {
		t.Fatal(err)
	}
	st, err := a.openStore()
	if err != nil {
		t.Fatal(err)
	}
	day := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	hostile := []store.Entry{
		{ResumeID: 1, Scope: store.ScopeMine, Folder: store.FolderInbox, IsNew: true, LastName: "=1+2", FirstName: "x",
			Profession: "+SUM(A1:A9)", Age: 30, Salary: -5, Currency: "=1+2", Town: "@cmd",
			Events: []store.Event{{VacancyID: 7, Type: 10, DateEvent: day}}},
		{ResumeID: 2, Scope: store.ScopeMine, Folder: "501", LastName: "-2+3", Profession: "\t=HYPERLINK(\"http://x\")",
			Currency: " ＝1", Town: "\r=cmd|' /C calc'!A0", Events: []store.Event{{VacancyID: 8, Type: 10, DateEvent: day.Add(time.Hour)}}},
	}
	if err := st.UpsertEntries(context.Background(), hostile); err != nil {
		t.Fatal(err)
	}
	// The vacancies' titles are the service's text too (issue 30 §4).
	if err := st.ReplaceCompanyVacancies(context.Background(), []store.CompanyVacancy{{ID: 7, Profession: "=HYPERLINK(\"x\")", OwnerID: 1},
		{ID: 8, Profession: "@SUM(1)", OwnerID: 2}}); err != nil {
		t.Fatal(err)
	}
	st.Close()

	code, out, errs := e.run("", "export", "--format", "csv")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 0 || err != nil || len(rows) != 3 {
		t.Fatalf("export: %d %v %q %q", code, err, out, errs)
	}
	// Each column is text from the API (defused) or a value hrdesk formats;
	// a new column must be classified here.
	kinds := map[string]string{"resume_id": "int", "name": "text", "profession": "text", "age": "int", "salary": "int",
		"currency": "text", "town": "text", "vacancy_id": "int", "folder": "folder", "is_new": "bool", "last_event": "time",
		"response_date": "time", "vacancy_title": "text", "source": "word", "recruiter_id": "int", "first_action": "word?",
		"first_action_at": "time?"}
	for col, name := range rows[0] {
		kind, ok := kinds[name]
		if !ok {
			t.Errorf("column %q is not classified: is it API text?", name)
			continue
		}
		for _, row := range rows[1:] {
			cell := row[col]
			var bad bool
			switch kind {
			case "int":
				_, err := strconv.ParseInt(cell, 10, 64)
				bad = err != nil
			case "bool":
				_, err := strconv.ParseBool(cell)
				bad = err != nil
			case "time", "time?":
				_, err := time.Parse(time.RFC3339, cell)
				bad = err != nil && (kind == "time" || cell != "")
			case "word", "word?":
				bad = strings.Trim(cell, "abcdefghijklmnopqrstuvwxyz_") != "" || kind == "word" && cell == ""
			case "folder":
				bad = !store.ValidFolder(cell) || formulaStart(cell)
			case "text":
				// Every fixture text starts like a formula: each cell must be defused.
				bad = !strings.HasPrefix(cell, "'") || controlIn(cell) != ""
			}
			if bad {
				t.Errorf("resume %s, column %s (%s): %q", row[0], name, kind, cell)
			}
		}
	}
	// A salary below zero says nothing: the cache keeps it as unknown (store's
	// upsert, issue 28 §7), a plain 0, not a defused "'-5".
	if rows[2][4] != "0" {
		t.Errorf("a negative salary is exported as %q, want the unknown's 0", rows[2][4])
	}
}

func TestCSVSafe(t *testing.T) {
	for in, want := range map[string]string{
		"Иван": "Иван", "": "", "1-2": "1-2", "a=b": "a=b",
		"=1+2": "'=1+2", "+7 999": "'+7 999", "-5": "'-5", "@SUM(A1)": "'@SUM(A1)",
		"\t=1": "'\t=1", "\r=1": "'\r=1", "  =1": "'  =1", "＝1": "'＝1", "＠x": "'＠x",
	} {
		if got := csvSafe(in); got != want {
			t.Errorf("csvSafe(%q) = %q, want %q", in, got, want)
		}
	}
}

// loose makes a file of mode 0666 holding text, whatever the umask.
func loose(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o666); err != nil {
		t.Fatal(err)
	}
}

// leftovers lists what an export left in dir besides want.
func leftovers(t *testing.T, dir string, want ...string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var extra []string
	for _, e := range entries {
		if !slices.Contains(want, e.Name()) {
			extra = append(extra, e.Name())
		}
	}
	return extra
}

// export --output writes applicants' data as a new file of mode 0600 put
// in place when complete: an existing file's 0666 does not carry over
// (issue 18 §5). A link there is refused (TestExportRefusesALink).
func TestExportOutputIsPrivate(t *testing.T) {
	e := newEnv(t)
	e.cacheApplicant()
	dir := t.TempDir()
	out, real := filepath.Join(dir, "applicants.csv"), filepath.Join(dir, "real.json")
	loose(t, out, "old")
	loose(t, real, "old")
	for _, file := range []string{out, real} {
		code, stdout, errs := e.run("", "export", "--format", strings.TrimPrefix(filepath.Ext(file), "."), "--output", file)
		data, _ := os.ReadFile(file)
		fi, err := os.Stat(file)
		if code != 0 || stdout != "" || err != nil || fi.Mode().Perm() != 0o600 || !strings.Contains(string(data), "30000673") {
			t.Errorf("export --output %s: %d %q %q; %v (%v):\n%s", file, code, stdout, errs, fi.Mode(), err, data)
		}
	}
	if extra := leftovers(t, dir, "applicants.csv", "real.json"); len(extra) > 0 {
		t.Errorf("left beside the export: %v", extra)
	}
	// Without --output the export still goes to standard output.
	if code, stdout, errs := e.run("", "export"); code != 0 || !strings.Contains(stdout, "30000673") {
		t.Errorf("export to standard output: %d %q", code, errs)
	}
}

// cacheApplicant puts one resume (30000673) in e's cache, for an export.
func (e *env) cacheApplicant() {
	e.t.Helper()
	st := e.cache()
	defer st.Close()
	if err := st.UpsertEntries(context.Background(), []store.Entry{{ResumeID: 30000673, Scope: store.ScopeMine,
		Folder: store.FolderInbox, LastName: "Иванова", Events: []store.Event{{VacancyID: 7, Type: 10, DateEvent: time.Now()}}}}); err != nil {
		e.t.Fatal(err)
	}
}

// An export that fails half-way leaves the file it would have replaced as
// it was, and nothing beside it.
func TestExportFailingLeavesTheOldFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "applicants.json")
	loose(t, out, "old")
	err := replaceFile(i18n.For(i18n.EN).CLI.Notices, out, func(w io.Writer) error {
		io.WriteString(w, "[\n{\"resume_id\": 1")
		return errors.New("the cache went away")
	})
	data, _ := os.ReadFile(out)
	if err == nil || string(data) != "old" {
		t.Errorf("%v; the file holds %q", err, data)
	}
	if extra := leftovers(t, dir, "applicants.json"); len(extra) > 0 {
		t.Errorf("left beside the export: %v", extra)
	}
}
