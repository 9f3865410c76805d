package pgshare_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"hrdesk/internal/testkit/pgtest"
	"hrdesk/ratebudget"
	"hrdesk/ratebudget/pgshare"
)

// A table's migration is judged twice: before it (readSchema) and inside
// the migration lock (the guard), where another process may have changed
// it meanwhile; and a table this user may use but not bring up is named.

// schemaOneTable makes the table as a schema 1 hrdesk did, without its
// comment.
var schemaOneTable = []string{`CREATE TABLE hrdesk_budget (
	host text NOT NULL, kind text NOT NULL CHECK (kind IN ('turn', 'hold', 'want')), at timestamptz NOT NULL,
	profile text NOT NULL DEFAULT '', machine text NOT NULL DEFAULT '', urgent boolean NOT NULL DEFAULT false)`,
	`CREATE UNIQUE INDEX hrdesk_budget_one ON hrdesk_budget (host, kind, profile) WHERE kind IN ('hold', 'want')`}

// TestATableChangedDuringTheMigrationWaitIsJudgedAgain: a process finds a
// schema 1 table and waits for the migration lock another holds; meanwhile
// a newer hrdesk brings the table up. A table this schema may use is used
// as it is (not "brought up" again, which would set its comment back); one
// it may not is refused and named.
func TestATableChangedDuringTheMigrationWaitIsJudgedAgain(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute}
	ctx := context.Background()
	for _, c := range []struct {
		comment string
		usable  bool
	}{
		{"hrdesk request budget, schema 3, usable by schema 2", true},
		{"hrdesk request budget, schema 3, usable by schema 3", false},
	} {
		exec(t, db, append(append([]string{`DROP TABLE IF EXISTS hrdesk_budget`}, schemaOneTable...),
			`COMMENT ON TABLE hrdesk_budget IS 'hrdesk request budget, schema 1'`)...)
		other, err := pgx.Connect(ctx, db) // the other process, migrating
		if err != nil {
			t.Fatal(err)
		}
		if _, err := other.Exec(ctx, `SELECT pg_advisory_lock(hashtextextended('hrdesk_budget migration', 0))`); err != nil {
			t.Fatal(err)
		}
		// Patience far past what the test's own statements need.
		src, err := pgshare.Open(pgshare.Config{URL: db, Host: "x.test:443", Budget: cfg, Machine: "m", Patience: 2 * time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		type taken struct {
			g   ratebudget.Grant
			err error
		}
		done := make(chan taken, 1)
		go func() {
			g, err := src.Take(ctx, ratebudget.Ask{Interactive: []string{"p"}})
			done <- taken{g, err}
		}()
		waitFor(t, "the ask waiting for the migration lock", func() string {
			if n := query[int64](t, db, `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
				AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`); n == 0 {
				return "nobody waits for the lock"
			}
			return ""
		})
		if _, err := other.Exec(ctx, `COMMENT ON TABLE hrdesk_budget IS '`+c.comment+`'`); err != nil {
			t.Fatal(err)
		}
		if _, err := other.Exec(ctx, `SELECT pg_advisory_unlock(hashtextextended('hrdesk_budget migration', 0))`); err != nil {
			t.Fatal(err)
		}
		other.Close(ctx)
		var r taken
		select {
		case r = <-done:
		case <-time.After(time.Minute):
			t.Fatalf("%s: the ask still waits a minute after the lock was let go", c.comment)
		}
		why, _ := src.State()
		src.Close()
		if r.err != nil || r.g.Interactive != 1 {
			t.Errorf("%s: the ask got %+v, %v; want the action", c.comment, r.g, r.err)
		}
		switch {
		case c.usable && why != "":
			t.Errorf("%s, usable by this schema: left the shared budget: %s", c.comment, why)
		case !c.usable && !strings.Contains(why, "made by a newer hrdesk"):
			t.Errorf("%s: the fallback's reason is %q, want the newer table named", c.comment, why)
		}
		if got := query[string](t, db, `SELECT obj_description('hrdesk_budget'::regclass, 'pg_class')`); got != c.comment {
			t.Errorf("the table's comment is now %q, want the newer hrdesk's %q left as it is", got, c.comment)
		}
	}
}

// TestATableOfAnotherOwnerWithoutVersionIsNamed: a table with no schema in
// its comment (made by hand, or by an hrdesk before schemas) that another
// user owns, and this user may neither alter nor make anew: the process
// runs on its fallback and says the user may not bring it up, not that
// "creating" failed.
func TestATableOfAnotherOwnerWithoutVersionIsNamed(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	role := fmt.Sprintf("user_%d", roles.Add(1))
	exec(t, db, append(append([]string{"DROP ROLE IF EXISTS " + role, "CREATE ROLE " + role + " LOGIN",
		"REVOKE CREATE ON SCHEMA public FROM PUBLIC"}, schemaOneTable...),
		"GRANT SELECT, INSERT, UPDATE, DELETE ON hrdesk_budget TO "+role)...)
	asRole := strings.Replace(db, "//hrdesk@", "//"+role+"@", 1)
	src := openOne(t, asRole, "x.test:443", ratebudget.Config{Requests: 120, Window: time.Minute}, nil)
	if g, err := src.Take(context.Background(), ratebudget.Ask{Interactive: []string{"p"}}); err != nil || g.Interactive != 1 {
		t.Errorf("on the fallback: %+v, %v", g, err)
	}
	if why, _ := src.State(); !strings.Contains(why, "may not create or update the budget's table") {
		t.Errorf("the fallback's reason is %q, want it to say the user may not bring the table up", why)
	}
}
