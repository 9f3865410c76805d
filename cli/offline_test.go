package cli

import (
	"context"
	"net/url"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"hrdesk/internal/testkit/testwait"
	"hrdesk/internal/testkit/vtscreen"
	"hrdesk/session"
	"hrdesk/ui"
)

// Issue 19 §2.9 on the screen: a workstation left alone says offline soon
// after the service goes away (the bound is 15 s; the check here runs
// every 100 ms, so 5 s is ample), though its poller would not ask for an
// hour; and online again when the service is back.
func TestIdleWorkstationSaysOffline(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login()
	if code, _, errs := e.run("", "sync"); code != 0 {
		t.Fatal(errs)
	}
	a, _, w := profileWorkspace(t, e)
	w.Close() // profileWorkspace's has no poller
	st, err := a.openStore()
	if err != nil {
		t.Fatal(err)
	}
	a.cfg.PollInterval = 3_600_000_000_000
	w = session.Open(*a.profile(), st, session.Options{ReachEvery: 100 * time.Millisecond})
	t.Cleanup(func() { w.Close() })
	c, opts, err := a.uiCommon()
	if err != nil {
		t.Fatal(err)
	}
	m := ui.New(w.Scoped(), w.Backend(nil), ui.Options{Common: c, ThemeOptions: opts, MeterEvery: -1, DetailDelay: -1})
	scr := vtscreen.New(120, 40)
	ctx, quit := context.WithCancel(context.Background())
	p := tea.NewProgram(m, tea.WithContext(ctx), tea.WithInput(nil), tea.WithOutput(scr),
		tea.WithWindowSize(120, 40), tea.WithColorProfile(colorprofile.Ascii))
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	defer func() {
		quit()
		select {
		case <-done:
		case <-time.After(testwait.Patience):
			t.Error("the workstation did not quit")
		}
	}()
	waitScreen(t, scr, `Inbox · \d+ resumes`)
	u, err := url.Parse(a.cfg.BaseURL)
	if err != nil {
		t.Fatal(err)
	}
	e.srv.Close() // nothing listens at the address any more; no key is pressed
	waitScreen(t, scr, `(?m)^offline`)
	if _, err := e.srv.Start(u.Host); err != nil {
		t.Fatal(err)
	}
	waitScreen(t, scr, `(?m)^online`)
}
