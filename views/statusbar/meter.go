package statusbar

import (
	"time"

	"hrdesk/session/feed"
)

// The budget meter (issue 11 §7): the requests left in this minute's
// budget when it runs low, and the login's lifetime when it is under a
// day. Both stay off the line otherwise: a figure always there would be
// read as a worry.

// LowBudget says when the requests left are worth a word: a fifth of the
// minute's budget (24 of the contract's 120), below which a sync's pages
// and the recruiter's actions start to wait their turn.
func LowBudget(left, limit int) bool { return limit > 0 && left*5 <= limit }

// LoginSoon is how close to its end the login's lifetime is shown.
const LoginSoon = 24 * time.Hour

// Reading is a reading of the session's meter (ui's Backend.Meter) for
// Update, asked during the bar's offline spell Away (0: online then): one
// showing the service answered since may end that spell (outage.go).
type Reading struct {
	Meter feed.Meter
	Away  uint64
}

// meter is what the meter was last told.
type meter struct {
	left, limit int
	loginEnds   time.Time // zero: no login known
	renews      bool
	sharedAway  bool // the shared budget does not answer (issue 21)
	// pollEvery is how often the live inbox checks when that is less
	// often than poll_interval asks, because pollSharing recruiters share
	// the service's limit (issue 21 §2); zero otherwise.
	pollEvery   time.Duration
	pollSharing int
	// clockSaid: the line has said that this machine's clock is off the
	// service's, which it says once.
	clockSaid bool
}

// metered takes a reading of the session's meter in (Update): the
// requests this minute's budget has left of its limit a minute (limit 0:
// not known); whether the budget shared through PostgreSQL is out of
// reach, so the process runs on a quarter of the minute (said whatever is
// left, since everything is slower); polls stretched past poll_interval
// because recruiters share the service's limit (said with why; polls as
// asked are not said); when the login ends (zero: none known) and whether
// a refresh token renews it then.
func (m *Model) metered(r feed.Meter) {
	m.meter.left, m.meter.limit = r.Left, r.Limit
	m.meter.sharedAway = r.SharedAway
	m.meter.pollEvery, m.meter.pollSharing = 0, 0
	if r.Polls.Stretched() {
		m.meter.pollEvery, m.meter.pollSharing = r.Polls.Every, r.Polls.Sharing
	}
	m.meter.loginEnds, m.meter.renews = r.LoginEnds, r.Renews
	if r.ClockAhead != 0 && !m.meter.clockSaid {
		// Once, as the answer of no key: the difference explains odd
		// times, and is no trouble to act on (issue 26 §7).
		m.meter.clockSaid = true
		m.Say(m.c.Text.ClockSkew(r.ClockAhead))
	}
}

// pollWords is why new responses come in less often than configured; ""
// when they do not.
func (m *Model) pollWords() string {
	if m.meter.pollEvery <= 0 {
		return ""
	}
	return m.c.Text.PollsStretched(m.meter.pollEvery, m.meter.pollSharing)
}

// meterWords are the meter's segments, each "" when it has nothing to say;
// the lifetime is measured on the session's clock as the line is drawn.
func (m *Model) meterWords() (budget, login string) {
	t := m.c.Text
	if LowBudget(m.meter.left, m.meter.limit) {
		budget = t.RequestsLeft(m.meter.left)
	}
	if m.meter.sharedAway {
		budget = t.Meter.SharedAway
	}
	if !m.meter.loginEnds.IsZero() {
		if left := m.meter.loginEnds.Sub(m.c.Now()); left < LoginSoon {
			login = t.LoginLeft(left, m.meter.renews)
		}
	}
	return budget, login
}
