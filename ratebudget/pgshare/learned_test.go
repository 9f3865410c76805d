package pgshare_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"hrdesk/internal/testkit/pgtest"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/ratebudget"
	"hrdesk/ratebudget/pgshare"
)

// Issue 26 §5: a limit one process learned from the service's 429s holds
// for every process sharing the budget ("and, with budget_url, for the
// office"); a limit row is input from outside like any other.

// openAs opens a Source of machine on db for host.
func openAs(t *testing.T, db, host, machine string, cfg ratebudget.Config, l *lines) *pgshare.Source {
	t.Helper()
	pc := pgshare.Config{URL: db, Host: host, Budget: cfg, Machine: machine, Patience: 10 * time.Second}
	if l != nil {
		pc.Log = l.log
	}
	src, err := pgshare.Open(pc)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(src.Close)
	return src
}

// grantNow is one request of s's tenant p, which the test expects to go.
func grantNow(t *testing.T, s *ratebudget.Scheduler, p string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testwait.Patience)
	defer cancel()
	if err := s.Tenant(p).Wait(ctx); err != nil {
		t.Fatalf("a request of %s was not granted: %v", p, err)
	}
}

func limitRows(t *testing.T, db string) string {
	return strings.Join(query[[]string](t, db,
		`SELECT coalesce(array_agg(profile ORDER BY at), '{}') FROM hrdesk_budget WHERE kind = 'limit'`), " ")
}

// TestALearnedLimitHoldsForTheOffice: machine 1 sends two requests and
// draws two 429s with no Retry-After: it learns 60, then 30 a minute. Machine
// 2, which drew none, then takes the 28 the window has room for under 30
// (2 went already), and not a 29th; without the shared limit it would take
// up to 120.
func TestALearnedLimitHoldsForTheOffice(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute}
	one := ratebudget.NewShared(cfg, openAs(t, db, "office.test:443", "machine-1", cfg, nil))
	two := ratebudget.NewShared(cfg, openAs(t, db, "office.test:443", "machine-2", cfg, nil))
	grantNow(t, one, "p")
	grantNow(t, one, "p")
	one.Throttle(0)
	testwait.Until(t, "the first limit in the table", func() string {
		if rows := limitRows(t, db); rows != "60" {
			return "limit rows: " + rows
		}
		return ""
	})
	one.Throttle(0)
	if l, _ := one.Learned(); l != 30 {
		t.Fatalf("machine 1 learned %d, want 30 (halved twice: the window was too quiet to count)", l)
	}
	testwait.Until(t, "the second limit in the table", func() string {
		if rows := limitRows(t, db); rows != "60 30" {
			return "limit rows: " + rows
		}
		return ""
	})

	for i := range 28 {
		grantNow(t, two, fmt.Sprint("q", i%3))
	}
	if l, _ := two.Learned(); l != 30 {
		t.Errorf("machine 2 applies %d, want the office's 30", l)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	// Nothing can free before the window's first turn leaves it, a minute
	// from now: a second is no race.
	if err := two.Tenant("q").Wait(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("machine 2 sent a 29th request with 30 in the window under a learned 30: %v", err)
	}
	if g := two.Granted(); g != 28 {
		t.Errorf("machine 2 let %d go, want 28", g)
	}
	// A process starting now reads the limit before its first grant.
	three := ratebudget.NewShared(cfg, openAs(t, db, "office.test:443", "machine-3", cfg, nil))
	ctx3, cancel3 := context.WithTimeout(context.Background(), time.Second)
	defer cancel3()
	if err := three.Tenant("r").Wait(ctx3); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a process started under a learned 30 with 30 in the window sent at once: %v", err)
	}
}

// TestImpossibleLearnedLimitsAreIgnored: limit rows that cannot be true —
// 0, negative, 1e9, no number, below an eighth of the limit, above it,
// dated tomorrow — lower nobody's rate and are dropped, said once; a
// possible one (60, 10 s ago) holds and stays.
func TestImpossibleLearnedLimitsAreIgnored(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute}
	var said lines
	src := openAs(t, db, "office.test:443", "machine-1", cfg, &said)
	take(t, src, ratebudget.Ask{}) // makes the table
	exec(t, db,
		`INSERT INTO hrdesk_budget (host, kind, at, profile) SELECT 'office.test:443', 'limit', now(), v
			FROM unnest(ARRAY['0', '-5', '1000000000', '1e9', '999999999', 'x', '', '14', '121']) AS v`,
		`INSERT INTO hrdesk_budget (host, kind, at, profile) VALUES ('office.test:443', 'limit', now() + interval '1 day', '30')`,
		`INSERT INTO hrdesk_budget (host, kind, at, profile) VALUES ('office.test:443', 'limit', now() - interval '10 seconds', '60')`)
	s := ratebudget.NewShared(cfg, src)
	grantNow(t, s, "p")
	grantNow(t, s, "p")
	if l, _ := s.Learned(); l != 60 {
		t.Errorf("the scheduler applies a learned %d, want the one possible row's 60", l)
	}
	if rows := limitRows(t, db); rows != "60" {
		t.Errorf("limit rows left: %q, want only the possible 60", rows)
	}
	got := said.with("impossible")
	if len(got) != 1 || !strings.Contains(got[0], "10 learned limit(s) not from 15 to 120") {
		t.Errorf("said %q, want one line naming the 10 impossible limits", said.all)
	}
}

