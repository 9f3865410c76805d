package cli

import (
	"errors"
	"fmt"
	"time"

	"hrdesk/budgetfile"
	"hrdesk/tokenfile"
)

// The budget meter (issue 11 §7): how much of this minute's request
// budget is spent, and how long the login lasts. The workstation shows it
// on the status bar when either runs low (session.Backend.Meter); `hrdesk
// status` always prints it.

// printMeter is `hrdesk status`'s two lines about the budget and the
// login. status is a process of its own that has sent nothing, so its
// in-memory budget would always say "all left": the figure comes from the
// profile's record of requests, which every hrdesk process of the profile
// adds to (budgetfile), and says whose requests it counts: other profiles
// on the same address draw on the service's budget too.
func (a *app) printMeter(now time.Time) {
	cfg := a.profile().Budget().Config()
	times, err := budgetfile.Read(a.cfg.RequestsFile())
	if limit, at, lerr := budgetfile.ReadLearned(a.cfg.RequestsFile()); lerr == nil && limit > 0 {
		// Issue 26 §5: the service refused more than it allows now.
		if rate := cfg.Learned(limit, at, now); rate < cfg.Requests {
			fmt.Fprintf(a.Out, "learned rate: %d a minute (configured %d): the service refused requests at %s; it rises back while none is refused\n",
				rate, cfg.Requests, at.Local().Format("15:04:05"))
			cfg.Requests = rate
		}
	}
	if err != nil {
		fmt.Fprintf(a.Out, "requests: %d a minute; cannot read this profile's record of them (%v)\n", cfg.Requests, err)
	} else {
		used, newest := 0, time.Time{}
		for _, t := range times {
			if t.After(now.Add(-cfg.Window)) {
				used++
				newest = t
			}
		}
		if used == 0 {
			fmt.Fprintf(a.Out, "requests: %d of %d left this minute (none sent for this profile in the last minute)\n", cfg.Requests, cfg.Requests)
		} else {
			fmt.Fprintf(a.Out, "requests: %d of %d left this minute (%d sent for this profile in the last minute; all back by %s)\n",
				max(cfg.Requests-used, 0), cfg.Requests, used, newest.Add(cfg.Window).Local().Format("15:04:05"))
		}
	}
	a.printSharedBudget()
	tok, err := tokenfile.Load(a.cfg.TokenFile())
	switch {
	case errors.Is(err, tokenfile.ErrNoToken):
		fmt.Fprintln(a.Out, "login: none — run `hrdesk login`")
	case err != nil:
		fmt.Fprintf(a.Out, "login: %v\n", err)
	case tok.Expires.IsZero():
		fmt.Fprintln(a.Out, "login: the service gave no lifetime")
	case !tok.Expires.After(now) && tok.RefreshToken != "":
		fmt.Fprintf(a.Out, "login: ended %s; renewed with the refresh token on the next request\n", tok.Expires.Local().Format("2006-01-02 15:04"))
	case !tok.Expires.After(now):
		fmt.Fprintf(a.Out, "login: ended %s — run `hrdesk login`\n", tok.Expires.Local().Format("2006-01-02 15:04"))
	case tok.RefreshToken != "":
		fmt.Fprintf(a.Out, "login: until %s (%s); then renewed with the refresh token by itself\n",
			tok.Expires.Local().Format("2006-01-02 15:04"), lifetime(tok.Expires.Sub(now)))
	default:
		fmt.Fprintf(a.Out, "login: until %s (%s); then run `hrdesk login`\n", tok.Expires.Local().Format("2006-01-02 15:04"), lifetime(tok.Expires.Sub(now)))
	}
}

// lifetime words what is left of a login: "6d 23h", "5h 12m", "12m".
func lifetime(d time.Duration) string {
	d = d.Truncate(time.Minute)
	days, hours, mins := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour), int(d%time.Hour/time.Minute)
	switch {
	case days > 0:
		return fmt.Sprintf("%dd %dh", days, hours)
	case hours > 0:
		return fmt.Sprintf("%dh %dm", hours, mins)
	case mins > 0:
		return fmt.Sprintf("%dm", mins)
	}
	return "under a minute"
}
