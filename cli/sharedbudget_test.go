package cli

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"hrdesk/ratebudget"
)

// Issue 21 §1 through the command line: a sync with --budget-url takes its
// turns from PostgreSQL, and `hrdesk status` shows the shared minute
// (used, left, by how many profiles on how many machines) with the URL's
// password never printed; a database that is not there costs the sync
// nothing but the fallback share, and status says so.
func TestSyncAndStatusThroughTheSharedBudget(t *testing.T) {
	// connect_timeout: a loaded machine is slow, not the database away
	// (the 750 ms fallback would run the sync on its own share).
	db := sharedPostgres(t).Database(t) + "&connect_timeout=240"
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync", "--budget-url", db); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := e.run("", "status", "--budget-url", db)
	if code != 0 {
		t.Fatal(errs)
	}
	m := regexp.MustCompile(`(?m)^shared budget \(postgres://hrdesk@127\.0\.0\.1:\d+/\w+\?sslmode=disable&connect_timeout=240\): (\d+) of 60000 left this minute, (\d+) sent for 1 profile on 1 machine$`).FindStringSubmatch(out)
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

// Issue 26 §2 through the command line: a hold dated 9999 and a window of
// turns dated tomorrow stop no sync (status ignores them and says so); a
// database that is away is said once on a command's stderr with pgx's
// reason; a table made by a newer hrdesk is said in status as not in use.
func TestImpossibleRowsAndUnusableTableInStatus(t *testing.T) {
	// The database answers; only a loaded machine is slow. Its own
	// connect_timeout keeps the commands on it for as long as a test
	// waits, not on the fallback share after 750 ms.
	db := sharedPostgres(t).Database(t) + "&connect_timeout=240"
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync", "--budget-url", db); code != 0 {
		t.Fatal(errs)
	}
	var host string
	for _, v := range e.vars {
		if base, ok := strings.CutPrefix(v, "HRDESK_BASE_URL="); ok {
			host = ratebudget.HostKey(base)
		}
	}
	pgExec(t, db, `INSERT INTO hrdesk_budget (host, kind, at) VALUES ('`+host+`', 'hold', '9999-12-31')`,
		`INSERT INTO hrdesk_budget (host, kind, at) SELECT '`+host+`', 'turn', now() + interval '1 day' FROM generate_series(1, 120)`)
	code, out, errs := e.run("", "status", "--budget-url", db)
	if code != 0 || !strings.Contains(out, "121 impossible rows") || strings.Contains(out, "wait until") {
		t.Errorf("status with impossible rows:\n%s%s", out, errs)
	}
	code, _, errs = e.run("", "sync", "--budget-url", db)
	if code != 0 || !strings.Contains(errs, "impossible rows, dropped them") {
		t.Errorf("a sync over impossible rows: %d\n%s", code, errs)
	}

	away := "postgres://someone@127.0.0.1:1/budget"
	code, _, errs = e.run("", "sync", "--budget-url", away)
	if code != 0 || strings.Count(errs, "the shared request budget is not in use") != 1 || !strings.Contains(errs, "connection refused") {
		t.Errorf("a sync with the shared budget away said:\n%s", errs)
	}
	if _, out, _ := e.run("", "status", "--budget-url", away); !strings.Contains(out, "connection refused") {
		t.Errorf("status with the shared budget away:\n%s", out)
	}

	pgExec(t, db, `COMMENT ON TABLE hrdesk_budget IS 'hrdesk request budget, schema 99'`)
	if _, out, _ := e.run("", "status", "--budget-url", db); !strings.Contains(out, "not in use: the budget's table was made by a newer hrdesk") {
		t.Errorf("status with a newer table:\n%s", out)
	}
}

func pgExec(t *testing.T, db string, stmts ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	for _, s := range stmts {
		if _, err := conn.Exec(ctx, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}
