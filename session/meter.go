package session

import (
	"hrdesk/session/feed"
	"hrdesk/tokenfile"
)

// Meter is the status bar's reading (issue 11 §7): the budget this process
// shares with every profile and terminal talking to the service (a `hrdesk
// serve` shows every recruiter the same figure), and the profile's token
// file, and how far this machine's clock is off the service's. It reads a
// small file and takes a lock for a moment: cheap enough for the status
// bar's tick.
func (b *Backend) Meter() feed.Meter {
	s := b.s
	u := s.p.Budget().Usage()
	m := feed.Meter{Left: u.Left, Limit: u.Limit, SharedAway: u.Fallback != "", Polls: s.feed.Cadence(), ClockAhead: s.clockAhead(), Outage: s.outageNow()}
	if tok, err := tokenfile.Load(s.p.Config.TokenFile()); err == nil {
		m.LoginEnds, m.Renews = tok.Expires, tok.RefreshToken != ""
	}
	return m
}
