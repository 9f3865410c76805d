package statusbar

import "time"

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
}

// SetBudget tells the meter how many requests this minute's budget has
// left of limit a minute (limit 0: not known).
func (m *Model) SetBudget(left, limit int) { m.meter.left, m.meter.limit = left, limit }

// SetSharedAway tells the meter whether the request budget shared
// through PostgreSQL is out of reach, so the process runs on a quarter of
// the minute: said whatever is left, since everything is slower.
func (m *Model) SetSharedAway(away bool) { m.meter.sharedAway = away }

// SetStretchedPolls tells the bar the live inbox checks for new responses
// only every every, not as often as poll_interval asks, because sharing
// recruiters share the service's limit; every 0: it checks as asked, and
// the bar says nothing of it.
func (m *Model) SetStretchedPolls(every time.Duration, sharing int) {
	m.meter.pollEvery, m.meter.pollSharing = every, sharing
}

// pollWords is why new responses come in less often than configured; ""
// when they do not.
func (m *Model) pollWords() string {
	if m.meter.pollEvery <= 0 {
		return ""
	}
	return m.c.Text.PollsStretched(m.meter.pollEvery, m.meter.pollSharing)
}

// SetLogin tells the meter when the login ends (zero: no login known) and
// whether a refresh token renews it then.
func (m *Model) SetLogin(ends time.Time, renews bool) {
	m.meter.loginEnds, m.meter.renews = ends, renews
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
