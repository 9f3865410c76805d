package pgshare_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"hrdesk/internal/testkit/pgtest"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/ratebudget"
	"hrdesk/ratebudget/pgshare"
)

// Issue 26 §2: a row of the shared table is input from outside; one that
// cannot be true (a hold in 9999, turns dated tomorrow) is ignored and
// dropped, and the office goes on.

// lines collects what a Source says through Config.Log.
type lines struct {
	mu  sync.Mutex
	all []string
}

func (l *lines) log(line string) {
	l.mu.Lock()
	l.all = append(l.all, line)
	l.mu.Unlock()
}

func (l *lines) with(word string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, s := range l.all {
		if strings.Contains(s, word) {
			out = append(out, s)
		}
	}
	return out
}

// exec runs statements on the database as its owner.
func exec(t *testing.T, db string, stmts ...string) {
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

// query reads one integer (or text) from the database.
func query[T any](t *testing.T, db, sql string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var v T
	if err := conn.QueryRow(ctx, sql).Scan(&v); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return v
}

// openOne opens one Source (machine-1) on db for host, saying to l.
func openOne(t *testing.T, db, host string, cfg ratebudget.Config, l *lines) *pgshare.Source {
	t.Helper()
	pc := pgshare.Config{URL: db, Host: host, Budget: cfg, Machine: "machine-1", Patience: 10 * time.Second}
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

func take(t *testing.T, src *pgshare.Source, ask ratebudget.Ask) ratebudget.Grant {
	t.Helper()
	g, err := src.Take(context.Background(), ask)
	if err != nil {
		t.Fatal(err)
	}
	if why, _ := src.State(); why != "" {
		t.Fatalf("the source left the shared budget: %s", why)
	}
	return g
}

// TestImpossibleRowsAreDroppedAndTheOfficeGoesOn: the repro — a
// hold dated 9999-12-31 and a window's worth of turns dated tomorrow —
// stops nobody: status ignores them, the next ask is granted, drops them
// (of every host) and says so once.
func TestImpossibleRowsAreDroppedAndTheOfficeGoesOn(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute}
	var said lines
	src := openOne(t, db, "office.test:443", cfg, &said)
	take(t, src, ratebudget.Ask{Interactive: []string{"warm-up"}}) // makes the table
	exec(t, db,
		`INSERT INTO hrdesk_budget (host, kind, at) VALUES ('office.test:443', 'hold', '9999-12-31')`,
		`INSERT INTO hrdesk_budget (host, kind, at, profile) SELECT 'office.test:443', 'turn', now() + interval '1 day', 'x' FROM generate_series(1, 120)`,
		`INSERT INTO hrdesk_budget (host, kind, at) VALUES ('elsewhere.test:443', 'hold', '9999-12-31')`,
		`INSERT INTO hrdesk_budget (host, kind, at, profile) VALUES ('elsewhere.test:443', 'want', now() + interval '1 hour', 'y')`)

	m, err := pgshare.Read(context.Background(), db, "office.test:443", cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Hold.IsZero() || m.Left() != cfg.Requests-1 || m.Impossible != 121 {
		t.Errorf("status reads hold %v, %d left, %d impossible; want no hold, %d left, 121 impossible", m.Hold, m.Left(), m.Impossible, cfg.Requests-1)
	}
	g := take(t, src, ratebudget.Ask{Interactive: []string{"p"}, Background: []string{"q"}})
	if g.Interactive != 1 || len(g.Background) != 1 {
		t.Errorf("with the impossible rows in the table: %+v, want the action and the background turn", g)
	}
	if n := query[int64](t, db, `SELECT count(*) FROM hrdesk_budget WHERE at > now() + interval '1 minute'`); n != 0 {
		t.Errorf("%d impossible rows are still in the table", n)
	}
	got := said.with("impossible")
	if len(got) != 1 {
		t.Fatalf("said %q, want one line about the impossible rows", said.all)
	}
	for _, want := range []string{"2 hold(s)", "121 turn(s)", "9999-12-31"} {
		if !strings.Contains(got[0], want) {
			t.Errorf("the log line %q does not say %q", got[0], want)
		}
	}
	take(t, src, ratebudget.Ask{Interactive: []string{"p"}})
	if n := len(said.with("impossible")); n != 1 {
		t.Errorf("said it %d times; once is enough when nothing more was dropped", n)
	}
}

// TestPossibleRowsStillCount: the bounds take only the impossible. A hold
// 9 minutes ahead (a 503 during maintenance) holds everyone, is told with
// its end and cause, and stays; turns 2 s ahead (clock skew) fill the
// window.
func TestPossibleRowsStillCount(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 30, Window: time.Minute}
	var said lines
	src := openOne(t, db, "office.test:443", cfg, &said)
	take(t, src, ratebudget.Ask{})
	exec(t, db, `INSERT INTO hrdesk_budget (host, kind, at) VALUES ('office.test:443', 'hold', now() + interval '9 minutes')`)
	g := take(t, src, ratebudget.Ask{Interactive: []string{"p"}})
	if g.Interactive != 0 {
		t.Errorf("a hold 9 minutes ahead did not hold: %+v", g)
	}
	if d := time.Until(g.Retry); d < 8*time.Minute || d > 10*time.Minute {
		t.Errorf("told to come back in %s, want about 9 minutes", d)
	}
	if got := said.with("wait until"); len(got) != 1 || !strings.Contains(got[0], "429/503") {
		t.Errorf("said %q, want one line with the wait's end and cause", said.all)
	}
	take(t, src, ratebudget.Ask{Interactive: []string{"p"}})
	if got := said.with("wait until"); len(got) != 1 {
		t.Errorf("the same hold was told %d times", len(got))
	}
	if n := query[int64](t, db, `SELECT count(*) FROM hrdesk_budget WHERE kind = 'hold'`); n != 1 {
		t.Errorf("%d holds in the table, want the possible one kept", n)
	}

	exec(t, db, `DELETE FROM hrdesk_budget WHERE kind = 'hold'`,
		`INSERT INTO hrdesk_budget (host, kind, at, profile) SELECT 'office.test:443', 'turn', now() + interval '2 seconds', 'x' FROM generate_series(1, 30)`)
	if g := take(t, src, ratebudget.Ask{Interactive: []string{"p"}}); g.Interactive != 0 {
		t.Errorf("a window full of turns 2 s ahead let one more go: %+v", g)
	}
	if n := query[int64](t, db, `SELECT count(*) FROM hrdesk_budget WHERE kind = 'turn'`); n != 30 {
		t.Errorf("%d turns in the table, want the 30 within the skew kept", n)
	}
	if len(said.with("impossible")) != 0 {
		t.Errorf("possible rows were called impossible: %q", said.all)
	}
}

// TestEveryHostIsPruned: rows of a host nobody asks about any more go too
// (the table must not grow forever), while another host's turns of the
// last hour stay (its window is not known here).
func TestEveryHostIsPruned(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute}
	src := openOne(t, db, "asked.test:443", cfg, nil)
	take(t, src, ratebudget.Ask{})
	exec(t, db,
		`INSERT INTO hrdesk_budget (host, kind, at, profile) SELECT 'gone.test:443', 'turn', now() - interval '61 minutes', 'old' || i FROM generate_series(1, 50) i`,
		`INSERT INTO hrdesk_budget (host, kind, at) VALUES ('gone.test:443', 'hold', now() - interval '1 second')`,
		`INSERT INTO hrdesk_budget (host, kind, at, profile) VALUES ('gone.test:443', 'want', now() - interval '10 seconds', 'w')`,
		`INSERT INTO hrdesk_budget (host, kind, at, profile) VALUES ('other.test:443', 'turn', now() - interval '50 minutes', 'recent')`,
		`INSERT INTO hrdesk_budget (host, kind, at, profile) VALUES ('asked.test:443', 'turn', now() - interval '2 minutes', 'mine')`)
	take(t, src, ratebudget.Ask{Interactive: []string{"p"}})
	rows := query[[]string](t, db, `SELECT coalesce(array_agg(host || ' ' || kind || ' ' || profile ORDER BY host), '{}') FROM hrdesk_budget`)
	want := []string{"asked.test:443 turn " + "", "other.test:443 turn recent"}
	if len(rows) != 2 || !strings.HasPrefix(rows[0], "asked.test:443 turn ") || strings.HasSuffix(rows[0], "mine") || rows[1] != want[1] {
		t.Errorf("left in the table: %q; want this ask's turn and the other host's recent one", rows)
	}
}

