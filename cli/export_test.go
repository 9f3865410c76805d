package cli

import (
	"context"
	"encoding/csv"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"hrdesk/config"
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
	st.Close()

	code, out, errs := e.run("", "export", "--format", "csv")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 0 || err != nil || len(rows) != 3 {
		t.Fatalf("export: %d %v %q %q", code, err, out, errs)
	}
	// Each column is text from the API (defused) or a value hrdesk formats;
	// a new column must be classified here.
	kinds := map[string]string{"resume_id": "int", "name": "text", "profession": "text", "age": "int", "salary": "int",
		"currency": "text", "town": "text", "vacancy_id": "int", "folder": "folder", "is_new": "bool", "last_event": "time"}
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
			case "time":
				_, err := time.Parse(time.RFC3339, cell)
				bad = err != nil
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
	if rows[2][4] != "-5" {
		t.Errorf("a negative salary is a number, not a formula: %q", rows[2][4])
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
