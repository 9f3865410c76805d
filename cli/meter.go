package cli

import (
	"errors"
	"fmt"
	"time"

	"hrdesk/i18n"
	"hrdesk/session"
)

// The budget meter (issue 11 §7): how much of this minute's request
// budget is spent, and how long the login lasts. The workstation shows it
// on the status bar when either runs low (session.Backend.Meter); `hrdesk
// status` always prints it.

// printMeter is `hrdesk status`'s two lines about the budget and the
// login. status is a process of its own that has sent nothing, so its
// in-memory budget would always say "all left": the figure comes from the
// profile's record of requests, which every hrdesk process of the profile
// adds to (session.Profile.Requests), and says whose requests it counts: other profiles
// on the same address draw on the service's budget too.
func (a *app) printMeter(now time.Time) {
	t := a.text().CLI
	p := a.profile()
	cfg := p.Budget().Config()
	times, err := p.Requests()
	if limit, at, lerr := p.LearnedLimit(); lerr == nil && limit > 0 {
		// Issue 26 §5: the service refused more than it allows now.
		if rate := cfg.Learned(limit, at, now); rate < cfg.Requests {
			fmt.Fprintf(a.Out, t.Learned+"\n",
				rate, cfg.Requests, at.Local().Format("15:04:05"))
			cfg.Requests = rate
		}
	}
	if err != nil {
		fmt.Fprintf(a.Out, t.RequestsUnreadable+"\n", cfg.Requests, err)
	} else {
		used, newest := 0, time.Time{}
		for _, at := range times {
			if at.After(now.Add(-cfg.Window)) {
				used++
				newest = at
			}
		}
		if used == 0 {
			fmt.Fprintf(a.Out, t.RequestsNone+"\n", cfg.Requests, cfg.Requests)
		} else {
			fmt.Fprintf(a.Out, t.RequestsSome+"\n",
				max(cfg.Requests-used, 0), cfg.Requests, used, newest.Add(cfg.Window).Local().Format("15:04:05"))
		}
	}
	a.printSharedBudget()
	tok, err := p.StoredLogin()
	switch {
	case errors.Is(err, session.ErrNoToken):
		fmt.Fprintln(a.Out, t.LoginNone)
	case err != nil:
		fmt.Fprintf(a.Out, t.LoginError+"\n", err)
	case tok.Expires.IsZero():
		fmt.Fprintln(a.Out, t.LoginNoLifetime)
	case !tok.Expires.After(now) && tok.RefreshToken != "":
		fmt.Fprintf(a.Out, t.LoginEndedRenew+"\n", tok.Expires.Local().Format("2006-01-02 15:04"))
	case !tok.Expires.After(now):
		fmt.Fprintf(a.Out, t.LoginEnded+"\n", tok.Expires.Local().Format("2006-01-02 15:04"))
	case tok.RefreshToken != "":
		fmt.Fprintf(a.Out, t.LoginUntilRenew+"\n", tok.Expires.Local().Format("2006-01-02 15:04"), lifetime(t, tok.Expires.Sub(now)))
	default:
		fmt.Fprintf(a.Out, t.LoginUntil+"\n", tok.Expires.Local().Format("2006-01-02 15:04"), lifetime(t, tok.Expires.Sub(now)))
	}
}

// lifetime words what is left of a login: "6d 23h", "5h 12m", "12m".
func lifetime(t i18n.CLIText, d time.Duration) string {
	d = d.Truncate(time.Minute)
	days, hours, mins := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour), int(d%time.Hour/time.Minute)
	switch {
	case days > 0:
		return fmt.Sprintf(t.LifeDays, days, hours)
	case hours > 0:
		return fmt.Sprintf(t.LifeHours, hours, mins)
	case mins > 0:
		return fmt.Sprintf(t.LifeMinutes, mins)
	}
	return t.LifeUnderMinute
}