// TestSchemaTwoKeepsSchemaOneWorking: the table's comment still ends in
// the number a schema 1 binary reads (1: it goes on using the table); a
// schema 1 table is brought up to take limit rows; a newer table usable by
// this schema is used and not set back, one that is not is refused.
func TestSchemaTwoKeepsSchemaOneWorking(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute}
	take(t, openOne(t, db, "x.test:443", cfg, nil), ratebudget.Ask{})
	const oldRead = `SELECT substring(obj_description('hrdesk_budget'::regclass, 'pg_class') FROM 'schema ([0-9]{1,9})$')::int`
	if v := query[int32](t, db, oldRead); v != 1 {
		t.Errorf("a schema 1 binary reads the table as schema %d, want 1", v)
	}

	// A table as schema 1 made it.
	exec(t, db, `DROP TABLE hrdesk_budget`, `CREATE TABLE hrdesk_budget (
		host text NOT NULL, kind text NOT NULL CHECK (kind IN ('turn', 'hold', 'want')), at timestamptz NOT NULL,
		profile text NOT NULL DEFAULT '', machine text NOT NULL DEFAULT '', urgent boolean NOT NULL DEFAULT false)`,
		`CREATE UNIQUE INDEX hrdesk_budget_one ON hrdesk_budget (host, kind, profile) WHERE kind IN ('hold', 'want')`,
		`COMMENT ON TABLE hrdesk_budget IS 'hrdesk request budget, schema 1'`)
	take(t, openOne(t, db, "x.test:443", cfg, nil), ratebudget.Ask{})
	exec(t, db, `INSERT INTO hrdesk_budget (host, kind, at, profile) VALUES ('x.test:443', 'limit', now(), '60')`)

	exec(t, db, `COMMENT ON TABLE hrdesk_budget IS 'hrdesk request budget, schema 3, usable by schema 2'`)
	src := openOne(t, db, "x.test:443", cfg, nil)
	take(t, src, ratebudget.Ask{}) // reads the limit in force before any grant
	if g := take(t, src, ratebudget.Ask{Interactive: []string{"p"}}); g.Interactive != 1 {
		t.Errorf("on a newer table usable by schema 2: %+v", g)
	}
	if c := query[string](t, db, `SELECT obj_description('hrdesk_budget'::regclass, 'pg_class')`); c != "hrdesk request budget, schema 3, usable by schema 2" {
		t.Errorf("the newer table's comment is now %q: it was set back", c)
	}

	exec(t, db, `COMMENT ON TABLE hrdesk_budget IS 'hrdesk request budget, schema 3, usable by schema 3'`)
	src = openOne(t, db, "x.test:443", cfg, nil)
	src.Take(context.Background(), ratebudget.Ask{Interactive: []string{"p"}})
	if why, _ := src.State(); !strings.Contains(why, "newer hrdesk") {
		t.Errorf("on a table usable by schema 3 only, the reason is %q, want the newer table named", why)
	}
}

// TestSchemaOneTableOfAnotherOwner: a user that may use a schema 1 table
// but not alter it (another user owns it) goes on sharing the budget on
// it, without shared limits, rather than leave it for the fallback.
func TestSchemaOneTableOfAnotherOwner(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	role := fmt.Sprintf("user_%d", roles.Add(1))
	exec(t, db, "DROP ROLE IF EXISTS "+role, "CREATE ROLE "+role+" LOGIN",
		`CREATE TABLE hrdesk_budget (
		host text NOT NULL, kind text NOT NULL CHECK (kind IN ('turn', 'hold', 'want')), at timestamptz NOT NULL,
		profile text NOT NULL DEFAULT '', machine text NOT NULL DEFAULT '', urgent boolean NOT NULL DEFAULT false)`,
		`CREATE UNIQUE INDEX hrdesk_budget_one ON hrdesk_budget (host, kind, profile) WHERE kind IN ('hold', 'want')`,
		`COMMENT ON TABLE hrdesk_budget IS 'hrdesk request budget, schema 1'`,
		"GRANT SELECT, INSERT, UPDATE, DELETE ON hrdesk_budget TO "+role)
	asRole := strings.Replace(db, "//hrdesk@", "//"+role+"@", 1)
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute}
	src := openOne(t, asRole, "x.test:443", cfg, nil)
	if g := take(t, src, ratebudget.Ask{Interactive: []string{"p"}}); g.Interactive != 1 {
		t.Errorf("on another owner's schema 1 table: %+v", g)
	}
	src.Learn(ratebudget.Learned{Limit: 30, At: time.Now()}) // the check refuses the row: not tried
	if g := take(t, src, ratebudget.Ask{Interactive: []string{"p"}}); g.Interactive != 1 {
		t.Errorf("after a limit learned on a schema 1 table: %+v", g)
	}
	if why, _ := src.State(); why != "" {
		t.Errorf("left the shared budget: %s", why)
	}
}

// TestLearnedLimitsAtTheEdgesAreShared: a limit of exactly an eighth of
// the configured one, or exactly the configured one, is possible, and goes
// to the table for every process (only those outside are impossible).
func TestLearnedLimitsAtTheEdgesAreShared(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute} // the floor is 15
	src := openAs(t, db, "edges.test:443", "machine-1", cfg, nil)
	take(t, src, ratebudget.Ask{}) // makes the table
	now := time.Now()
	src.Learn(ratebudget.Learned{Limit: 15, At: now.Add(-2 * time.Second)})
	src.Learn(ratebudget.Learned{Limit: 120, At: now.Add(-time.Second)})
	deadline := time.Now().Add(time.Minute) // an insert each: a minute is far beyond what they need
	for rows := limitRows(t, db); rows != "15 120"; rows = limitRows(t, db) {
		if time.Now().After(deadline) {
			t.Fatalf("limit rows after a minute: %q, want the edges 15 and 120", rows)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
