package ui

import (
	"context"
	"hrdesk/internal/testkit/panetest"
	"testing"
	"time"

	"hrdesk/i18n"
	"hrdesk/internal/testkit/testwait"
	"hrdesk/theme"
)

// lateReporter keeps the progress function a sync was given, as a shared
// session does for a terminal that joined another's sync: the session may
// still be calling it when the sync has already returned to the terminal.
type lateReporter struct {
	fakeBackend
	report func(SyncProgress)
}

func (l *lateReporter) Sync(_ context.Context, progress func(SyncProgress)) (bool, error) {
	l.report = progress
	return false, nil
}

// A progress report arriving after its sync ended is dropped: it used to
// be sent on the channel the sync's end had closed (a panic, and a race
// `hrdesk serve` hit with two terminals of one profile).
func TestProgressAfterTheSyncIsDropped(t *testing.T) {
	st := fixture(t, 5)
	opts := []theme.Option{theme.WithNoColor(true)}
	c := panetest.Colour(i18n.EN, panetest.Clock(func() time.Time { return testNow }), panetest.Theme(opts...))
	b := &lateReporter{}
	m := New(st, b, Options{Common: c, ThemeOptions: opts, MeterEvery: -1, DetailDelay: -1})
	run(t, m, m.Init())
	send(t, m, keyPress(t, "r"))
	if b.report == nil {
		t.Fatal("r started no sync")
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		b.report(SyncProgress{Done: 1, Total: 2})
	}()
	select {
	case <-done:
	case <-time.After(testwait.Patience):
		t.Fatal("a late report blocks")
	}
}
