package cli

import (
	"context"
	"strings"
	"testing"
	"time"

	"hrdesk/config"
	"hrdesk/store"
)

// cellUnder is the right-aligned cell of row under head in the table
// out: as wide as head's column ends (the heads are ASCII, as the total's
// row is up to its figures), "" when either line is missing.
func cellUnder(out, head, row string) string {
	var heads, line string
	for _, l := range strings.Split(out, "\n") {
		switch {
		case heads == "" && strings.Contains(l, " "+head+" "):
			heads = l
		case heads != "" && strings.Contains(l, row):
			line = l
		}
	}
	end := strings.Index(heads, " "+head+" ") + 1 + len(head)
	if heads == "" || line == "" || end > len(line) {
		return ""
	}
	start := strings.LastIndex(line[:end], "  ") // the cell's padding
	return strings.TrimSpace(line[max(start, 0):end])
}

// The plain tables say near and past their stage's limit ([sla]) where the
// stale column was: per vacancy and in total, per recruiter and for the
// team (issue 30 §2); limitEnv holds 3 near (2, 5, 8) and 3 past (3, 4, 9),
// and one more past here (the two figures apart).
func TestReportTablesSayNearAndPast(t *testing.T) {
	e := limitEnv(t)
	a := &app{env: config.EnvFromList(e.vars)}
	if err := a.loadConfig(); err != nil {
		t.Fatal(err)
	}
	st, err := a.openStore()
	if err != nil {
		t.Fatal(err)
	}
	err = st.UpsertEntries(context.Background(), []store.Entry{{ResumeID: 11, Scope: store.ScopeMine, Folder: store.FolderInbox,
		LastName: "R", FirstName: "x", Events: []store.Event{{VacancyID: 7, Type: 10, DateEvent: time.Now().Add(-500 * time.Hour)}}}})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"report"}, {"report", "--by", "recruiter"}} {
		code, out, errs := e.run("", append([]string{"--language", "en"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: %d %s", args, code, errs)
		}
		if near, past := cellUnder(out, "near", "Total"), cellUnder(out, "over", "Total"); near != "3" || past != "4" {
			t.Errorf("%v: the total's near %q, over %q; want 3 and 4\n%s", args, near, past, out)
		}
	}
}
