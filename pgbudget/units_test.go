package pgbudget_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"hrdesk/budget"
	"hrdesk/internal/pgtest"
	"hrdesk/internal/testwait"
	"hrdesk/pgbudget"
)

// The figures a Source works by, each where a one-line slip in it shows.

func TestConfigDefaults(t *testing.T) {
	host, _ := os.Hostname()
	d := pgbudget.Defaults(pgbudget.Config{Budget: budget.Config{Requests: 120, Window: time.Minute}})
	if d.Machine != host || d.Margin != time.Second || d.Patience != 750*time.Millisecond || d.Probe != 2*time.Second || d.FallbackShare != 0.25 {
		t.Errorf("defaults: machine %q (want %q), margin %s, patience %s, probe %s, share %v", d.Machine, host, d.Margin, d.Patience, d.Probe, d.FallbackShare)
	}
	if d := pgbudget.Defaults(pgbudget.Config{Budget: budget.Config{Window: 3 * time.Second}}); d.Margin != 100*time.Millisecond {
		t.Errorf("a 3 s window's margin is %s, want the floor of 100 ms", d.Margin)
	}
	set := pgbudget.Config{Machine: "m", Margin: time.Millisecond, Patience: time.Millisecond, Probe: time.Millisecond, FallbackShare: 1}
	if d := pgbudget.Defaults(set); d.Machine != "m" || d.Margin != time.Millisecond || d.Patience != time.Millisecond || d.Probe != time.Millisecond || d.FallbackShare != 1 {
		t.Errorf("values given were changed: %+v", d)
	}
	for _, share := range []float64{-1, 1.5} {
		if d := pgbudget.Defaults(pgbudget.Config{FallbackShare: share}); d.FallbackShare != 0.25 {
			t.Errorf("a share of %v is taken as %v, want the default quarter", share, d.FallbackShare)
		}
	}
}

func TestMinuteFigures(t *testing.T) {
	at := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	m := pgbudget.Minute{Limit: 120, Window: time.Minute, Used: 20, Profiles: 2, Machines: 1, Oldest: at, Newest: at.Add(10 * time.Second)}
	u := m.Usage()
	if m.Left() != 100 || u.Left != 100 || u.Used != 20 || !u.Shared || u.Profiles != 2 || u.Machines != 1 ||
		!u.Next.Equal(at.Add(time.Minute)) || !u.Full.Equal(at.Add(70*time.Second)) {
		t.Errorf("%+v reads %+v", m, u)
	}
	if u := (pgbudget.Minute{Limit: 120, Window: time.Minute}).Usage(); !u.Next.IsZero() || !u.Full.IsZero() || u.Left != 120 {
		t.Errorf("an empty window reads %+v", u)
	}
	m.Used = 130
	if m.Left() != 0 {
		t.Errorf("an overfull window leaves %d", m.Left())
	}
	m.Used, m.Hold = 1, at.Add(time.Hour)
	if u := m.Usage(); m.Left() != 0 || u.Left != 0 || !u.Next.Equal(m.Hold) {
		t.Errorf("a held window reads %d left, %+v", m.Left(), u)
	}
}

