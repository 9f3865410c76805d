package pgshare_test

import (
	"context"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"hrdesk/internal/testkit/pgtest"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/ratebudget"
	"hrdesk/ratebudget/pgshare"
)

// The figures a Source works by, each where a one-line slip in it shows.

func TestConfigDefaults(t *testing.T) {
	host, _ := os.Hostname()
	d := pgshare.Defaults(pgshare.Config{Budget: ratebudget.Config{Requests: 120, Window: time.Minute}})
	if d.Machine != host || d.Margin != time.Second || d.Patience != 750*time.Millisecond || d.Probe != 2*time.Second || d.FallbackShare != 0.25 {
		t.Errorf("defaults: machine %q (want %q), margin %s, patience %s, probe %s, share %v", d.Machine, host, d.Margin, d.Patience, d.Probe, d.FallbackShare)
	}
	if d := pgshare.Defaults(pgshare.Config{Budget: ratebudget.Config{Window: 3 * time.Second}}); d.Margin != 100*time.Millisecond {
		t.Errorf("a 3 s window's margin is %s, want the floor of 100 ms", d.Margin)
	}
	set := pgshare.Config{Machine: "m", Margin: time.Millisecond, Patience: time.Millisecond, Probe: time.Millisecond, FallbackShare: 1}
	if d := pgshare.Defaults(set); d.Machine != "m" || d.Margin != time.Millisecond || d.Patience != time.Millisecond || d.Probe != time.Millisecond || d.FallbackShare != 1 {
		t.Errorf("values given were changed: %+v", d)
	}
	for _, share := range []float64{-1, 1.5} {
		if d := pgshare.Defaults(pgshare.Config{FallbackShare: share}); d.FallbackShare != 0.25 {
			t.Errorf("a share of %v is taken as %v, want the default quarter", share, d.FallbackShare)
		}
	}
}

