package pgshare_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"hrdesk/internal/testkit/pgtest"
	"hrdesk/ratebudget"
	"hrdesk/ratebudget/pgshare"
)

// A database that answers but refuses a write (a trigger here; in an
// office a full disk, a right revoked, a constraint added by hand) is no
// more a shared budget than one that does not answer: the process leaves
// it for its fallback share and says why, whichever write was refused — a
// limit learned, a hold, or the turns it took on its own meanwhile (which
// it keeps, and notes once the database takes them).

// refuseWrites makes every INSERT into db's budget table fail with "refused
// for the test"; notes is how many notes of turns taken on a fallback
// share (turns of no profile) were refused, allow ends the refusal.
func refuseWrites(t *testing.T, db string) (notes func() int64, allow func()) {
	t.Helper()
	exec(t, db, `CREATE SEQUENCE refused_notes`,
		`CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN
			IF NEW.kind = 'turn' AND NEW.profile = '' THEN
				PERFORM nextval('refused_notes'); -- not undone with the statement
			END IF;
			RAISE EXCEPTION 'refused for the test';
		END $$`,
		`CREATE TRIGGER refuse BEFORE INSERT ON hrdesk_budget FOR EACH ROW EXECUTE FUNCTION refuse()`)
	notes = func() int64 {
		return query[int64](t, db, `SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM refused_notes`)
	}
	allow = func() { exec(t, db, `DROP TRIGGER refuse ON hrdesk_budget`) }
	return notes, allow
}

// waitFor polls cond (what it sees, "" once there) for a minute: far past
// what one statement needs on any machine.
func waitFor(t *testing.T, what string, cond func() string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for seen := cond(); seen != ""; seen = cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: still not after a minute; %s", what, seen)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestARefusedWriteLeavesTheSharedBudget: a limit learned or a hold the
// database refuses to keep puts the process on its fallback share, with
// the database's reason, as an ask it refuses does.
func TestARefusedWriteLeavesTheSharedBudget(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute}
	take(t, openOne(t, db, "refused.test:443", cfg, nil), ratebudget.Ask{}) // makes the table
	refuseWrites(t, db)
	for _, c := range []struct {
		what  string
		write func(*pgshare.Source)
	}{
		{"a learned limit refused", func(s *pgshare.Source) { s.Learn(ratebudget.Learned{Limit: 60, At: time.Now()}) }},
		{"a hold refused", func(s *pgshare.Source) { s.Throttle(30 * time.Second) }},
	} {
		src := openOne(t, db, "refused.test:443", cfg, nil)
		take(t, src, ratebudget.Ask{}) // reads the table (an empty ask writes nothing)
		c.write(src)
		waitFor(t, c.what, func() string {
			if why, _ := src.State(); !strings.Contains(why, "refused for the test") {
				return fmt.Sprintf("the state says %q", why)
			}
			return ""
		})
	}
}

// TestTurnsTakenMeanwhileWaitForTheDatabaseToTakeThem: a process back from
// its fallback share whose note of the turns it took meanwhile is refused
// stays on its fallback, keeps them, and tries again; once the database
// takes the note it is back, and the shared window counts them.
func TestTurnsTakenMeanwhileWaitForTheDatabaseToTakeThem(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute}
	src, err := pgshare.Open(pgshare.Config{URL: db, Host: "noted.test:443", Budget: cfg, Machine: "m", Patience: 10 * time.Second,
		Probe: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	take(t, src, ratebudget.Ask{}) // makes the table
	notes, allow := refuseWrites(t, db)
	if g, _ := src.Take(context.Background(), ratebudget.Ask{Interactive: []string{"p"}}); g.Interactive != 1 {
		t.Fatalf("the ask refused by the database, then on the fallback: %+v, want the action", g)
	}
	// Two refused notes: the process tried again after the first.
	waitFor(t, "the note refused twice", func() string {
		if n := notes(); n < 2 {
			return fmt.Sprintf("%d refused", n)
		}
		return ""
	})
	if why, _ := src.State(); why == "" {
		t.Error("back on the shared budget while the database refused the note of the turn taken meanwhile")
	}
	allow()
	waitFor(t, "the return to the shared budget", func() string {
		if why, _ := src.State(); why != "" {
			return "the state says " + why
		}
		return ""
	})
	if m, err := pgshare.Read(context.Background(), db, "noted.test:443", cfg); err != nil || m.Used != 1 {
		t.Errorf("the shared window reads %+v, %v; want the turn taken on the fallback", m, err)
	}
}