// TestFallbackShare: without the database, a quarter of the limit, one
// turn at a time, a recruiter's action first; the meter counts what went.
func TestFallbackShare(t *testing.T) {
	cfg := budget.Config{Requests: 40, Window: time.Minute}
	src, err := pgbudget.Open(pgbudget.Config{URL: "postgres://nobody@127.0.0.1:1/db", Host: "x", Budget: cfg, Patience: 5 * time.Second, Probe: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	ctx := context.Background()
	if g, err := src.Take(ctx, budget.Ask{}); err != nil || g.Interactive != 0 || len(g.Background) != 0 {
		t.Errorf("an empty ask: %+v, %v", g, err)
	}
	start := time.Now()
	g, _ := src.Take(ctx, budget.Ask{Interactive: []string{"a", "a"}, Background: []string{"b"}})
	if g.Interactive != 1 || len(g.Background) != 0 {
		t.Errorf("the first ask on the fallback: %+v, want one action", g)
	}
	if why, _ := src.State(); why == "" {
		t.Fatal("no fallback")
	}
	g, _ = src.Take(ctx, budget.Ask{Background: []string{"b", "c"}})
	if g.Interactive != 0 || len(g.Background) != 0 || g.Retry.Before(start.Add(time.Second)) || g.Retry.After(time.Now().Add(10*time.Second)) {
		t.Errorf("the next ask at once: %+v (started %s), want none and a retry after the share's spacing (6-8 s)", g, start)
	}
	u := src.Usage()
	if u.Limit != 10 || u.Used != 1 || u.Left != 9 || u.Fallback == "" || u.Shared ||
		u.Next.Before(start.Add(time.Minute)) || u.Next.After(time.Now().Add(time.Minute)) || !u.Full.Equal(u.Next) {
		t.Errorf("the fallback's meter: %+v, want 1 of 10 used, back a minute after it", u)
	}
	src.Throttle(time.Minute) // nothing to tell while away; must not block or panic
}

// TestBackgroundOnTheFallback: background work alone gets its first
// tenant's turn.
func TestBackgroundOnTheFallback(t *testing.T) {
	src, err := pgbudget.Open(pgbudget.Config{URL: "postgres://nobody@127.0.0.1:1/db", Host: "x", Patience: 5 * time.Second, Probe: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	if g, _ := src.Take(context.Background(), budget.Ask{Background: []string{"b", "c"}}); len(g.Background) != 1 || g.Background[0] != "b" {
		t.Errorf("background on the fallback: %+v, want b's turn", g)
	}
}

// TestSharedGrantFigures: on a fake clock (whole microseconds, as the
// database keeps them, so the offset is nil) the retry and the meter a
// Take gives are exact: a full window says when its oldest turn leaves
// it, a refusal to smooth says about a turn's spacing, a hold its end.
func TestSharedGrantFigures(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := budget.Config{Requests: 12, Window: time.Minute, Burst: 1} // idle reserve 1, 2 background turns per 5 s
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	srcs, _ := openSources(t, db, "figures.test:443", 1, cfg, pgbudget.Config{Now: func() time.Time { return now }, Patience: 10 * time.Second, Margin: time.Second})
	src := srcs[0]
	t0 := now
	g := take(t, src, budget.Ask{Background: []string{"a", "b", "c"}})
	if len(g.Background) != 2 {
		t.Fatalf("the first background turns: %+v, want the sub-window's 2", g)
	}
	spacing := cfg.Window / time.Duration(cfg.Requests)
	if d := g.Retry.Sub(now); d < spacing/2 || d >= spacing*3/2 {
		t.Errorf("refused to smooth, told to come back in %s, want between %s and %s", d, spacing/2, spacing*3/2)
	}
	u := src.Usage()
	if u.Used != 2 || u.Left != 10 || !u.Next.Equal(t0.Add(time.Minute)) || !u.Full.Equal(now.Add(time.Minute)) || !u.Shared {
		t.Errorf("the meter after 2 turns: %+v", u)
	}
	now = now.Add(10 * time.Second)
	if g := take(t, src, budget.Ask{Interactive: []string{"r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"}}); g.Interactive != 10 {
		t.Fatalf("actions: %+v, want the 10 left", g)
	}
	// Full: the next action waits for the oldest turn to leave the window
	// (with the margin).
	g = take(t, src, budget.Ask{Interactive: []string{"r"}})
	if g.Interactive != 0 || !g.Retry.Equal(t0.Add(time.Minute+time.Second)) {
		t.Errorf("a full window: %+v, want a retry at %s", g, t0.Add(time.Minute+time.Second))
	}
	if u := src.Usage(); u.Used != 12 || u.Left != 0 {
		t.Errorf("the meter of a full window: %+v", u)
	}
	// Background work with only the reserve left waits for the oldest
	// turn too, not a turn's spacing.
	now = now.Add(50*time.Second + 500*time.Millisecond) // t0 + 60.5 s: the first 2 are out of the window, not of its margin
	g = take(t, src, budget.Ask{Background: []string{"a"}})
	if len(g.Background) != 0 || !g.Retry.Equal(t0.Add(time.Minute+time.Second)) {
		t.Errorf("background in a window full but for the reserve: %+v, want a retry at %s", g, t0.Add(time.Minute+time.Second))
	}
	if err := src.HoldNow(context.Background(), 30*time.Second); err != nil {
		t.Fatal(err)
	}
	g = take(t, src, budget.Ask{Interactive: []string{"r"}})
	if g.Interactive != 0 || !g.Retry.Equal(now.Add(30*time.Second)) {
		t.Errorf("held: %+v, want a retry at the hold's end %s", g, now.Add(30*time.Second))
	}
	if u := src.Usage(); u.Left != 0 || !u.Next.Equal(now.Add(30*time.Second)) {
		t.Errorf("the meter while held: %+v", u)
	}
}

// TestTurnsOnTheFallbackAreNotedWhenBack: a process that ran on its
// fallback (here: the table was not there and the user could not make
// it) notes the turns it took in the shared window once the database can
// hold them.
func TestTurnsOnTheFallbackAreNotedWhenBack(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	role := "noter_" + strings.TrimPrefix(db[strings.LastIndex(db, "/")+1:strings.Index(db, "?")], "t")
	exec(t, db, "DROP ROLE IF EXISTS "+role, "CREATE ROLE "+role+" LOGIN", "REVOKE CREATE ON SCHEMA public FROM PUBLIC")
	asRole := strings.Replace(db, "//hrdesk@", "//"+role+"@", 1)
	cfg := budget.Config{Requests: 120, Window: time.Minute}
	src, err := pgbudget.Open(pgbudget.Config{URL: asRole, Host: "noted.test:443", Budget: cfg, Machine: "m", Patience: 10 * time.Second, Probe: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	if g, _ := src.Take(context.Background(), budget.Ask{Interactive: []string{"p"}}); g.Interactive != 1 {
		t.Fatalf("on the fallback: %+v", g)
	}
	used := src.Usage().Used
	if used != 1 {
		t.Fatalf("the fallback counted %d turns, want 1", used)
	}
	take(t, openOne(t, db, "noted.test:443", cfg, nil), budget.Ask{}) // the owner makes the table
	exec(t, db, "GRANT SELECT, INSERT, UPDATE, DELETE ON hrdesk_budget TO "+role)
	testwait.Within(t, time.Minute, "the return to the shared budget", func() {
		for {
			if why, _ := src.State(); why == "" {
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
	if m, err := pgbudget.Read(context.Background(), db, "noted.test:443", cfg); err != nil || m.Used != used {
		t.Errorf("the shared window reads %+v, %v; want the %d turns taken on the fallback", m, err, used)
	}
}

// TestRedactEveryForm: the password of a budget URL leaves no trace in a
// text, in whichever form the text holds it: the URL as written (escaped),
// decoded, form-encoded, or a key=value connection string's.
func TestRedactEveryForm(t *testing.T) {
	cases := []struct{ url, text string }{
		{"postgres://u:p%40ss%2Bw@db.test/x", "connect postgres://u:p%40ss%2Bw@db.test/x: refused"},
		{"postgres://u:p%40ss%2Bw@db.test/x", "server said p@ss+w is wrong"},
		{"postgres://u:a%20b+c@db.test/x", "the form held a+b%2Bc and a b+c"},
		{"host=db.test user=u password='se cret' dbname=x", "dsn host=db.test password='se cret' failed for se cret"},
		{"host=db.test user=u password=s3cr3t dbname=x", "password=s3cr3t and s3cr3t"},
	}
	for _, c := range cases {
		got := pgbudget.Redact(c.text, c.url)
		for _, secret := range []string{"p%40ss", "p@ss", "a b+c", "a+b%2Bc", "se cret", "s3cr3t"} {
			if strings.Contains(got, secret) {
				t.Errorf("Redact(%q, %q) = %q: %q shows", c.text, c.url, got, secret)
			}
		}
		if !strings.Contains(got, "xxxxx") {
			t.Errorf("Redact(%q, %q) = %q, want the password's place marked", c.text, c.url, got)
		}
	}
	if got := pgbudget.Redact("nothing to hide", ""); got != "nothing to hide" {
		t.Errorf("no URL: %q", got)
	}
	if got := pgbudget.RedactURL("postgres://u:pw@db.test/x"); got != "postgres://u:xxxxx@db.test/x" {
		t.Errorf("RedactURL: %q", got)
	}
}