func TestMinuteFigures(t *testing.T) {
	at := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	m := pgshare.Minute{Limit: 120, Window: time.Minute, Used: 20, Profiles: 2, Machines: 1, Oldest: at, Newest: at.Add(10 * time.Second)}
	u := m.Usage()
	if m.Left() != 100 || u.Left != 100 || u.Used != 20 || !u.Shared || u.Profiles != 2 || u.Machines != 1 ||
		!u.Next.Equal(at.Add(time.Minute)) || !u.Full.Equal(at.Add(70*time.Second)) {
		t.Errorf("%+v reads %+v", m, u)
	}
	if u := (pgshare.Minute{Limit: 120, Window: time.Minute}).Usage(); !u.Next.IsZero() || !u.Full.IsZero() || u.Left != 120 {
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
	cfg := ratebudget.Config{Requests: 40, Window: time.Minute}
	src, err := pgshare.Open(pgshare.Config{URL: "postgres://nobody@127.0.0.1:1/db", Host: "x", Budget: cfg, Patience: 5 * time.Second, Probe: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	ctx := context.Background()
	if g, err := src.Take(ctx, ratebudget.Ask{}); err != nil || g.Interactive != 0 || len(g.Background) != 0 {
		t.Errorf("an empty ask: %+v, %v", g, err)
	}
	start := time.Now()
	g, _ := src.Take(ctx, ratebudget.Ask{Interactive: []string{"a", "a"}, Background: []string{"b"}})
	if g.Interactive != 1 || len(g.Background) != 0 {
		t.Errorf("the first ask on the fallback: %+v, want one action", g)
	}
	if why, _ := src.State(); why == "" {
		t.Fatal("no fallback")
	}
	g, _ = src.Take(ctx, ratebudget.Ask{Background: []string{"b", "c"}})
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
	src, err := pgshare.Open(pgshare.Config{URL: "postgres://nobody@127.0.0.1:1/db", Host: "x", Patience: 5 * time.Second, Probe: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	if g, _ := src.Take(context.Background(), ratebudget.Ask{Background: []string{"b", "c"}}); len(g.Background) != 1 || g.Background[0] != "b" {
		t.Errorf("background on the fallback: %+v, want b's turn", g)
	}
}

// TestALongFallbackKeepsAWindowOfTurns: a process on its fallback share
// for more turns than a window holds keeps only the latest window's worth
// to note when the database is back, and its meter stays within its share.
func TestALongFallbackKeepsAWindowOfTurns(t *testing.T) {
	cfg := ratebudget.Config{Requests: 2, Window: 300 * time.Millisecond}
	src, err := pgshare.Open(pgshare.Config{URL: "postgres://nobody@127.0.0.1:1/db", Host: "x", Budget: cfg, FallbackShare: 1,
		Patience: 5 * time.Second, Probe: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	// Closed at the end, not deferred: a Take that panics holding the
	// Source's lock must end the test, not hang it in Close.
	for granted := 0; granted <= cfg.Requests; {
		g, _ := src.Take(context.Background(), ratebudget.Ask{Interactive: []string{"p"}})
		granted += g.Interactive
		time.Sleep(time.Until(g.Retry))
	}
	if u := src.Usage(); u.Used > u.Limit || u.Limit != cfg.Requests {
		t.Errorf("the fallback's meter after %d turns: %+v, want no more than its share of %d", cfg.Requests+1, u, cfg.Requests)
	}
	src.Close()
}

// TestSharedGrantFigures: on a fake clock (whole microseconds, as the
// database keeps them, so the offset is nil) the retry and the meter a
// Take gives are exact: a full window says when its oldest turn leaves
// it, a refusal to smooth says about a turn's spacing, a hold its end.
func TestSharedGrantFigures(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 12, Window: time.Minute, Burst: 1} // idle reserve 1, 2 background turns per 5 s
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	var clock atomic.Int64 // read by the Sources' refreshes too
	clock.Store(t0.UnixNano())
	at := func() time.Time { return time.Unix(0, clock.Load()).UTC() }
	set := func(t time.Time) { clock.Store(t.UnixNano()) }
	pc := pgshare.Config{Now: at, Patience: 10 * time.Second, Margin: time.Second}
	srcs, _ := openSources(t, db, "figures.test:443", 2, cfg, pc)
	src, other := srcs[0], srcs[1]
	take(t, src, ratebudget.Ask{})
	if u := src.Usage(); u.Used != 0 || u.Left != cfg.Requests || !u.Next.IsZero() || !u.Full.IsZero() {
		t.Errorf("the meter of an empty window: %+v, want nothing spent and no time", u)
	}
	g := take(t, src, ratebudget.Ask{Background: []string{"a", "b", "c"}})
	if len(g.Background) != 2 {
		t.Fatalf("the first background turns: %+v, want the sub-window's 2", g)
	}
	spacing := cfg.Window / time.Duration(cfg.Requests)
	if d := g.Retry.Sub(at()); d < spacing/2 || d >= spacing*3/2 {
		t.Errorf("refused to smooth, told to come back in %s, want between %s and %s", d, spacing/2, spacing*3/2)
	}
	u := src.Usage()
	if u.Used != 2 || u.Left != 10 || !u.Next.Equal(t0.Add(time.Minute)) || !u.Full.Equal(at().Add(time.Minute)) || !u.Shared {
		t.Errorf("the meter after 2 turns: %+v", u)
	}
	if other.Usage().Left != cfg.Requests {
		t.Errorf("a Source that has not read the window yet: %+v, want it all left", other.Usage())
	} else {
		testwait.Within(t, time.Minute, "another Source's meter reading the shared window", func() {
			for other.Usage().Used != 2 {
				time.Sleep(20 * time.Millisecond)
			}
		})
	}
	// Refused to smooth with the window's oldest turn known: again after
	// about a turn's spacing, not when the oldest leaves.
	set(t0.Add(time.Second))
	g = take(t, src, ratebudget.Ask{Background: []string{"a"}})
	if d := g.Retry.Sub(at()); len(g.Background) != 0 || d < spacing/2 || d >= spacing*3/2 {
		t.Errorf("refused to smooth a second later: %+v, want a retry in %s to %s", g, spacing/2, spacing*3/2)
	}
	set(t0.Add(10 * time.Second))
	if g := take(t, src, ratebudget.Ask{Interactive: []string{"r", "r", "r", "r", "r", "r", "r", "r", "r"}}); g.Interactive != 9 {
		t.Fatalf("actions: %+v, want 9", g)
	}
	// 11 of 12 spent: background work, which leaves the reserve of 1,
	// waits for the oldest turn to leave the window (with the margin).
	g = take(t, src, ratebudget.Ask{Background: []string{"a"}})
	if len(g.Background) != 0 || !g.Retry.Equal(t0.Add(time.Minute+time.Second)) {
		t.Errorf("background in a window full but for the reserve: %+v, want a retry at %s", g, t0.Add(time.Minute+time.Second))
	}
	if g := take(t, src, ratebudget.Ask{Interactive: []string{"r", "r"}}); g.Interactive != 1 {
		t.Fatalf("actions: %+v, want the last one", g)
	}
	// Full: the next action waits for the oldest turn too.
	g = take(t, src, ratebudget.Ask{Interactive: []string{"r"}})
	if g.Interactive != 0 || !g.Retry.Equal(t0.Add(time.Minute+time.Second)) {
		t.Errorf("a full window: %+v, want a retry at %s", g, t0.Add(time.Minute+time.Second))
	}
	if u := src.Usage(); u.Used != 12 || u.Left != 0 {
		t.Errorf("the meter of a full window: %+v", u)
	}
	// A turn counts for the window and its margin, then no more.
	set(t0.Add(time.Minute + 500*time.Millisecond))
	if g := take(t, src, ratebudget.Ask{Interactive: []string{"r"}}); g.Interactive != 0 {
		t.Errorf("within the margin after the window: %+v, want the first turns still counted", g)
	}
	set(t0.Add(time.Minute + 1500*time.Millisecond))
	if g := take(t, src, ratebudget.Ask{Interactive: []string{"r"}}); g.Interactive != 1 {
		t.Errorf("past the window and its margin: %+v, want the first turns gone", g)
	}
	if err := src.HoldNow(context.Background(), 30*time.Second); err != nil {
		t.Fatal(err)
	}
	g = take(t, src, ratebudget.Ask{Interactive: []string{"r"}})
	if g.Interactive != 0 || !g.Retry.Equal(at().Add(30*time.Second)) {
		t.Errorf("held: %+v, want a retry at the hold's end %s", g, at().Add(30*time.Second))
	}
	if u := src.Usage(); u.Left != 0 || !u.Next.Equal(at().Add(30*time.Second)) {
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
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute}
	// A margin as long as the window: what is noted counts for both (the
	// window less the margin would be nothing).
	src, err := pgshare.Open(pgshare.Config{URL: asRole, Host: "noted.test:443", Budget: cfg, Machine: "m", Patience: 10 * time.Second,
		Probe: 50 * time.Millisecond, Margin: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	if g, _ := src.Take(context.Background(), ratebudget.Ask{Interactive: []string{"p"}}); g.Interactive != 1 {
		t.Fatalf("on the fallback: %+v", g)
	}
	used := src.Usage().Used
	if used != 1 {
		t.Fatalf("the fallback counted %d turns, want 1", used)
	}
	take(t, openOne(t, db, "noted.test:443", cfg, nil), ratebudget.Ask{}) // the owner makes the table
	exec(t, db, "GRANT SELECT, INSERT, UPDATE, DELETE ON hrdesk_budget TO "+role)
	testwait.Within(t, time.Minute, "the return to the shared budget", func() {
		for {
			if why, _ := src.State(); why == "" {
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
	if m, err := pgshare.Read(context.Background(), db, "noted.test:443", cfg); err != nil || m.Used != used {
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
		got := pgshare.Redact(c.text, c.url)
		for _, secret := range []string{"p%40ss", "p@ss", "a b+c", "a+b%2Bc", "se cret", "s3cr3t"} {
			if strings.Contains(got, secret) {
				t.Errorf("Redact(%q, %q) = %q: %q shows", c.text, c.url, got, secret)
			}
		}
		if !strings.Contains(got, "xxxxx") {
			t.Errorf("Redact(%q, %q) = %q, want the password's place marked", c.text, c.url, got)
		}
	}
	if got := pgshare.Redact("nothing to hide", ""); got != "nothing to hide" {
		t.Errorf("no URL: %q", got)
	}
	if got := pgshare.RedactURL("postgres://u:pw@db.test/x"); got != "postgres://u:xxxxx@db.test/x" {
		t.Errorf("RedactURL: %q", got)
	}
}

// A database behind a slow link: the URL's connect_timeout (libpq's knob)
// is how long a process waits on it before the fallback share; a Patience
// set by the caller still wins, and without either it is 750 ms.
func TestConnectTimeoutInTheURLIsThePatience(t *testing.T) {
	for _, c := range []struct {
		url  string
		set  time.Duration
		want time.Duration
	}{
		{"postgres://x@127.0.0.1:1/db?connect_timeout=7", 0, 7 * time.Second},
		{"postgres://x@127.0.0.1:1/db?connect_timeout=7", 2 * time.Second, 2 * time.Second},
		{"postgres://x@127.0.0.1:1/db", 0, 750 * time.Millisecond},
	} {
		t.Setenv("PGCONNECT_TIMEOUT", "")
		src, err := pgshare.Open(pgshare.Config{URL: c.url, Host: "x", Patience: c.set})
		if err != nil {
			t.Fatal(err)
		}
		if got := src.Patience(); got != c.want {
			t.Errorf("%s with Patience %v: waits %v, want %v", c.url, c.set, got, c.want)
		}
		src.Close()
	}
}

// status waits on the database as long as a Source would: the URL's
// connect_timeout, else its own default.
func TestStatusWaitsAsTheURLSays(t *testing.T) {
	t.Setenv("PGCONNECT_TIMEOUT", "")
	if got := pgshare.Wait("postgres://x@127.0.0.1:1/db?connect_timeout=9", 2*time.Second); got != 9*time.Second {
		t.Errorf("with connect_timeout=9: %v", got)
	}
	if got := pgshare.Wait("postgres://x@127.0.0.1:1/db", 2*time.Second); got != 2*time.Second {
		t.Errorf("without: %v", got)
	}
}
