package pgshare

import (
	"strings"
	"testing"
	"time"
)

// Issue 28 §6: the notices reach a Tell as facts, for the command line to
// word in the profile's language (they were English lines only); without
// a Tell, Log has the English as before. The database's password never
// shows in either.
func TestNoticesAreToldAsFacts(t *testing.T) {
	const url = "postgres://hrdesk:s3cr3t-pw@127.0.0.1:1/budget"
	var told []Notice
	var logged []string
	s := &Source{cfg: Config{URL: url, Log: func(l string) { logged = append(logged, l) }},
		redact: func(s string) string { return Redact(s, url) }}
	n := Notice{Kind: NoticeFallback, Share: 15, Why: "connect to " + url + " refused"}
	s.tell(n)
	if len(logged) != 1 || !strings.HasPrefix(logged[0], "hrdesk: the shared request budget is not in use, this process runs on its own share (15 a window) until it is: ") ||
		strings.Contains(logged[0], "s3cr3t") {
		t.Fatalf("without Tell, Log: %q", logged)
	}
	s.cfg.Tell = func(n Notice) { told = append(told, n) }
	s.tell(n)
	if len(logged) != 1 || len(told) != 1 || told[0].Kind != NoticeFallback || told[0].Share != 15 || strings.Contains(told[0].Why, "s3cr3t") {
		t.Fatalf("with Tell: told %+v, logged %q", told, logged)
	}
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.Local)
	hold := Notice{Kind: NoticeHold, Until: now.Add(90 * time.Second), Now: now}
	if got := hold.English(); got != "hrdesk: "+HoldCause(hold.Until, now) {
		t.Errorf("a hold: %q", got)
	}
	drop := Notice{Kind: NoticeImpossible, Holds: 1, Turns: 2, Limits: 3, Floor: 15, Limit: 120, Latest: now.Add(24 * time.Hour)}
	for _, want := range []string{"1 hold(s) past 10m0s ahead", "2 turn(s) dated more than 5s ahead", "3 learned limit(s) not from 15 to 120", "(the furthest "} {
		if !strings.Contains(drop.English(), want) {
			t.Errorf("impossible rows: %q lacks %q", drop.English(), want)
		}
	}
}