// TestNewerTableIsLeftAlone: a table made by a newer hrdesk (schema 2) is
// neither used nor "migrated" back; the process runs on its fallback and
// says why, once, and status says it too. An older table is brought up.
func TestNewerTableIsLeftAlone(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute}
	take(t, openOne(t, db, "x.test:443", cfg, nil), ratebudget.Ask{})
	exec(t, db, `COMMENT ON TABLE hrdesk_budget IS 'hrdesk request budget, schema 10'`)

	var said lines
	src := openOne(t, db, "x.test:443", cfg, &said)
	if g, err := src.Take(context.Background(), ratebudget.Ask{Interactive: []string{"p"}}); err != nil || g.Interactive != 1 {
		t.Errorf("on the fallback: %+v, %v", g, err)
	}
	if why, _ := src.State(); !strings.Contains(why, "newer hrdesk") {
		t.Errorf("the fallback's reason is %q, want it to name the newer table", why)
	}
	if u := src.Usage(); !strings.Contains(u.Fallback, "newer hrdesk") {
		t.Errorf("the meter's usage says %+v, want the fallback and its reason", u)
	}
	if c := query[string](t, db, `SELECT obj_description('hrdesk_budget'::regclass, 'pg_class')`); c != "hrdesk request budget, schema 10" {
		t.Errorf("the newer table's comment is now %q: it was migrated back", c)
	}
	testwait.Within(t, 30*time.Second, "the line on stderr", func() {
		for len(said.with("newer hrdesk")) == 0 {
			time.Sleep(10 * time.Millisecond)
		}
	})
	_, err := pgshare.Read(context.Background(), db, "x.test:443", cfg)
	var unusable *pgshare.UnusableError
	if !errors.As(err, &unusable) || !strings.Contains(unusable.Reason, "newer hrdesk") {
		t.Errorf("status reads %v, want the newer table named", err)
	}

	exec(t, db, `COMMENT ON TABLE hrdesk_budget IS 'hrdesk request budget, schema 0'`)
	take(t, openOne(t, db, "x.test:443", cfg, nil), ratebudget.Ask{Interactive: []string{"p"}})
	if c := query[string](t, db, `SELECT obj_description('hrdesk_budget'::regclass, 'pg_class')`); c != "hrdesk request budget, schema 2, usable by schema 1" {
		t.Errorf("an older table's comment is %q after an ask, want it brought up to schema 2", c)
	}
}

