package statusbar

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/panetest"
	"hrdesk/problem"
	"hrdesk/session/feed"
)

// Issue 29 §4: the bar listens to the session's messages instead of
// being told through setters. A sync's progress shows while a sync runs,
// with why it waits while it does; a poll that reached the service makes
// the inbox as fresh as a sync's, one that did not leaves "synced" as it
// was.
func TestBarHearsSyncProgressAndPolls(t *testing.T) {
	m := newBar(i18n.EN)
	m.SetSize(200, 2)
	line := func() string { return ansi.Strip(m.View()) }
	m.Update(feed.SyncProgress{Done: 3, Total: 10})
	if strings.Contains(line(), "3/10") {
		t.Fatalf("progress with no sync under way is on the line:\n%s", line())
	}
	m.Update(SyncStarted{})
	m.Update(feed.SyncProgress{Done: 3, Total: 10, WaitingFor: problem.RateLimited, Waiting: 40 * time.Second})
	if out := line(); !strings.Contains(out, "syncing… 3/10") || !strings.Contains(out, "waiting for the rate limit") {
		t.Fatalf("a sync waiting for the rate limit:\n%s", out)
	}
	m.Update(feed.SyncProgress{Done: 4, Total: 10})
	if out := line(); !strings.Contains(out, "syncing… 4/10") || strings.Contains(out, "waiting") {
		t.Fatalf("the sync goes on:\n%s", out)
	}
	m.Update(SyncDone{})

	m.Update(feed.PolledMsg{Seq: 1, At: panetest.Noon(), Err: errors.New("dial tcp: connection refused")})
	if out := line(); !strings.Contains(out, "synced 11:00") {
		t.Fatalf("a poll without answer freshened the inbox:\n%s", out)
	}
	m.Update(feed.PolledMsg{Seq: 2, At: panetest.Noon()})
	if out := line(); !strings.Contains(out, "synced 12:00") {
		t.Errorf("a poll the service answered, and the line:\n%s", out)
	}
}
