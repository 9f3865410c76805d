package cli

import (
	"regexp"
	"strings"
	"testing"

	"hrdesk/internal/pgtest"
)

// Issue 21 §1 through the command line: a sync with --budget-url takes its
// turns from PostgreSQL, and `hrdesk status` shows the shared minute
// (used, left, by how many profiles on how many machines) with the URL's
// password never printed; a database that is not there costs the sync
// nothing but the fallback share, and status says so.
func TestSyncAndStatusThroughTheSharedBudget(t *testing.T) {
	pg := pgtest.New(t)
	db := pg.Database(t)
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync", "--budget-url", db); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := e.run("", "status", "--budget-url", db)
	if code != 0 {
		t.Fatal(errs)
	}
	m := regexp.MustCompile(`(?m)^shared budget \(postgres://hrdesk@127\.0\.0\.1:\d+/\w+\?sslmode=disable\): (\d+) of 60000 left this minute, (\d+) sent for 1 profile on 1 machine$`).FindStringSubmatch(out)
	if m == nil || m[2] == "0" {
		t.Errorf("status after a sync through the shared budget:\n%s", out)
	}

	const secret = "pa55-w0rd"
	away := "postgres://someone:" + secret + "@127.0.0.1:1/budget"
	if code, _, errs := e.run("", "sync", "--budget-url", away); code != 0 {
		t.Errorf("a sync with the shared budget away: %s", errs)
	}
	code, out, errs = e.run("", "status", "--budget-url", away)
	if code != 0 || !strings.Contains(out, "shared budget (postgres://someone:xxxxx@127.0.0.1:1/budget): unreachable (") ||
		!strings.Contains(out, "each process runs on a quarter of the minute (15000) until it answers") {
		t.Errorf("status with the shared budget away:\n%s%s", out, errs)
	}
	if strings.Contains(out+errs, secret) {
		t.Errorf("the password shows:\n%s%s", out, errs)
	}
	if code, _, errs := e.run("", "status", "--budget-url", "mysql://x@y/z"); code == 0 || !strings.Contains(errs, "budget_url must be a PostgreSQL URL") {
		t.Errorf("a budget URL that is not PostgreSQL's: %d %s", code, errs)
	}
}