var roles atomic.Int64

// TestUserWithoutCreateRight: a database user that may not create the
// table (and finds none) runs on the fallback and says why; status says
// it instead of showing an empty shared minute as healthy.
func TestUserWithoutCreateRight(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	role := fmt.Sprintf("reader_%d", roles.Add(1))
	exec(t, db, "DROP ROLE IF EXISTS "+role, "CREATE ROLE "+role+" LOGIN", "REVOKE CREATE ON SCHEMA public FROM PUBLIC")
	asRole := strings.Replace(db, "//hrdesk@", "//"+role+"@", 1)
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute}
	var said lines
	src := openOne(t, asRole, "x.test:443", cfg, &said)
	if g, err := src.Take(context.Background(), ratebudget.Ask{Interactive: []string{"p"}}); err != nil || g.Interactive != 1 {
		t.Errorf("on the fallback: %+v, %v", g, err)
	}
	if why, _ := src.State(); !strings.Contains(why, "may not create") {
		t.Errorf("the fallback's reason is %q, want it to say the user may not create the table", why)
	}
	testwait.Within(t, 30*time.Second, "the line on stderr", func() {
		for len(said.with("may not create")) == 0 {
			time.Sleep(10 * time.Millisecond)
		}
	})
	if got := said.with("may not create"); len(got) != 1 || !strings.Contains(got[0], "(30 a window)") {
		t.Errorf("said %q, want once that the process runs on a quarter of 120", got)
	}
	_, err := pgshare.Read(context.Background(), asRole, "x.test:443", cfg)
	var unusable *pgshare.UnusableError
	if !errors.As(err, &unusable) || !strings.Contains(unusable.Reason, "may not create") {
		t.Errorf("status reads %v, want the missing right named", err)
	}
	// Once the owner made it (and lets the user write), it is used.
	take(t, openOne(t, db, "x.test:443", cfg, nil), ratebudget.Ask{})
	exec(t, db, "GRANT SELECT, INSERT, UPDATE, DELETE ON hrdesk_budget TO "+role)
	if _, err := pgshare.Read(context.Background(), asRole, "x.test:443", cfg); err != nil {
		t.Errorf("status with the table made by its owner: %v", err)
	}
	take(t, openOne(t, asRole, "x.test:443", cfg, nil), ratebudget.Ask{Interactive: []string{"p"}})
}

