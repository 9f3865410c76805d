package pgshare_test

import (
	"strings"
	"testing"
	"time"

	"hrdesk/internal/testkit/pgtest"
	"hrdesk/ratebudget"
)

// TestEveryDropIsToldWithItsKinds: whatever mix of impossible rows an
// ask drops, it is told, naming what it was, and learned limits only when
// some were dropped.
func TestEveryDropIsToldWithItsKinds(t *testing.T) {
	db := pgtest.Shared(t).Database(t)
	cfg := ratebudget.Config{Requests: 120, Window: time.Minute} // possible limits: 15 to 120
	var said lines
	src := openOne(t, db, "mix.test:443", cfg, &said)
	take(t, src, ratebudget.Ask{}) // makes the table

	exec(t, db,
		`INSERT INTO hrdesk_budget (host, kind, at) VALUES ('mix.test:443', 'hold', '9999-12-31')`,
		`INSERT INTO hrdesk_budget (host, kind, at, profile) VALUES ('mix.test:443', 'turn', now() + interval '1 day', 'x')`)
	take(t, src, ratebudget.Ask{})
	got := said.with("impossible")
	if len(got) != 1 || !strings.Contains(got[0], "1 hold(s)") || !strings.Contains(got[0], "1 turn(s)") || strings.Contains(got[0], "learned limit") {
		t.Fatalf("a hold and a turn dropped: said %q, want one line naming them and no learned limit", said.all)
	}

	exec(t, db,
		`INSERT INTO hrdesk_budget (host, kind, at) VALUES ('mix.test:443', 'hold', '9999-12-31')`,
		`INSERT INTO hrdesk_budget (host, kind, at, profile) VALUES ('mix.test:443', 'limit', now(), '5')`)
	take(t, src, ratebudget.Ask{})
	got = said.with("impossible")
	if len(got) != 2 || !strings.Contains(got[1], "1 hold(s)") || !strings.Contains(got[1], "0 turn(s)") || !strings.Contains(got[1], "1 learned limit(s)") {
		t.Errorf("a hold and a limit dropped: said %q, want a second line naming them", said.all)
	}
}