// TestUnreachableSaysPgxReason: the reason a database cannot be reached
// is pgx's own, on one line (it used to print only "failed to connect to
// `user=… database=…`:", the line before it).
func TestUnreachableSaysPgxReason(t *testing.T) {
	const u = "postgres://nobody@127.0.0.1:1/db?connect_timeout=5"
	src, err := pgshare.Open(pgshare.Config{URL: u, Host: "x", Patience: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	src.Take(context.Background(), ratebudget.Ask{Interactive: []string{"p"}})
	why, _ := src.State()
	_, rerr := pgshare.Read(context.Background(), u, "x", ratebudget.Config{})
	for _, text := range []string{why, errText(rerr)} {
		if !strings.Contains(text, "connection refused") || strings.Contains(text, "\n") {
			t.Errorf("the reason is %q, want pgx's \"connection refused\" on one line", text)
		}
	}
}

// TestWhenNamesTheDateOfAnotherDay: a wait's end says its date unless it
// is today ("wait until 23:59:59" said nothing of 9999).
func TestWhenNamesTheDateOfAnotherDay(t *testing.T) {
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.Local)
	if got := pgshare.When(now.Add(3*time.Hour), now); got != "12:00:00" {
		t.Errorf("today: %q", got)
	}
	if got := pgshare.When(now.Add(24*time.Hour), now); got != "2026-03-03 09:00:00" {
		t.Errorf("tomorrow: %q", got)
	}
	if got := pgshare.HoldCause(now.Add(90*time.Second), now); !strings.Contains(got, "09:01:30") || !strings.Contains(got, "Retry-After") {
		t.Errorf("the cause: %q", got)
	}
}

// TestAFloodOfImpossibleRowsIsDrained: thousands of turns dated tomorrow
// hold no ask back while they are dropped a bounded number at a time (one
// statement dropping them all could outlast Patience every time, and
// never finish).
func TestAFloodOfImpossibleRowsIsDrained(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute}
	src := openOne(t, db, "flood.test:443", cfg, nil)
	take(t, src, ratebudget.Ask{})
	exec(t, db, `INSERT INTO hrdesk_budget (host, kind, at, profile) SELECT 'flood.test:443', 'turn', now() + interval '1 day', 'x' FROM generate_series(1, 2000)`)
	for range 2 {
		if g := take(t, src, ratebudget.Ask{Interactive: []string{"p"}}); g.Interactive != 1 {
			t.Fatalf("an ask while the flood is dropped: %+v", g)
		}
	}
	if n := query[int64](t, db, `SELECT count(*) FROM hrdesk_budget WHERE at > now() + interval '1 minute'`); n == 0 || n == 2000 {
		t.Errorf("%d of the 2000 left after two asks, want some dropped a part at a time", n)
	}
	for range 4 {
		take(t, src, ratebudget.Ask{})
	}
	if n := query[int64](t, db, `SELECT count(*) FROM hrdesk_budget WHERE at > now() + interval '1 minute'`); n != 0 {
		t.Errorf("%d left after six asks", n)
	}
}
